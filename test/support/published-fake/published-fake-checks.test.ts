/**
 * The fake's own checks, without a server: its fixtures conform to each published version, and
 * its request and response checks refuse what the published schema refuses (so a suite that
 * runs against the fake can fail).
 */
import { describe, expect, it } from 'vitest';
import { buildRunEvents, exampleEvents } from './agent/run-events.js';
import { fixtureIssues } from './fixture-checks.js';
import { FAKE_DOCUMENTS } from './fixtures/documents.js';
import { componentPointer, loadPublishedSpec, type OperationMatch, type PublishedSpec, SPEC_VERSIONS } from './published-spec.js';
import { checkRequest } from './request-check.js';
import { checkResponse } from './response-check.js';

function matchOf(spec: PublishedSpec, method: string, path: string): OperationMatch {
  const m = spec.match(method, path);
  if (!m.operation) throw new Error(`${method} ${path} is not an operation of ${spec.version}`);
  return m;
}

const request = (spec: PublishedSpec, method: string, path: string, body?: unknown, query = '') =>
  checkRequest(spec, matchOf(spec, method, path), { query: new URLSearchParams(query), body });

const response = (spec: PublishedSpec, method: string, path: string, status: number, body: unknown) =>
  checkResponse(spec, matchOf(spec, method, path).operation, status, body);

