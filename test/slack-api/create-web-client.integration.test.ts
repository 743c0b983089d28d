/**
 * One client policy for the whole app: the relay's client (createWebClient) and Bolt's clients
 * (createSlackApp passes webClientOptions) both reject a 429 at once instead of sleeping through it.
 */
import type { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { createWebClient, WEB_CLIENT_POLICY, webClientOptions } from '../../src/slack-api/create-web-client.js';
import { toSlackCallError } from '../../src/slack-api/slack-call-error.js';
import { createSlackApp } from '../../src/slack/app/create-slack-app.js';

const TOKEN = 'xoxb-create-web-client-test';

describe('webClientOptions', () => {
  it('applies the named policy and gives a fresh object each time (Bolt mutates it)', () => {
    const a = webClientOptions({ apiUrl: 'http://127.0.0.1:1/api' });
    expect(a).toMatchObject({
      slackApiUrl: 'http://127.0.0.1:1/api/',
      timeout: WEB_CLIENT_POLICY.app.timeoutMs,
      rejectRateLimitedCalls: true,
      retryConfig: { retries: 0 },
    });
    expect(webClientOptions({ apiUrl: 'http://127.0.0.1:1/api' })).not.toBe(a);
  });
});

describe('every client of the app', () => {
  let slack: SlackEmulator;
  const logger = createMemoryLogger(createRedactor([TOKEN]), 'warn');
  beforeAll(async () => {
    // One message a minute per channel: a client that slept through the 429 would hang here.
    slack = await startSlackEmulator({
      port: 0,
      botToken: TOKEN,
      clock: () => 1_700_000_000_000,
      rateLimits: { 'chat.postMessage': [{ perMinute: 1, burst: 1, scope: 'channel' }] },
    });
  });
  afterAll(async () => slack?.close());

  it.each([
    ['the factory’s client', () => createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger }), 'defaultChannelId'],
    ['Bolt’s client', () => boltClientOf(slack, logger), 'secondChannelId'],
  ] as const)('%s rejects a 429 at once, with Retry-After', async (_name, build, channelKey) => {
    const client = build();
    const channel = slack[channelKey];
    // Bolt's client carries no token of its own (the app authorises each request): pass it.
    await client.chat.postMessage({ channel, text: 'first', token: TOKEN });
    const error = await client.chat.postMessage({ channel, text: 'second', token: TOKEN }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(toSlackCallError('chat.postMessage', error)).toMatchObject({ rateLimited: true, retryAfterMs: 60_000 });
    expect(slack.calls.filter((c) => c.method === 'chat.postMessage' && c.args.channel === channel).map((c) => c.status)).toEqual([
      200, 429,
    ]);
  });
});

describe('what every client of the app sends to Slack', () => {
  let slack: SlackEmulator;
  const SECRET = 'canary-service-key-create-web-client';
  const logger = createMemoryLogger(createRedactor([TOKEN, SECRET]), 'warn');
  beforeAll(async () => {
    slack = await startSlackEmulator({ port: 0, botToken: TOKEN, rateLimits: 'off' });
  });
  afterAll(async () => slack?.close());

  it.each([
    ['the factory’s client', () => createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger })],
    ['Bolt’s client', () => boltClientOf(slack, logger)],
  ] as const)('%s passes the logger’s redactor: a secret in a message never reaches Slack', async (name, build) => {
    const text = `${name}: the service answered "bad key ${SECRET}"`;
    await build().chat.postMessage({
      channel: slack.defaultChannelId,
      text,
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }],
      token: TOKEN,
    });
    const sent = slack.calls.filter((c) => c.method === 'chat.postMessage' && String(c.args.text).startsWith(name));
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]?.args)).not.toContain(SECRET);
    expect(JSON.stringify(slack.channelMessages(slack.defaultChannelId))).not.toContain(SECRET);
  });
});

/** The Web API client of a Bolt app built as the app builds it (createSlackApp), on the emulator. */
function boltClientOf(slack: SlackEmulator, logger: Parameters<typeof createSlackApp>[0]['logger']): WebClient {
  return createSlackApp({
    connection: { mode: 'http', botToken: TOKEN, signingSecret: 'secret', apiUrl: slack.apiUrl },
    port: 0,
    logger,
    readiness: [],
    register: () => undefined,
    signedRequests: { claim: async () => true },
  }).app.client;
}
