import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import { createServer } from 'node:net';
import { createResearchClient, type ResearchClient } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { ServiceError } from '../../src/service/errors/service-error.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { sendJson, startCraftedServer, type CraftedServer } from './crafted-server.js';

const API_KEY = 'sk-test-4f1c2a9d7e3b55aa';

/** Per-path scripts: each request to a path takes the next answer; the last one repeats. */
type Answer = (res: import('node:http').ServerResponse) => void | Promise<void>;
const scripts = new Map<string, Answer[]>();
const script = (path: string, ...answers: Answer[]): void => void scripts.set(path, answers);
const json =
  (status: number, body: unknown, headers?: Record<string, string>): Answer =>
  (res) =>
    sendJson(res, status, body, headers);

let server: CraftedServer;
let client: ResearchClient;
// An identity redactor: the test proves the client itself never writes the key anywhere.
const logger = createMemoryLogger((t) => t);
const errors: unknown[] = [];

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (error) {
    errors.push(error);
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('expected a failure');
}

const hits = (path: string): number => server.requests.filter((r) => r.url.pathname === path).length;

/** Retry-After waits the client asked for (the injected sleep returns at once). */
const retryAfterWaits: number[] = [];

beforeAll(async () => {
  server = await startCraftedServer(async (req, res) => {
    const answers = scripts.get(req.url.pathname);
    if (!answers || answers.length === 0) return sendJson(res, 404, { detail: 'Not Found' });
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    await next(res);
  });
  client = createResearchClient({
    baseUrl: server.url,
    apiKey: API_KEY,
    // Generous: every call here is answered; only the timeout test below meets a silent service.
    timeoutMs: 30_000,
    retry: fastTestRetryPolicy,
    logger,
    sleep: async (ms) => {
      retryAfterWaits.push(ms);
    },
  });
});

afterAll(async () => {
  await client.close();
  await server.close();
});

beforeEach(() => {
  scripts.clear();
  server.requests.length = 0;
});

