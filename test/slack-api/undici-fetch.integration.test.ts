/**
 * The Slack clients' fetch on a real HTTP server: what WebClient and Bolt's respond() read from a
 * response, and failures that toSlackCallError decodes as it did with the global fetch.
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { webClientOptions } from '../../src/slack-api/create-web-client.js';
import { type SlackCallError, toSlackCallError } from '../../src/slack-api/slack-call-error.js';
import { createUndiciFetch } from '../../src/slack-api/undici-fetch.js';
import { type CraftedServer, sendJson, startCraftedServer } from '../service/crafted-server.js';

const TOKEN = 'xoxb-undici-fetch-test';
const logger = createMemoryLogger(createRedactor([TOKEN]), 'error');

async function failureOf(method: string, call: () => Promise<unknown>): Promise<SlackCallError> {
  try {
    await call();
  } catch (error) {
    return toSlackCallError(method, error);
  }
  throw new Error(`${method} did not fail`);
}

describe('createUndiciFetch', () => {
  let server: CraftedServer;
  let status = 200;
  beforeAll(async () => {
    server = await startCraftedServer((req, res) => {
      if (req.url.pathname.endsWith('/hang')) return; // never answers
      if (req.url.pathname.endsWith('/drop')) {
        res.destroy();
        return;
      }
      res.setHeader('retry-after', '7');
      sendJson(res, status, { ok: status === 200, channel: 'C1', ts: '1.2', echo: req.body });
    });
  });
  afterAll(async () => server?.close());
  const client = (timeout = 10_000): WebClient =>
    new WebClient(TOKEN, {
      ...webClientOptions({ apiUrl: `${server.url}/api/`, logger }),
      timeout,
      fetch: createUndiciFetch({ timeoutMs: 10_000 }),
    });

  it('carries a Web API call and its answer', async () => {
    status = 200;
    const result = await client().chat.postMessage({ channel: 'C1', text: 'héllo' });
    expect(result).toMatchObject({ ok: true, ts: '1.2' });
    const seen = server.requests.at(-1);
    expect(seen?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(new URLSearchParams(seen?.body).get('text')).toBe('héllo');
  });

  it('answers what respond() reads: ok, status and statusText', async () => {
    status = 404;
    const fetch = createUndiciFetch({ timeoutMs: 10_000 });
    const res = await fetch(`${server.url}/respond/1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'hi' }),
    });
    expect(res).toMatchObject({ ok: false, status: 404, statusText: 'Not Found' });
    expect(res.headers.get('Retry-After')).toBe('7');
    expect(await res.json()).toMatchObject({ echo: '{"text":"hi"}' });
    expect(server.requests.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('fails as the global fetch did: status, 429 with Retry-After, timeout, dropped and refused connections', async () => {
    status = 503;
    expect(await failureOf('chat.update', () => client().apiCall('chat.update'))).toMatchObject({ code: 'http_503', outcome: 'unknown' });
    status = 429;
    expect(await failureOf('chat.update', () => client().apiCall('chat.update'))).toMatchObject({
      code: 'ratelimited',
      retryAfterMs: 7000,
    });
    expect(await failureOf('chat.update', () => client(50).apiCall('hang'))).toMatchObject({ code: 'timeout', outcome: 'unknown' });
    expect(await failureOf('chat.update', () => client().apiCall('drop'))).toMatchObject({ code: 'network', outcome: 'unknown' });
    // respond() passes no signal: the fetch's own timeout ends the wait (short: the peer never answers).
    const impatient = createUndiciFetch({ timeoutMs: 50 });
    expect(await failureOf('response_url', () => impatient(`${server.url}/hang`, { method: 'POST', body: '{}' }))).toMatchObject({
      code: 'timeout',
      outcome: 'unknown',
    });
    const closed = await startCraftedServer(() => undefined);
    await closed.close();
    // A generous timeout here: a refused connection must never lose a race to a short timer on a busy machine.
    const patient = createUndiciFetch({ timeoutMs: 10_000 });
    expect(await failureOf('response_url', () => patient(`${closed.url}/respond`, { method: 'POST', body: '{}' }))).toMatchObject({
      code: 'network',
      networkCode: 'ECONNREFUSED',
      outcome: 'failed',
    });
  });
});
