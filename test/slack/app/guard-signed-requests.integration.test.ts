/**
 * The guard in front of Bolt's request listener, over real HTTP: a signed request that passes the
 * screening reaches the listener with its body buffered; an unsigned, stale or replayed one is
 * answered here and never reaches it; anything else (other paths, other methods) goes straight on.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BufferedIncomingMessage } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { type GuardOptions, guardSignedRequests } from '../../../src/slack/app/guard-signed-requests.js';

const SECRET = 'guard-signing-secret';
const NOW_MS = 1_750_000_000_000;
const NOW_S = NOW_MS / 1000;
const FORM = 'application/x-www-form-urlencoded';
const COMMAND = new URLSearchParams({ command: '/research', text: 'help', team_id: 'T1' }).toString();

interface Harness {
  url: string;
  /** Bodies of the requests the wrapped listener (Bolt's, in the app) received. */
  received: string[];
  logs: () => Array<Record<string, unknown>>;
}

let server: Server | undefined;

afterEach(async () => {
  const open = server;
  server = undefined;
  if (open) await new Promise<void>((resolve, reject) => open.close((error) => (error ? reject(error) : resolve())));
});

function buildClaims(fail = false): GuardOptions['claims'] {
  const seen = new Set<string>();
  return {
    async claim(digest) {
      if (fail) throw new Error('store unavailable');
      if (seen.has(digest)) return false;
      seen.add(digest);
      return true;
    },
  };
}