describe('the call path', () => {
  it('sends the bearer key and JSON body, and normalises the answer', async () => {
    script('/v2/search', json(200, { docs: [{ doc_id: 'a', title: 'A', score: 2 }], total_count: 1, took_ms: 3 }));
    const result = await client.searchV2({ query: '茅台', num: 5, channelIds: ['cls'] });
    expect(result).toMatchObject({ totalCount: 1, tookMs: 3, docs: [{ docId: 'a', score: 2 }] });
    const seen = server.requests[0]!;
    expect(seen.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(JSON.parse(seen.body)).toEqual({ query: '茅台', num: 5, channel_ids: ['cls'] });
  });

  it('retries a read on 5xx and succeeds', async () => {
    script('/v1/docs/d1/summary', json(503, { detail: 'busy' }), json(502, {}), json(200, { doc_id: 'd1', summary: 'ok' }));
    await expect(client.getDocumentSummary('d1')).resolves.toEqual({ docId: 'd1', summary: 'ok' });
    expect(hits('/v1/docs/d1/summary')).toBe(3);
  });

  it('retries POSTed reads (search) but never writes', async () => {
    script('/v1/search/chunks', json(500, {}), json(200, { chunks: [] }));
    await expect(client.searchChunks({ query: 'x' })).resolves.toEqual([]);
    expect(hits('/v1/search/chunks')).toBe(2);

    script('/v1/docs/folder/create', json(503, {}));
    expect((await failure(client.createFolder('f'))).kind).toBe('upstream');
    expect(hits('/v1/docs/folder/create')).toBe(1);

    script('/v1/docs/folder/delete', json(500, {}));
    await failure(client.deleteFolder('f'));
    script('/v1/agent/conversations', json(500, {}));
    await failure(client.createConversation({ title: 't' }));
    script('/v1/agent/conversations/1/chat', json(500, { detail: 'boom' }));
    await failure(client.chat({ conversationId: '1', message: 'hi' }));
    script('/v1/agent/conversations/1/messages/am/cancel', json(503, {}));
    await failure(client.cancelRun('1', 'am'));
    for (const p of [
      '/v1/docs/folder/delete',
      '/v1/agent/conversations',
      '/v1/agent/conversations/1/chat',
      '/v1/agent/conversations/1/messages/am/cancel',
    ]) {
      expect(hits(p)).toBe(1);
    }
  });

  it('gives up after the policy allows and reports the last failure', async () => {
    script('/v1/concepts/latest', json(503, {}));
    const error = await failure(client.latestConcepts());
    expect(error).toMatchObject({ kind: 'upstream', status: 503, retryable: true });
    expect(hits('/v1/concepts/latest')).toBe(fastTestRetryPolicy.retries + 1);
  });

  it('honours Retry-After on 429 and fails fast when it is too long', async () => {
    script('/v1/concepts/latest', json(429, {}, { 'retry-after': '1' }), json(200, []));
    retryAfterWaits.length = 0;
    await expect(client.latestConcepts({ includeDocs: false })).resolves.toEqual([]);
    expect(retryAfterWaits).toEqual([1000]);
    expect(server.requests[0]!.url.searchParams.get('include_docs')).toBe('false');

    script('/v1/concepts/latest', json(429, {}, { 'retry-after': '120' }));
    const error = await failure(client.latestConcepts());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000 });
    expect(hits('/v1/concepts/latest')).toBe(3);
  });

  it('maps statuses to error kinds, keeping 422 detail', async () => {
    script('/v2/search/news', json(422, { detail: [{ loc: ['body', 'num'], msg: 'must be ≤ 100', type: 'less_than_equal' }] }));
    const v = await failure(client.searchNews({ query: 'x', num: 500 }));
    expect(v).toMatchObject({
      kind: 'validation',
      status: 422,
      issues: [{ loc: ['body', 'num'], msg: 'must be ≤ 100', type: 'less_than_equal' }],
    });
    expect(v.retryable).toBe(false);

    script('/v1/docs/nope', json(404, { detail: 'document not found' }));
    expect(await failure(client.getDocument('nope'))).toMatchObject({ kind: 'not_found', serviceDetail: 'document not found' });
    script('/v1/docs/locked', json(401, { detail: 'invalid token' }));
    expect((await failure(client.getDocument('locked'))).kind).toBe('auth');
    script('/v1/docs/forbidden', json(403, {}));
    expect((await failure(client.getDocument('forbidden'))).kind).toBe('auth');
    expect(hits('/v1/docs/nope') + hits('/v1/docs/locked')).toBe(2);
  });

  it('turns HTML, non-JSON and wrongly shaped bodies into bad_response without retrying', async () => {
    script('/v1/docs/html', (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    });
    const html = await failure(client.getDocument('html'));
    expect(html).toMatchObject({ kind: 'bad_response', status: 200 });
    expect(html.message).toContain('text/html');
    script('/v1/docs/shape', json(200, { doc_id: 'shape', title: 42.5, url: ['x'] }));
    expect((await failure(client.getDocument('shape'))).kind).toBe('bad_response');
    expect(hits('/v1/docs/html') + hits('/v1/docs/shape')).toBe(2);
  });

  it('treats a non-zero stock wrapper code as an error', async () => {
    script('/v1/stock/index-prices', json(200, { status: 200, code: 1001, message: 'unknown index', data: null }));
    const error = await failure(client.indexPrices({ symbol: 'XXX' }));
    expect(error).toMatchObject({ kind: 'upstream', serviceDetail: 'unknown index' });
    expect(hits('/v1/stock/index-prices')).toBe(1);
    script(
      '/v1/stock/index-prices',
      json(200, {
        status: 200,
        code: 0,
        message: '',
        data: { items: [{ date: '2025-01-02', symbol: 'HSI', name: '恒生指数', stock_price: 19623.32 }] },
      }),
    );
    await expect(client.indexPrices({ symbol: 'HSI' })).resolves.toMatchObject([{ close: 19623.32 }]);
  });

  it('times out, and reports network and cancellation distinctly', async () => {
    // The service never answers (until the server closes): the timeout wins whatever the machine's
    // speed. 1 s, not less: each attempt must reach the server before its timeout for the count of
    // hits to hold on a busy machine.
    script('/v1/docs/slow/summary', () => undefined);
    const slow = createResearchClient({
      baseUrl: server.url,
      apiKey: API_KEY,
      timeoutMs: 1_000,
      retry: { ...fastTestRetryPolicy, retries: 1 },
    });
    expect((await failure(slow.getDocumentSummary('slow'))).kind).toBe('timeout');
    expect(hits('/v1/docs/slow/summary')).toBe(2);
    await slow.close();

    // Cancelled once the request is at the server, by a client whose own timeout is far away.
    const patient = createResearchClient({ baseUrl: server.url, apiKey: API_KEY, timeoutMs: 60_000, retry: fastTestRetryPolicy });
    const controller = new AbortController();
    const cancelled = failure(patient.getDocumentSummary('slow', { signal: controller.signal }));
    while (hits('/v1/docs/slow/summary') < 3) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect((await cancelled).kind).toBe('cancelled');
    await patient.close();

    const port = await closedPort();
    const offline = createResearchClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: API_KEY, retry: fastTestRetryPolicy, logger });
    const net = await failure(offline.latestConcepts());
    expect(net).toMatchObject({ kind: 'network', retryable: true });
    await offline.close();
  });

  it('ends calls in flight when closed, and leaves no listener on a caller signal after a call', async () => {
    script('/v1/docs/held/summary', () => undefined);
    const closing = createResearchClient({ baseUrl: server.url, apiKey: API_KEY, timeoutMs: 60_000, retry: fastTestRetryPolicy });
    const held = failure(closing.getDocumentSummary('held'));
    while (hits('/v1/docs/held/summary') < 1) await new Promise((resolve) => setImmediate(resolve));
    await closing.close();
    expect((await held).kind).toBe('cancelled');

    script('/v1/concepts/latest', json(200, []));
    const caller = new AbortController();
    for (let i = 0; i < 3; i++) await client.latestConcepts({ signal: caller.signal });
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('falls back to /v1/search/rag when /v1/search/chunks is unknown, and remembers', async () => {
    const c = createResearchClient({ baseUrl: server.url, apiKey: API_KEY, retry: fastTestRetryPolicy });
    script('/v1/search/rag', json(200, { chunks: [{ id: 'c1', type: 'text', content: 'x', doc: { id: 'd', title: 'D', url: 'u' } }] }));
    await expect(c.searchChunks({ query: 'x', includeDocExtraDetail: true })).resolves.toMatchObject([{ id: 'c1', doc: { id: 'd' } }]);
    await c.searchChunks({ query: 'y' });
    expect(hits('/v1/search/chunks')).toBe(1);
    expect(hits('/v1/search/rag')).toBe(2);
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ include_doc_extra_detail: true, include_doc_extra_details: true });
    await c.close();
  });

  it('learns the legacy paging names and resends when they mattered', async () => {
    const c = createResearchClient({ baseUrl: server.url, apiKey: API_KEY, retry: fastTestRetryPolicy });
    // A legacy service: `page` is the page number, `page_num` the size.
    script('/v1/search', (res) => {
      const body = JSON.parse(server.requests.at(-1)!.body) as Record<string, number>;
      sendJson(res, 200, { docs: [], total_num: 40, page: body.page ?? 1, page_num: body.page_num ?? 10 });
    });
    const page = await c.searchDocuments({ query: 'x', pageNum: 2, pageSize: 5 });
    expect(page).toMatchObject({ pageNum: 2, pageSize: 5, totalCount: 40, totalPages: 8 });
    expect(server.requests.map((r) => JSON.parse(r.body))).toEqual([
      { query: 'x', page_num: 2, page_size: 5 },
      { query: 'x', page: 2, page_num: 5 },
    ]);
    await c.searchDocuments({ query: 'y', pageNum: 3, pageSize: 5 });
    expect(JSON.parse(server.requests[2]!.body)).toEqual({ query: 'y', page: 3, page_num: 5 });
    expect(server.requests).toHaveLength(3);
    await c.close();
  });

  it('never lets the API key into an error, its cause or a log line', () => {
    expect(errors.length).toBeGreaterThan(10);
    for (const error of errors) {
      const text = [String(error), JSON.stringify(error), inspect(error, { depth: 8, showHidden: true })].join('\n');
      expect(text).not.toContain(API_KEY);
    }
    expect(logger.lines.length).toBeGreaterThan(0);
    for (const line of logger.lines) expect(line).not.toContain(API_KEY);
  });
});

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
