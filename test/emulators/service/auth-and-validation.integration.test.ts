import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { buildHttp } from './emulator-http.js';

let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ port: 0, agentSpeed: 200 });
  http = buildHttp(em);
});
afterAll(async () => {
  await em.close();
});

describe('auth', () => {
  it('answers 401 JSON without a bearer token', async () => {
    const res = await fetch(`${em.url}/v2/search`, {
      method: 'POST',
      body: JSON.stringify({ query: '茅台' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(typeof (await res.json()).detail).toBe('string');
  });

  it('answers 401 for a wrong token and never echoes it', async () => {
    const res = await fetch(`${em.url}/v1/concepts/latest`, { headers: { Authorization: 'Bearer wrong-key-123' } });
    expect(res.status).toBe(401);
    expect(JSON.stringify(await res.json())).not.toContain('wrong-key-123');
  });

  it('honours a configured key', async () => {
    const other = await startServiceEmulator({ apiKey: 'k-123' });
    try {
      const bad = await fetch(`${other.url}/v1/concepts/latest`, { headers: { Authorization: 'Bearer demo-key' } });
      const good = await fetch(`${other.url}/v1/concepts/latest`, { headers: { Authorization: 'Bearer k-123' } });
      expect([bad.status, good.status]).toEqual([401, 200]);
    } finally {
      await other.close();
    }
  });
});

describe('422 validation', () => {
  const cases: Array<[string, string, unknown, Array<string | number>]> = [
    ['v2 num above 100', '/v2/search', { query: 'x', num: 500 }, ['body', 'num']],
    ['v2 num below 1', '/v2/search/news', { query: 'x', num: 0 }, ['body', 'num']],
    ['v2 missing query', '/v2/search', { num: 5 }, ['body', 'query']],
    ['v2 bad datetime', '/v2/search', { query: 'x', start_datetime: '2024/01/01' }, ['body', 'start_datetime']],
    ['v2 bad symbol shape', '/v2/search', { query: 'x', symbols: ['600519'] }, ['body', 'symbols', 0]],
    ['v1 unknown category', '/v1/search', { query: 'x', categories: ['blogs'] }, ['body', 'categories', 0]],
    ['v1 unknown market', '/v1/search', { query: 'x', markets: ['jp'] }, ['body', 'markets', 0]],
    ['v1 impossible date', '/v1/search', { query: 'x', start_date: '2024-02-30' }, ['body', 'start_date']],
    ['v1 wrong type', '/v1/search', { query: 'x', page_num: 'first' }, ['body', 'page_num']],
    ['tags missing', '/v1/docs/tags', {}, ['body', 'tags']],
    ['stock bad symbol', '/v1/stock/company-balance-sheet', { symbol: 'NVDA' }, ['body', 'symbol']],
    ['stock limit 0', '/v1/stock/company-cashflow-statement', { symbol: 'US:NVDA', limit: 0 }, ['body', 'limit']],
    ['v1 page_size 0', '/v1/search', { query: 'x', page_num: 1, page_size: 0 }, ['body', 'page_size']],
    ['tags neither list nor object', '/v1/docs/tags', { tags: 'chips' }, ['body', 'tags']],
    ['stock bad period', '/v1/stock/company-balance-sheet', { symbol: 'US:NVDA', period: 'cumulative quarterly' }, ['body', 'period']],
    ['index missing symbol', '/v1/stock/index-prices', {}, ['body', 'symbol']],
    ['chat missing message', '/v1/agent/conversations/1001/chat', {}, ['body', 'message']],
    ['folder name wrong type', '/v1/docs/folder/create', { name: 42 }, ['body', 'name']],
  ];
  it.each(cases)('%s', async (_name, path, body, loc) => {
    const res = await http.post(path, body);
    expect(res.status).toBe(422);
    expect(Array.isArray(res.body.detail)).toBe(true);
    const locs = res.body.detail.map((d: { loc: unknown[] }) => JSON.stringify(d.loc));
    expect(locs).toContain(JSON.stringify(loc));
    for (const d of res.body.detail) {
      expect(typeof d.msg).toBe('string');
      expect(typeof d.type).toBe('string');
    }
  });

  it('rejects malformed JSON with 422', async () => {
    const res = await fetch(`${em.url}/v2/search`, { method: 'POST', headers: http.headers, body: '{"query": ' });
    expect(res.status).toBe(422);
    expect((await res.json()).detail[0].type).toBe('json_invalid');
  });

  it('validates query parameters of the conversation endpoints', async () => {
    const conv = await http.post('/v1/agent/conversations', {});
    const limit = await http.get(`/v1/agent/conversations/${conv.body.id}/messages?limit=101`);
    expect(limit.status).toBe(422);
    expect(limit.body.detail[0].loc).toEqual(['query', 'limit']);
    const offset = await http.get(`/v1/agent/conversations/${conv.body.id}/messages/am_x?from_offset=-1&stream=false`);
    expect(offset.status).toBe(422);
    expect(offset.body.detail[0].loc).toEqual(['query', 'from_offset']);
    const path = await http.get('/v1/agent/conversations/abc/messages');
    expect(path.status).toBe(422);
    expect(path.body.detail[0].loc).toEqual(['path', 'conversation_id']);
  });

  it('enforces no bound that neither the interface nor the published schema states', async () => {
    // Upper bounds of page_size, chunk search's num and the stock limit: "not shown" in the interface.
    const wide = await http.post('/v1/search', { query: '', page_num: 1, page_size: 1000 });
    expect(wide.status).toBe(200);
    expect(wide.body.page_size).toBe(1000);
    expect((await http.post('/v1/search/chunks', { query: 'revenue', num: 101 })).status).toBe(200);
    expect((await http.post('/v1/stock/company-revenue-breakdown', { symbol: 'US:NVDA', limit: 101 })).status).toBe(200);
    // The schema types these as plain strings, naming only examples.
    const q3 = await http.post('/v1/stock/company-revenue-breakdown', { symbol: 'SH:600519', period: 'Q3' });
    expect(q3.status).toBe(200);
    expect(q3.body.data.list.length).toBeGreaterThan(0);
    expect(q3.body.data.list.every((p: { end_date: string }) => p.end_date.slice(5) === '09-30')).toBe(true);
    const h1 = await http.post('/v1/stock/company-balance-sheet', { symbol: 'SH:600519', fiscal_quarter: 'H1' });
    expect(h1.status).toBe(200);
    expect(h1.body.data.length).toBeGreaterThan(0);
    expect(h1.body.data.every((r: { fiscal_quarter: string }) => r.fiscal_quarter === 'Q2')).toBe(true);
    const dji = await http.post('/v1/stock/index-prices', { symbol: 'DJI' });
    expect(dji.status).toBe(200);
    expect(dji.body.data.items[0]).toMatchObject({ symbol: 'DJI', name: 'Dow Jones Industrial Average' });
  });

  it('keeps the stock wrapper on stock validation errors', async () => {
    const res = await http.post('/v1/stock/company-balance-sheet', { symbol: 'XX:1' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ status: 422, code: 422 });
  });
});

describe('404', () => {
  it('for unknown documents, folders, conversations and messages', async () => {
    expect((await http.get('/v1/docs/doc_nope')).status).toBe(404);
    expect((await http.get('/v1/docs/doc_nope/summary')).body.detail).toMatch(/doc_nope/);
    expect((await http.del('/v1/docs/folder/delete', { folder_id: 'fld_nope' })).status).toBe(404);
  });

  it('for unknown conversations and messages as the published schema has it: 400 Invalid conversation_id', async () => {
    const invalid = { status: 400, body: { detail: 'Invalid conversation_id' } };
    expect(await http.get('/v1/agent/conversations/999999')).toMatchObject(invalid);
    expect(await http.get('/v1/agent/conversations/999999/messages')).toMatchObject(invalid);
    expect(await http.post('/v1/agent/conversations/999999/chat', { message: 'hi' })).toMatchObject(invalid);
    const conv = await http.post('/v1/agent/conversations', {});
    expect(await http.get(`/v1/agent/conversations/${conv.body.id}/messages/am_missing?stream=false`)).toMatchObject(invalid);
    expect(await http.get(`/v1/agent/conversations/${conv.body.id}/messages/am_missing`)).toMatchObject(invalid);
    expect(await http.post(`/v1/agent/conversations/${conv.body.id}/messages/am_missing/cancel`)).toMatchObject(invalid);
    // Not an id at all is a validation error, as FastAPI gives it.
    expect((await http.get('/v1/agent/conversations/abc')).status).toBe(422);
  });

  it('for unknown symbols and indices, inside the stock wrapper', async () => {
    const res = await http.post('/v1/stock/company-balance-sheet', { symbol: 'US:ZZZZ' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, data: null });
    expect(res.body.code).not.toBe(0);
    expect((await http.post('/v1/stock/index-prices', { symbol: 'NIKKEI' })).status).toBe(404);
  });

  it('for unknown paths, and 405 for a wrong method', async () => {
    expect((await http.get('/v9/nothing')).status).toBe(404);
    expect((await http.get('/v2/search')).status).toBe(405);
  });
});
