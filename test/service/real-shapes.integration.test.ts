/**
 * The client against answers written as the real service gives them (its published schema and
 * samples), over real HTTP: the tags object it sends (and the list form for a deployment that
 * refuses it), unreadable list items left out and counted in the log, and FastAPI's plain 422
 * with integer `loc` items on a stock route.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { createResearchClient, type ResearchClient } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { ServiceError } from '../../src/service/errors/service-error.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { sendJson, startCraftedServer, type CraftedServer, type SeenRequest } from './crafted-server.js';

type Handler = (req: SeenRequest, res: ServerResponse) => void;
let handler: Handler = (_req, res) => sendJson(res, 404, { detail: 'Not Found' });
let server: CraftedServer;
let client: ResearchClient;
const logger = createMemoryLogger((t) => t);

const page = (docs: unknown[]) => ({ total_count: docs.length, total_page: 1, page_num: 1, page_size: 10, docs });
const doc = (id: string) => ({ doc_id: id, title: `Doc ${id}`, url: `https://example.test/${id}`, published_at: 1_719_700_000_000 });
const bodyOf = (req: SeenRequest): Record<string, unknown> => JSON.parse(req.body) as Record<string, unknown>;
const warnings = (): Array<Record<string, unknown>> =>
  logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'service list items skipped');

beforeAll(async () => {
  server = await startCraftedServer((req, res) => handler(req, res));
});
beforeEach(() => {
  client = createResearchClient({ baseUrl: server.url, apiKey: 'k', timeoutMs: 30_000, retry: fastTestRetryPolicy, logger });
  server.requests.length = 0;
  logger.lines.length = 0;
});
afterAll(async () => {
  await client?.close();
  await server.close();
});

describe('documents by tag', () => {
  it('sends tags as the published object form, each word under every tag type', async () => {
    handler = (_req, res) => sendJson(res, 200, page([doc('d1')]));
    const result = await client.docsByTag({ tags: ['半导体', 'NVDA'], pageSize: 10 });
    expect(result.items.map((d) => d.id)).toEqual(['d1']);
    expect(bodyOf(server.requests[0]!).tags).toEqual({
      industry: ['半导体', 'NVDA'],
      company: ['半导体', 'NVDA'],
      person: ['半导体', 'NVDA'],
      event: ['半导体', 'NVDA'],
    });
  });

  it('falls back to the list form once a deployment refuses the object, and remembers', async () => {
    handler = (req, res) => {
      if (Array.isArray(bodyOf(req).tags)) return sendJson(res, 200, page([doc('d2')]));
      sendJson(res, 422, { detail: [{ type: 'list_type', loc: ['body', 'tags'], msg: 'Input should be a valid list', input: {} }] });
    };
    expect((await client.docsByTag({ tags: ['chips'] })).items.map((d) => d.id)).toEqual(['d2']);
    expect(server.requests.map((r) => Array.isArray(bodyOf(r).tags))).toEqual([false, true]);
    await client.docsByTag({ tags: ['chips'], pageNum: 2 });
    expect(server.requests.map((r) => Array.isArray(bodyOf(r).tags))).toEqual([false, true, true]);
  });

  it('does not take another 422 for a refusal of the object form', async () => {
    handler = (_req, res) =>
      sendJson(res, 422, { detail: [{ type: 'greater_than_equal', loc: ['body', 'page_num'], msg: 'Input should be ≥ 1' }] });
    await expect(client.docsByTag({ tags: ['chips'] })).rejects.toMatchObject({ kind: 'validation' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('one bad item in a list', () => {
  it('is left out of the page and counted in one warn line, for every list the app reads', async () => {
    handler = (req, res) => {
      const path = req.url.pathname;
      if (path === '/v1/search' || path === '/v1/docs/tags')
        return sendJson(res, 200, page([doc('d1'), null, { title: 'no id' }, doc('d2')]));
      if (path === '/v2/search') return sendJson(res, 200, { docs: [null, doc('d3')], total_count: 2, took_ms: 3 });
      if (path === '/v1/search/chunks') return sendJson(res, 200, { chunks: [{ id: 'c1', doc: doc('d1') }, 'junk'] });
      if (path === '/v1/concepts/latest') return sendJson(res, 200, [{ concept_id: 'k1', concept_name: 'AI' }, { concept_name: 'no id' }]);
      if (path === '/v1/docs/d1') return sendJson(res, 200, { ...doc('d1'), chunks: [{ id: 'c1' }, null] });
      sendJson(res, 404, { detail: 'Not Found' });
    };
    const v1 = await client.searchDocuments({ query: 'x' }, { correlationId: 'corr-7' });
    expect(v1.items.map((d) => d.id)).toEqual(['d1', 'd2']);
    expect(v1).not.toHaveProperty('skipped');
    expect((await client.docsByTag({ tags: ['x'] })).items).toHaveLength(2);
    const v2 = await client.searchV2({ query: 'x' });
    expect(v2.docs.map((d) => d.docId)).toEqual(['d3']);
    expect(v2).not.toHaveProperty('skipped');
    expect((await client.searchChunks({ query: 'x' })).map((c) => c.id)).toEqual(['c1']);
    expect((await client.latestConcepts()).map((c) => c.conceptId)).toEqual(['k1']);
    expect((await client.getDocument('d1')).chunks.map((c) => c.id)).toEqual(['c1']);

    expect(warnings().map((w) => [w.path, w.skipped])).toEqual([
      ['/v1/search', 2],
      ['/v1/docs/tags', 2],
      ['/v2/search', 1],
      ['/v1/search/chunks', 1],
      ['/v1/concepts/latest', 1],
      ['/v1/docs/d1', 1],
    ]);
    expect(warnings()[0]).toMatchObject({
      level: 'warn',
      method: 'POST',
      correlationId: 'corr-7',
      firstProblem: expect.stringMatching(/^\[1\]/),
    });
  });

  it('logs nothing when every item reads', async () => {
    handler = (_req, res) => sendJson(res, 200, page([doc('d1')]));
    await client.searchDocuments({ query: 'x' });
    expect(warnings()).toEqual([]);
  });
});

describe('errors', () => {
  it('reads FastAPI’s plain 422 of a stock route, loc items strings and integers', async () => {
    handler = (_req, res) =>
      sendJson(res, 422, {
        detail: [
          { type: 'string_type', loc: ['body', 'symbol'], msg: 'Input should be a valid string', input: 7 },
          { type: 'int_parsing', loc: ['body', 'fiscal_year', 0], msg: 'Input should be a valid integer', input: 'x' },
        ],
      });
    const error = await client.balanceSheet({ symbol: 'US:NVDA' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      kind: 'validation',
      status: 422,
      issues: [
        { loc: ['body', 'symbol'], msg: 'Input should be a valid string', type: 'string_type' },
        { loc: ['body', 'fiscal_year', 0], msg: 'Input should be a valid integer', type: 'int_parsing' },
      ],
    });
    expect((error as ServiceError).message).toContain('invalid request: body.symbol: Input should be a valid string');
  });
});