async function startGuard(
  p: {
    claims?: GuardOptions['claims'];
    clock?: () => number;
    listener?: (req: IncomingMessage, res: Parameters<RequestListener>[1]) => void;
  } = {},
): Promise<Harness> {
  const logger = createMemoryLogger(createRedactor([SECRET]));
  const received: string[] = [];
  const listener: RequestListener =
    p.listener ??
    ((req, res) => {
      const buffered = req as Partial<BufferedIncomingMessage>;
      received.push(buffered.rawBody ? buffered.rawBody.toString() : `unbuffered ${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('bolt');
    });
  const guarded = guardSignedRequests(listener, {
    signingSecret: SECRET,
    claims: p.claims ?? buildClaims(),
    clock: p.clock ?? (() => NOW_MS),
    endpoints: ['/slack/events'],
    logger,
  });
  const started = createServer(guarded);
  server = started;
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
  const { port } = started.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, logs: () => logger.lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

function signed(body: string, timestamp = NOW_S): Record<string, string> {
  return {
    'content-type': FORM,
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': signSlackRequest(SECRET, timestamp, body),
  };
}

async function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text() };
}

describe('guardSignedRequests', () => {
  it('hands a well-signed slash command to the listener with its body buffered', async () => {
    const guard = await startGuard();
    expect(await post(`${guard.url}/slack/events`, COMMAND, signed(COMMAND))).toEqual({ status: 200, text: 'bolt' });
    expect(guard.received).toEqual([COMMAND]);
    expect(guard.logs()).toEqual([]);
  });

  it('answers an unsigned or wrongly signed request 401 itself, logs why, and never reaches the listener', async () => {
    const guard = await startGuard();
    expect(await post(`${guard.url}/slack/events?retry=1`, COMMAND, { 'content-type': FORM })).toEqual({ status: 401, text: '' });
    const forged = { ...signed(COMMAND), 'x-slack-signature': signSlackRequest('not-the-secret', NOW_S, COMMAND) };
    expect(await post(`${guard.url}/slack/events`, COMMAND, forged)).toEqual({ status: 401, text: '' });
    expect(guard.received).toEqual([]);
    expect(guard.logs()).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'Slack request is not signed', status: 401 }),
      expect.objectContaining({ level: 'warn', msg: 'Slack request signature not verified', status: 401, error: expect.any(Object) }),
    ]);
  });

  it('refuses a request signed more than five minutes ago, or more than a minute ahead, with 401', async () => {
    const guard = await startGuard();
    const stale = NOW_S - 5 * 60 - 1;
    const ahead = NOW_S + 5 * 60 + 1;
    expect((await post(`${guard.url}/slack/events`, COMMAND, signed(COMMAND, stale))).status).toBe(401);
    expect((await post(`${guard.url}/slack/events`, COMMAND, signed(COMMAND, ahead))).status).toBe(401);
    expect(guard.received).toEqual([]);
    expect(guard.logs()).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'Slack request signature not verified', status: 401 }),
      expect.objectContaining({ level: 'warn', msg: 'Slack request timestamp is in the future', status: 401, aheadSeconds: 301 }),
    ]);
  });

  it("answers Slack's SSL check with an empty 200 itself: nothing it carries reaches the listener", async () => {
    const guard = await startGuard();
    const smuggled = `ssl_check=1&command=%2Fresearch&text=help`;
    expect(await post(`${guard.url}/slack/events`, smuggled, { 'content-type': FORM })).toEqual({ status: 200, text: '' });
    expect(guard.received).toEqual([]);
    expect(guard.logs()).toEqual([]);
  });

  it('screens a POST to the endpoint whatever the spelling of its query', async () => {
    const guard = await startGuard();
    expect((await post(`${guard.url}/slack/events?x=1#y`, COMMAND, { 'content-type': FORM })).status).toBe(401);
    expect(guard.received).toEqual([]);
  });

  it('answers 400 for a signed body that is not a JSON object', async () => {
    const guard = await startGuard();
    const headers = { ...signed('null'), 'content-type': 'application/json' };
    expect(await post(`${guard.url}/slack/events`, 'null', headers)).toEqual({ status: 400, text: '' });
    expect(guard.received).toEqual([]);
    expect(guard.logs()).toEqual([expect.objectContaining({ level: 'warn', status: 400, found: 'null' })]);
  });

  it('acknowledges a replayed slash command with an empty 200 and runs it only once', async () => {
    const guard = await startGuard();
    expect(await post(`${guard.url}/slack/events`, COMMAND, signed(COMMAND))).toEqual({ status: 200, text: 'bolt' });
    expect(await post(`${guard.url}/slack/events`, COMMAND, signed(COMMAND))).toEqual({ status: 200, text: '' });
    expect(guard.received).toEqual([COMMAND]);
    expect(guard.logs()).toEqual([
      expect.objectContaining({ level: 'info', msg: 'replayed Slack request ignored', kind: 'slash command' }),
    ]);
  });

  it('processes a signed request when the replay store is down, and says so', async () => {
    const guard = await startGuard({ claims: buildClaims(true) });
    expect(await post(`${guard.url}/slack/events`, COMMAND, signed(COMMAND))).toEqual({ status: 200, text: 'bolt' });
    expect(guard.received).toEqual([COMMAND]);
    expect(guard.logs()).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'signed request dedupe unavailable; processing the request',
        kind: 'slash command',
        error: expect.objectContaining({ message: 'store unavailable' }),
      }),
    ]);
  });

  it('leaves other paths and other methods to the listener unscreened', async () => {
    const guard = await startGuard();
    expect(await post(`${guard.url}/slack/install`, 'x=1', { 'content-type': FORM })).toEqual({ status: 200, text: 'bolt' });
    const get = await fetch(`${guard.url}/slack/events`);
    expect({ status: get.status, text: await get.text() }).toEqual({ status: 200, text: 'bolt' });
    expect(guard.received).toEqual(['unbuffered POST /slack/install', 'unbuffered GET /slack/events']);
    expect(guard.logs()).toEqual([]);
  });

  it('answers 500 and logs when screening itself fails', async () => {
    const failingClock = await startGuard({
      clock: () => {
        throw new Error('clock broke');
      },
    });
    expect(await post(`${failingClock.url}/slack/events`, COMMAND, signed(COMMAND))).toEqual({ status: 500, text: '' });
    expect(failingClock.received).toEqual([]);
    expect(failingClock.logs()).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'screening a Slack request failed',
        error: expect.objectContaining({ message: 'clock broke' }),
      }),
    ]);
  });

  it('keeps the answer a listener already sent when it throws afterwards', async () => {
    let thrown = 0;
    const guard = await startGuard({
      listener: (_req, res) => {
        res.writeHead(202);
        res.end('accepted');
        thrown += 1;
        throw new Error('listener broke after answering');
      },
    });
    expect(await post(`${guard.url}/slack/events`, COMMAND, signed(COMMAND))).toEqual({ status: 202, text: 'accepted' });
    expect(thrown).toBe(1);
    expect(guard.logs()).toEqual([expect.objectContaining({ level: 'error', msg: 'screening a Slack request failed' })]);
  });

  it('answers 500 when the listener throws before answering', async () => {
    const guard = await startGuard({
      listener: () => {
        throw new Error('listener broke');
      },
    });
    expect(await post(`${guard.url}/slack/events`, COMMAND, signed(COMMAND))).toEqual({ status: 500, text: '' });
  });
});