describe.each(SPEC_VERSIONS)('the published %s schema, as the fake reads it', (version) => {
  const spec = loadPublishedSpec(version);

  it('is OpenAPI 3.1 and has every operation the app uses', () => {
    expect(spec.document.openapi).toMatch(/^3\.1\./);
    const operations = [
      ['POST', '/v1/search'],
      ['POST', '/v2/search'],
      ['POST', '/v2/search/news'],
      ['POST', '/v1/search/chunks'],
      ['GET', '/v1/docs/123'],
      ['GET', '/v1/docs/123/summary'],
      ['POST', '/v1/docs/tags'],
      ['POST', '/v1/docs/folder/create'],
      ['DELETE', '/v1/docs/folder/delete'],
      ['POST', '/v1/docs/upload/form'],
      ['GET', '/v1/docs/123/upload/status'],
      ['DELETE', '/v1/docs/delete'],
      ['GET', '/v1/docs/123/raw-content'],
      ['POST', '/v1/stock/company-balance-sheet'],
      ['POST', '/v1/stock/company-cashflow-statement'],
      ['POST', '/v1/stock/company-income-statement'],
      ['POST', '/v1/stock/company-revenue-breakdown'],
      ['POST', '/v1/stock/earnings-calendar'],
      ['GET', '/v1/concepts/latest'],
      ['POST', '/v1/agent/conversations'],
      ['GET', '/v1/agent/conversations/1'],
      ['POST', '/v1/agent/conversations/1/chat'],
      ['GET', '/v1/agent/conversations/1/messages'],
      ['GET', '/v1/agent/conversations/1/messages/abc'],
      ['POST', '/v1/agent/conversations/1/messages/abc/cancel'],
    ];
    for (const [method, path] of operations) expect(spec.match(method!, path!).operation, `${method} ${path}`).toBeDefined();
    // A literal segment wins over a path parameter.
    expect(matchOf(spec, 'POST', '/v1/docs/folder/create').operation.template).toBe('/v1/docs/folder/create');
  });

  it('renamed the index and company price routes in 2026-04', () => {
    const has = (path: string) => spec.match('POST', path).operation !== undefined;
    expect([has('/v1/stock/index-prices'), has('/v1/stock/company-prices')]).toEqual(version === '2025-12' ? [true, true] : [false, false]);
    expect([has('/v1/stock/index-quote'), has('/v1/stock/stock-quote')]).toEqual(version === '2025-12' ? [false, false] : [true, true]);
  });

  it('accepts every fixture of the fake', () => {
    expect(fixtureIssues(spec)).toEqual([]);
  });

  it('refuses the interface document’s forms where the schema differs', () => {
    // /v1/docs/tags takes tags as an object of lists, not a list.
    expect(request(spec, 'POST', '/v1/docs/tags', { tags: ['NVIDIA'] })).toEqual([
      { loc: ['body', 'tags'], msg: 'Input should be a valid object', type: 'object_type' },
    ]);
    expect(request(spec, 'POST', '/v1/docs/tags', { tags: { company: ['NVIDIA'] }, page_num: 1, page_size: 5 })).toEqual([]);
    // The oldest paging names are not the schema's: the service would ignore them.
    expect(request(spec, 'POST', '/v1/search', { query: 'x', page: 2 })).toEqual([
      expect.objectContaining({ loc: ['body', 'page'], type: 'undeclared' }),
    ]);
    // A list document names its id doc_id.
    const legacyDoc = { id: 'd1', title: 't', url: 'u', published_at: '2025-01-01T00:00:00.000Z' };
    const issues = response(spec, 'POST', '/v1/search', 200, { docs: [legacyDoc] });
    expect(issues).toContainEqual(expect.objectContaining({ loc: ['docs', 0, 'doc_id'], type: 'missing' }));
    expect(issues).toContainEqual(expect.objectContaining({ loc: ['docs', 0, 'published_at'], type: 'integer_type' }));
  });

  it('checks parameters as FastAPI reads them from text', () => {
    const events = '/v1/agent/conversations/683242877840089/messages/abc';
    expect(request(spec, 'GET', events, undefined, 'stream=false&from_offset=9200')).toEqual([]);
    expect(request(spec, 'GET', events, undefined, 'from_offset=-1')).toEqual([
      expect.objectContaining({ loc: ['query', 'from_offset'], type: 'greater_than_equal' }),
    ]);
    expect(request(spec, 'GET', '/v1/agent/conversations/not-a-number', undefined)).toEqual([
      expect.objectContaining({ loc: ['path', 'conversation_id'], type: 'integer_type' }),
    ]);
    expect(request(spec, 'GET', '/v1/agent/conversations/1/messages', undefined, 'limit=500')).toEqual([
      expect.objectContaining({ loc: ['query', 'limit'], type: 'less_than_equal' }),
    ]);
    expect(request(spec, 'GET', '/v1/concepts/latest', undefined, 'include_docs=true&lang=zh')).toEqual([
      expect.objectContaining({ loc: ['query', 'lang'], type: 'undeclared' }),
    ]);
  });

  it('names each version’s create-conversation and earnings-calendar requests', () => {
    const app = { title: 't', conversation_type: 'agent_chat' };
    const created = request(spec, 'POST', '/v1/agent/conversations', app);
    const earnings = (market: string) =>
      request(spec, 'POST', '/v1/stock/earnings-calendar', { [market]: 'cn', start_date: '2025-11-01', end_date: '2025-11-30' });
    if (version === '2025-12') {
      expect(created).toContainEqual(expect.objectContaining({ loc: ['body', 'agent_id'], type: 'missing' }));
      expect(earnings('area')).toEqual([]);
      expect(earnings('market')).toContainEqual(expect.objectContaining({ loc: ['body', 'area'], type: 'missing' }));
    } else {
      expect(created).toEqual([]);
      expect(earnings('market')).toEqual([]);
      expect(earnings('area')).toContainEqual(expect.objectContaining({ loc: ['body', 'market'], type: 'missing' }));
    }
  });

  it('checks the loose stock and concept answers by the interface document, and the agent 400 by the README', () => {
    const wrapper = (data: unknown) => ({ status: 200, code: 0, message: '', data });
    expect(response(spec, 'POST', '/v1/stock/company-balance-sheet', 200, wrapper([{ symbol: 'NVDA' }]))).toContainEqual(
      expect.objectContaining({ loc: ['data', 0], type: 'required' }),
    );
    const misspelled = { items: [{ date: '2025-11-24', symbol: 'HSI', name: 'x', stock_price: 1 }] };
    const indexRoute = version === '2025-12' ? '/v1/stock/index-prices' : '/v1/stock/index-quote';
    expect(response(spec, 'POST', indexRoute, 200, wrapper(misspelled)).length).toBeGreaterThan(0);
    expect(response(spec, 'GET', '/v1/concepts/latest', 200, [{ concept_id: 'c' }]).length).toBeGreaterThan(0);
    const chat = '/v1/agent/conversations/1/chat';
    expect(response(spec, 'POST', chat, 400, { detail: 'Invalid conversation_id' })).toEqual([]);
    expect(response(spec, 'POST', chat, 400, { detail: [{ loc: ['path'], msg: 'x', type: 'y' }] }).length).toBeGreaterThan(0);
    expect(response(spec, 'POST', '/v1/search', 404, { detail: 'Not Found' })).toEqual([
      expect.objectContaining({ type: 'undocumented_status' }),
    ]);
  });

  it('builds a run from the schema’s example events, framed as the README describes', () => {
    expect([...exampleEvents(spec).keys()]).toEqual(
      expect.arrayContaining(['init', 'workflow_start', 'node_start', 'tool_start', 'tool_end', 'agent_end', 'workflow_end']),
    );
    const events = buildRunEvents(spec, {
      responseId: '019b24ef238cc97730971a9a0080c99c',
      question: 'q',
      firstOffset: 9_195,
      startMs: Date.UTC(2025, 11, 16),
      toolOutput: '{"docs":[],"total_count":0,"took_ms":1}',
      toolInput: { query: 'q', symbols: [] },
      report: { title: 'r', content: '# r' },
      seed: 1,
    });
    expect(events[0]).toMatchObject({ event_type: 'init', run_id: '', offset: 9_195 });
    expect(events.find((e) => e.event_type === 'tool_end')).not.toHaveProperty('offset');
    expect(events.slice(-2).map((e) => e.event_type)).toEqual(['workflow_end', 'usage']);
    const offsets = events.flatMap((e) => (e.offset === undefined ? [] : [e.offset]));
    expect(offsets.length).toBeGreaterThan(1);
    expect(offsets.every((o, i) => i === 0 || o > (offsets[i - 1] ?? 0))).toBe(true);
    expect(new Set(offsets.slice(1).map((o, i) => o - (offsets[i] ?? 0))).size).toBeGreaterThan(1);
    for (const e of events) expect(spec.validate(componentPointer('WorkflowStreamEvent'), e)).toEqual([]);
  });
});

describe('the fake’s documents', () => {
  it('include the sparsest document the schema allows and a Shanghai filing published after midnight local time', () => {
    expect(FAKE_DOCUMENTS.some((d) => Object.keys(d.doc).sort().join() === 'doc_id,title,url')).toBe(true);
    const filing = FAKE_DOCUMENTS.find((d) => d.doc.symbol === 'SH:600519' && d.doc.category === 'filings');
    expect(new Date(filing?.doc.published_at ?? 0).toISOString()).toBe('2025-10-29T16:30:00.000Z');
  });
});
