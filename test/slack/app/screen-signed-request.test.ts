import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../../src/emulators/slack/index.js';
import { MAX_FUTURE_SKEW_MS, type Screening, screenSignedRequest } from '../../../src/slack/app/screen-signed-request.js';
import { slackSignatureCheck } from '../../../src/slack/kit/slack-signature.js';

const SECRET = 'unit-signing-secret';
const NOW_MS = 1_750_000_000_000;
const NOW_S = NOW_MS / 1000;
const FORM = 'application/x-www-form-urlencoded';
const COMMAND = new URLSearchParams({ command: '/research', text: 'help', team_id: 'T1' }).toString();

function buildRequest(p: {
  body: string;
  contentType?: string;
  timestamp?: number;
  signature?: string | null;
  timestampHeader?: string | null;
  stream?: Readable;
}): IncomingMessage {
  const timestamp = p.timestamp ?? NOW_S;
  const headers: Record<string, string> = { 'content-type': p.contentType ?? FORM };
  if (p.signature !== null) headers['x-slack-signature'] = p.signature ?? signSlackRequest(SECRET, timestamp, p.body);
  if (p.timestampHeader !== null) headers['x-slack-request-timestamp'] = p.timestampHeader ?? String(timestamp);
  return Object.assign(p.stream ?? Readable.from([Buffer.from(p.body)]), { headers }) as unknown as IncomingMessage;
}

function buildClaims(fail = false) {
  const seen = new Set<string>();
  return {
    seen,
    async claim(digest: string): Promise<boolean> {
      if (fail) throw new Error('store unavailable');
      if (seen.has(digest)) return false;
      seen.add(digest);
      return true;
    },
  };
}

const screen = (req: IncomingMessage, claims = buildClaims(), bodyLimit?: number): Promise<Screening> =>
  screenSignedRequest(req, { signature: slackSignatureCheck(SECRET), claims, clock: () => NOW_MS, bodyLimit });

