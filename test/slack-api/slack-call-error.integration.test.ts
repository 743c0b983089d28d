/**
 * toSlackCallError on real failures: the Slack emulator's refusals and 429s through a client of
 * the one factory, and a crafted HTTP server for 5xx, timeouts and dropped connections.
 */
import { RespondError } from '@slack/bolt';
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { createWebClient, webClientOptions } from '../../src/slack-api/create-web-client.js';
import { isSlackFailure, SlackCallError, toSlackCallError } from '../../src/slack-api/slack-call-error.js';
import { type CraftedServer, sendJson, startCraftedServer } from '../service/crafted-server.js';

const TOKEN = 'xoxb-slack-call-error-test';
const logger = createMemoryLogger(createRedactor([TOKEN]), 'warn');

/** The failure a Slack call rejects with, decoded. */
async function failureOf(method: string, call: () => Promise<unknown>): Promise<SlackCallError> {
  try {
    await call();
  } catch (error) {
    return toSlackCallError(method, error);
  }
  throw new Error(`${method} did not fail`);
}

describe('toSlackCallError on the Slack emulator', () => {
  let slack: SlackEmulator;
  let client: WebClient;
  const now = 1_700_000_000_000;
  beforeAll(async () => {
    slack = await startSlackEmulator({
      port: 0,
      botToken: TOKEN,
      clock: () => now,
      rateLimits: { 'chat.postMessage': [{ perMinute: 2, burst: 1, scope: 'channel' }] },
    });
    client = createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger });
  });
  afterAll(async () => slack?.close());

  it('an ok:false answer is a refusal for good, with Slack’s code', async () => {
    const failure = await failureOf('chat.postMessage', () => client.chat.postMessage({ channel: 'C0NOSUCH01', text: 'hi' }));
    expect(failure).toMatchObject({
      method: 'chat.postMessage',
      code: 'channel_not_found',
      outcome: 'failed',
      rateLimited: false,
      retryable: false,
    });
  });

  it('a 429 is rejected at once (the factory’s policy) and carries Retry-After', async () => {
    await client.chat.postMessage({ channel: slack.defaultChannelId, text: 'first' });
    const failure = await failureOf('chat.postMessage', () => client.chat.postMessage({ channel: slack.defaultChannelId, text: 'second' }));
    expect(failure).toMatchObject({
      code: 'ratelimited',
      outcome: 'failed',
      rateLimited: true,
      retryAfterMs: 30_000,
      statusCode: 429,
      retryable: true,
    });
    expect(slack.calls.at(-1)).toMatchObject({ method: 'chat.postMessage', status: 429 });
  });

  it('returns an error already decoded as it is', async () => {
    const failure = await failureOf('chat.postMessage', () => client.chat.postMessage({ channel: 'C0NOSUCH01', text: 'hi' }));
    expect(toSlackCallError('other.method', failure)).toBe(failure);
  });
});

describe('toSlackCallError on transport failures', () => {
  let server: CraftedServer;
  let status = 200;
  beforeAll(async () => {
    server = await startCraftedServer((req, res) => {
      if (req.url.pathname.endsWith('/hang')) return; // never answers
      if (req.url.pathname.endsWith('/drop')) {
        res.destroy();
        return;
      }
      sendJson(res, status, { ok: false, error: 'whatever' });
    });
  });
  afterAll(async () => server?.close());
  const client = (): WebClient => createWebClient({ token: TOKEN, apiUrl: `${server.url}/api/`, logger });

  it('a 5xx may have landed; a 4xx was refused', async () => {
    status = 503;
    expect(await failureOf('chat.update', () => client().apiCall('chat.update'))).toMatchObject({
      code: 'http_503',
      outcome: 'unknown',
      statusCode: 503,
      retryable: true,
    });
    status = 400;
    expect(await failureOf('chat.update', () => client().apiCall('chat.update'))).toMatchObject({
      code: 'http_400',
      outcome: 'failed',
      retryable: false,
    });
  });

  it('a timeout and a connection dropped after sending have unknown outcomes', async () => {
    // The factory's policy with a short timeout, so the test does not wait for the real one: only
    // against 'hang', which never answers, so nothing but the timeout can end the call.
    const impatient = new WebClient(TOKEN, { ...webClientOptions({ apiUrl: `${server.url}/api/`, logger }), timeout: 50 });
    expect(await failureOf('chat.postMessage', () => impatient.apiCall('hang'))).toMatchObject({
      code: 'timeout',
      outcome: 'unknown',
      retryable: true,
    });
    const dropped = await failureOf('chat.postMessage', () => client().apiCall('drop'));
    expect(dropped).toMatchObject({ code: 'network', outcome: 'unknown', retryable: true });
  });

  it('a connection that never opened certainly sent nothing', async () => {
    const closed = await startCraftedServer(() => undefined);
    const url = closed.url;
    await closed.close();
    const failure = await failureOf('chat.postMessage', () =>
      createWebClient({ token: TOKEN, apiUrl: `${url}/api/`, logger }).chat.postMessage({ channel: 'C1', text: 'x' }),
    );
    expect(failure).toMatchObject({ code: 'network', networkCode: 'ECONNREFUSED', outcome: 'failed', retryable: true });
  });
});

describe('toSlackCallError on response_url failures', () => {
  it('decodes Bolt’s respond() errors by status', () => {
    expect(toSlackCallError('response_url', new RespondError('Failed to respond to the response_url: 404 Not Found', 404))).toMatchObject({
      method: 'response_url',
      code: 'http_404',
      outcome: 'failed',
      retryable: false,
    });
    expect(toSlackCallError('response_url', new RespondError('Failed to respond to the response_url: 429', 429))).toMatchObject({
      code: 'ratelimited',
      rateLimited: true,
      retryAfterMs: 1_000,
    });
  });

  it('decodes an axios-shaped error with its Retry-After', () => {
    const axiosError = Object.assign(new Error('Request failed with status code 429'), {
      isAxiosError: true,
      response: { status: 429, headers: { 'retry-after': '3' } },
    });
    expect(toSlackCallError('response_url', axiosError)).toMatchObject({ code: 'ratelimited', rateLimited: true, retryAfterMs: 3_000 });
  });
});

describe('isSlackFailure', () => {
  it('tells Slack failures from bugs', () => {
    expect(isSlackFailure(new RespondError('x', 500))).toBe(true);
    expect(isSlackFailure(new SlackCallError({ method: 'chat.update', code: 'x', outcome: 'failed' }))).toBe(true);
    expect(isSlackFailure(new TypeError('undefined is not a function'))).toBe(false);
    expect(isSlackFailure(undefined)).toBe(false);
  });
});
