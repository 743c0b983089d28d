/**
 * Signed requests at their edges, over real HTTP against the app on Redis: a captured slash
 * command replayed (to the same replica and to another one) inside Slack's five-minute window, a
 * timestamp in the future, and signed bodies that are not JSON objects.
 * @see https://docs.slack.dev/authentication/verifying-requests-from-slack
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest, type SignedHttpRequest } from '../../src/emulators/slack/index.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { button, clickEphemeral, command } from './command-helpers.js';
import { startReplica, type Replica } from './features-helpers.js';
import { E2E_SECRETS, startHarness, type Harness } from './harness.js';

/** Bounds a request that, before the fix, never got an answer; a pass never comes near it. */
const ANSWER_BOUND_MS = 10_000;

function post(url: string, request: SignedHttpRequest): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': request.contentType,
      'x-slack-request-timestamp': String(request.timestamp),
      'x-slack-signature': request.signature,
    },
    body: request.body,
    signal: AbortSignal.timeout(ANSWER_BOUND_MS),
  });
}

function signed(contentType: string, body: string, timestamp = Math.floor(Date.now() / 1000)): SignedHttpRequest {
  return { contentType, body, timestamp, signature: signSlackRequest(E2E_SECRETS.signingSecret, timestamp, body) };
}

describe('signed Slack requests at their edges', () => {
  let h: Harness;
  let replica: Replica;
  let appUrl: string;
  let replicaUrl: string;
  beforeAll(async () => {
    h = await startHarness({ store: 'redis' });
    replica = await startReplica(h, 'replica-b');
    appUrl = `http://127.0.0.1:${h.desk.port}/slack/events`;
    replicaUrl = `http://127.0.0.1:${replica.desk.port}/slack/events`;
  });
  afterAll(async () => {
    await replica?.stop();
    await h?.close();
  });

  /** A `/research help` slash command's form body, as Slack posts it. */
  const helpCommandForm = (triggerId: string, responsePath: string): string =>
    new URLSearchParams({
      command: '/research',
      text: 'help',
      user_id: h.slack.defaultUserId,
      channel_id: h.slack.defaultChannelId,
      team_id: h.slack.teamId,
      trigger_id: triggerId,
      response_url: `${h.slack.url}/response/${responsePath}`,
    }).toString();
  const logCount = (text: string): number => h.logs.filter((l) => l.includes(text)).length;
  const helpAnswers = (from: number) =>
    h
      .ephemerals()
      .slice(from)
      .filter((e) => /research/i.test(e.text));

  it('runs a captured slash command once, however often and to whichever replica it is replayed', async () => {
    const before = h.ephemerals().length;
    await h.slack.sendCommand({ command: '/research', text: 'help' });
    await h.slack.waitFor(() => helpAnswers(before).length >= 1, ANSWER_BOUND_MS);
    const captured = h.slack.deliveries.filter((d) => d.kind === 'slash_command').at(-1)?.signedRequest;
    if (!captured) throw new Error('the emulator recorded no signed slash command');

    const refusedBefore = logCount('replayed Slack request ignored');
    for (const url of [appUrl, replicaUrl]) {
      const res = await post(url, captured);
      expect(res.status).toBe(200);
    }
    // Positive signal either way: both replays were turned away, or one of them answered again.
    await h.slack.waitFor(
      () => logCount('replayed Slack request ignored') >= refusedBefore + 2 || helpAnswers(before).length > 1,
      ANSWER_BOUND_MS,
    );
    expect(helpAnswers(before)).toHaveLength(1);
  });

  it('runs a captured button click once when it is replayed to another replica', async () => {
    const card = await command(h, '/research NVDA');
    const summaryCalls = () => h.service.requestLog.filter((r) => r.path.includes('summary')).length;
    const before = summaryCalls();
    await clickEphemeral(h, card, button(card, ACTION_IDS.searchSummary));
    await h.slack.waitFor(() => summaryCalls() > before, ANSWER_BOUND_MS);
    const captured = h.slack.deliveries.filter((d) => d.kind === 'block_actions').at(-1)?.signedRequest;
    if (!captured) throw new Error('the emulator recorded no signed click');

    const refusedBefore = logCount('replayed Slack request ignored');
    expect((await post(replicaUrl, captured)).status).toBe(200);
    await h.slack.waitFor(() => logCount('replayed Slack request ignored') > refusedBefore || summaryCalls() > before + 1, ANSWER_BOUND_MS);
    expect(summaryCalls()).toBe(before + 1);
  });

  it('refuses a timestamp more than a minute in the future with 401, and accepts a small skew', async () => {
    const body = helpCommandForm('t.1', 'none');
    const now = Math.floor(Date.now() / 1000);
    const future = await post(appUrl, signed('application/x-www-form-urlencoded', body, now + 10 * 60));
    expect(future.status).toBe(401);
    const skewed = await post(appUrl, signed('application/x-www-form-urlencoded', body, now + 20));
    expect(skewed.status).toBe(200);
  });

  it('refuses a forged, unsigned or stale request with 401 and runs nothing; answers the SSL check with 200', async () => {
    // The guard is the app's only signature check (its HTTPReceiver runs with signatureVerification off).
    const body = helpCommandForm('t.2', 'forged');
    const now = Math.floor(Date.now() / 1000);
    const form = 'application/x-www-form-urlencoded';
    const answersBefore = h.ephemerals().length;
    const forged = { contentType: form, body, timestamp: now, signature: signSlackRequest('not-the-signing-secret', now, body) };
    expect((await post(appUrl, forged)).status).toBe(401);
    expect((await post(appUrl, { ...signed(form, body), signature: '' })).status).toBe(401);
    expect((await post(appUrl, signed(form, body, now - 5 * 60 - 30))).status).toBe(401);
    const sslCheck = await post(appUrl, { contentType: form, body: `ssl_check=1&${body}`, timestamp: now, signature: '' });
    expect({ status: sslCheck.status, text: await sslCheck.text() }).toEqual({ status: 200, text: '' });
    // A signed command sent after them is answered first: none of them ran.
    await h.slack.sendCommand({ command: '/research', text: 'help' });
    await h.slack.waitFor(() => helpAnswers(answersBefore).length >= 1, ANSWER_BOUND_MS);
    expect(helpAnswers(answersBefore)).toHaveLength(1);
  });

  it.each([
    ['application/json', 'null'],
    ['application/json', '[]'],
    ['application/json', '42'],
    ['application/json', '"text"'],
    ['application/x-www-form-urlencoded', 'payload=null'],
    ['application/x-www-form-urlencoded', `payload=${encodeURIComponent('[1]')}`],
  ])('answers a signed %s body of %s with 400 at once, in one log line', async (contentType, body) => {
    const refusedBefore = logCount('signed Slack request body is not a JSON object');
    const res = await post(appUrl, signed(contentType, body));
    expect(res.status).toBe(400);
    expect(logCount('signed Slack request body is not a JSON object')).toBe(refusedBefore + 1);
  });
});