describe('screenSignedRequest', () => {
  it('accepts a timestamp up to the skew ahead, and refuses one a second beyond it with 401', async () => {
    const limitS = MAX_FUTURE_SKEW_MS / 1000;
    expect(await screen(buildRequest({ body: COMMAND, timestamp: NOW_S + limitS }))).toEqual({ verdict: 'pass' });
    expect(await screen(buildRequest({ body: COMMAND, timestamp: NOW_S + limitS + 1 }))).toMatchObject({
      verdict: 'refuse',
      status: 401,
      reason: 'Slack request timestamp is in the future',
      fields: { aheadSeconds: limitS + 1 },
    });
  });

  it('refuses a stale, a wrongly signed and an unsigned request with 401', async () => {
    const refused = { verdict: 'refuse', status: 401 };
    expect(await screen(buildRequest({ body: COMMAND, timestamp: NOW_S - 5 * 60 - 1 }))).toMatchObject(refused);
    expect(await screen(buildRequest({ body: COMMAND, signature: signSlackRequest('other', NOW_S, COMMAND) }))).toMatchObject(refused);
    expect(await screen(buildRequest({ body: COMMAND, signature: null, timestampHeader: null }))).toMatchObject({
      ...refused,
      reason: 'Slack request is not signed',
    });
  });

  it("answers Slack's unsigned SSL check itself, whatever else its body carries", async () => {
    expect(await screen(buildRequest({ body: 'ssl_check=1&token=x', signature: null }))).toEqual({ verdict: 'ssl_check' });
    const smuggled = `ssl_check=1&payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions' }))}`;
    expect(await screen(buildRequest({ body: smuggled, signature: null }))).toEqual({ verdict: 'ssl_check' });
  });

  it.each([
    ['application/json', 'null', 'null'],
    ['application/json', '[]', 'array'],
    ['application/json', '7', 'number'],
    [FORM, 'payload=true', 'boolean'],
  ])('refuses a signed %s body %s with 400, naming what it found', async (contentType, body, found) => {
    expect(await screen(buildRequest({ body, contentType }))).toEqual({
      verdict: 'refuse',
      status: 400,
      reason: 'signed Slack request body is not a JSON object',
      fields: { found },
    });
  });

  it('refuses a signed body that is not JSON with 400', async () => {
    expect(await screen(buildRequest({ body: '{', contentType: 'application/json' }))).toMatchObject({ verdict: 'refuse', status: 400 });
  });

  it('claims a slash command or interaction once: the same signed bytes again are a replay', async () => {
    const claims = buildClaims();
    expect(await screen(buildRequest({ body: COMMAND }), claims)).toEqual({ verdict: 'pass' });
    expect(await screen(buildRequest({ body: COMMAND }), claims)).toEqual({ verdict: 'replay', kind: 'slash command' });
    // Signed a second later, the same command is a new request (a user running it again).
    expect(await screen(buildRequest({ body: COMMAND, timestamp: NOW_S + 1 }), claims)).toEqual({ verdict: 'pass' });
    const click = `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions' }))}`;
    expect(await screen(buildRequest({ body: click }), claims)).toEqual({ verdict: 'pass' });
    expect(await screen(buildRequest({ body: click }), claims)).toEqual({ verdict: 'replay', kind: 'interaction' });
  });

  it('leaves events to the event-id dedupe, and lets a request through unscreened when the store fails', async () => {
    const claims = buildClaims();
    const event = JSON.stringify({ type: 'event_callback', event_id: 'Ev1' });
    expect(await screen(buildRequest({ body: event, contentType: 'application/json' }), claims)).toEqual({ verdict: 'pass' });
    expect(claims.seen.size).toBe(0);
    expect(await screen(buildRequest({ body: COMMAND }), buildClaims(true))).toMatchObject({
      verdict: 'unscreened',
      kind: 'slash command',
    });
  });

  it('accepts a request signed exactly five minutes ago, and refuses one five minutes and a second old', async () => {
    expect(await screen(buildRequest({ body: COMMAND, timestamp: NOW_S - 5 * 60 }))).toEqual({ verdict: 'pass' });
    expect(await screen(buildRequest({ body: COMMAND, timestamp: NOW_S - 5 * 60 - 1 }))).toMatchObject({
      verdict: 'refuse',
      status: 401,
      reason: 'Slack request signature not verified',
    });
  });

  it('refuses a request that has a signature but no timestamp, or a timestamp but no signature, as unsigned', async () => {
    const unsigned = { verdict: 'refuse', status: 401, reason: 'Slack request is not signed' };
    expect(await screen(buildRequest({ body: COMMAND, timestampHeader: null }))).toEqual(unsigned);
    expect(await screen(buildRequest({ body: COMMAND, signature: null }))).toEqual(unsigned);
  });

  it('refuses a wrongly signed request with 401, keeping the verifier error for the log', async () => {
    const screening = await screen(buildRequest({ body: COMMAND, signature: signSlackRequest('other', NOW_S, COMMAND) }));
    expect(screening).toMatchObject({ verdict: 'refuse', status: 401, reason: 'Slack request signature not verified' });
    expect(screening.verdict === 'refuse' && screening.fields?.error).toBeInstanceOf(Error);
  });

  it('names a signed body that does not parse as JSON', async () => {
    expect(await screen(buildRequest({ body: '{', contentType: 'application/json' }))).toEqual({
      verdict: 'refuse',
      status: 400,
      reason: 'signed Slack request body is not valid JSON',
    });
  });

  it("refuses a body over Bolt's 4 MB default limit, or over a configured one, with 413", async () => {
    const tooLarge = { verdict: 'refuse', status: 413, reason: 'Slack request body exceeds the size limit' };
    const huge = `${COMMAND}&pad=${'x'.repeat(4 * 1024 * 1024)}`;
    expect(await screen(buildRequest({ body: huge }))).toEqual(tooLarge);
    expect(await screen(buildRequest({ body: COMMAND }), buildClaims(), 16)).toEqual(tooLarge);
    expect(await screen(buildRequest({ body: COMMAND }), buildClaims(), COMMAND.length)).toEqual({ verdict: 'pass' });
  });

  it('refuses with 400 a body that cannot be read: a failing stream, or one already decoded to text', async () => {
    const broken = new Error('connection reset');
    const failing = new Readable({
      read() {
        this.destroy(broken);
      },
    });
    expect(await screen(buildRequest({ body: COMMAND, stream: failing }))).toEqual({
      verdict: 'refuse',
      status: 400,
      reason: 'Slack request body could not be read',
      fields: { error: broken },
    });
    const decoded = Readable.from([Buffer.from(COMMAND)]);
    decoded.setEncoding('utf8');
    expect(await screen(buildRequest({ body: COMMAND, stream: decoded }))).toMatchObject({
      verdict: 'refuse',
      status: 400,
      reason: 'Slack request body could not be read',
      fields: { error: expect.objectContaining({ type: 'stream.encoding.set' }) },
    });
  });
});
