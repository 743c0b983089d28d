/**
 * The emulator's `published` variant answers as the service's own OpenAPI schema says
 * (/work/shared/spec/published-openapi-2025-12.yaml and -2026-04.yaml): response models field
 * for field, FastAPI's plain 422 on every route, no status code the schema does not document, and
 * the units and labels of the real samples. The field lists below are the schema components'
 * `properties` (named by component), so a field the schema does not have fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { buildHttp } from './emulator-http.js';

/** components.schemas.OAIDoc.properties (required: doc_id, title, url). */
const OAI_DOC = [
  'doc_id',
  'title',
  'url',
  'institution',
  'author',
  'published_at',
  'category',
  'market',
  'ticker',
  'symbol',
  'company_name',
  'logo',
  'companies',
  'tags',
  'metadatas',
  'report_type',
  'channel_id',
  'channel_name',
];
/** components.schemas.OAIDocBase.properties. */
const OAI_DOC_BASE = ['doc_id', 'title', 'url'];
/** components.schemas.OAIChunkWithDoc.properties. */
const OAI_CHUNK_WITH_DOC = ['id', 'type', 'media_url', 'content', 'summary', 'metadata', 'doc'];
/** components.schemas.OAIChunk.properties. */
const OAI_CHUNK = ['id', 'type', 'media_url', 'content', 'summary', 'metadata'];
/** components.schemas.OAIDocContentsResponse.properties. */
const OAI_DOC_CONTENTS = [...OAI_DOC, 'file_url', 'media_url', 'chunks'];
/** components.schemas.OAISearchDocsResponse.properties. */
const OAI_SEARCH_DOCS = ['total_count', 'total_page', 'page_num', 'page_size', 'docs'];

let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ agentSpeed: 200, variant: 'published' });
  http = buildHttp(em);
});
afterAll(async () => {
  await em.close();
});

function expectOnly(value: Record<string, unknown>, fields: string[], required: string[]): void {
  expect(Object.keys(value).filter((k) => !fields.includes(k))).toEqual([]);
  for (const k of required) expect(value[k]).toBeDefined();
}

describe('list documents', () => {
  it('v1 search and documents by tag answer OAISearchDocsResponse of OAIDoc', async () => {
    for (const [path, body] of [
      ['/v1/search', { query: '茅台', page_size: 5 }],
      ['/v1/docs/tags', { tags: { industry: ['白酒'] }, page_size: 5 }],
    ] as const) {
      const res = await http.post(path, body);
      expect(res.status).toBe(200);
      expectOnly(res.body, OAI_SEARCH_DOCS, OAI_SEARCH_DOCS);
      expect(res.body.docs.length).toBeGreaterThan(0);
      for (const doc of res.body.docs) {
        expectOnly(doc, OAI_DOC, OAI_DOC_BASE);
        expect(Number.isInteger(doc.published_at)).toBe(true);
        expect(doc.companies[0]).toMatchObject({ name: expect.any(String), stocks: [{ symbol: expect.any(String) }] });
        // additionalProperties: array, for metadatas too.
        for (const v of Object.values(doc.metadatas)) expect(Array.isArray(v)).toBe(true);
      }
    }
  });

  it('chunks carry OAIDocBase, or OAIDoc with include_doc_extra_details', async () => {
    const lean = await http.post('/v1/search/chunks', { query: 'revenue growth', num: 3 });
    for (const c of lean.body.chunks) {
      expectOnly(c, OAI_CHUNK_WITH_DOC, ['id']);
      expectOnly(c.doc, OAI_DOC_BASE, OAI_DOC_BASE);
    }
    const full = await http.post('/v1/search/chunks', { query: 'revenue growth', num: 3, include_doc_extra_details: true });
    expect(full.body.chunks.length).toBeGreaterThan(0);
    for (const c of full.body.chunks) expectOnly(c.doc, OAI_DOC, [...OAI_DOC_BASE, 'published_at', 'companies']);
  });

  it('document content answers OAIDocContentsResponse', async () => {
    const [first] = (await http.post('/v1/search', { query: '茅台', page_size: 1 })).body.docs;
    const res = await http.get(`/v1/docs/${first.doc_id}`);
    expectOnly(res.body, OAI_DOC_CONTENTS, [...OAI_DOC_BASE, 'published_at']);
    expect(res.body.chunks.length).toBeGreaterThan(0);
    for (const chunk of res.body.chunks) expectOnly(chunk, OAI_CHUNK, ['id', 'type']);
  });

  it('documents by tag take the object form and the list form', async () => {
    const object = await http.post('/v1/docs/tags', { tags: { industry: ['Semiconductors', '半导体'] }, page_size: 100 });
    const list = await http.post('/v1/docs/tags', { tags: ['Semiconductors', '半导体'], page_size: 100 });
    expect(object.status).toBe(200);
    expect(object.body.total_count).toBeGreaterThan(0);
    expect(list.body.total_count).toBe(object.body.total_count);
    // Any type may match: the same word under every type finds what the list form finds.
    const everyType = await http.post('/v1/docs/tags', {
      tags: { industry: ['半导体'], company: ['半导体'], person: ['半导体'], event: ['半导体'] },
      page_size: 100,
    });
    const plain = await http.post('/v1/docs/tags', { tags: ['半导体'], page_size: 100 });
    expect(everyType.body.total_count).toBe(plain.body.total_count);
    const wrong = await http.post('/v1/docs/tags', { tags: { industry: '半导体' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0].loc).toEqual(['body', 'tags', 'industry']);
  });
});

describe('errors', () => {
  it('are FastAPI’s plain 422 on every route, stock routes included, with integer loc items', async () => {
    for (const [path, body, loc] of [
      ['/v1/stock/company-balance-sheet', { symbol: 'NVDA' }, ['body', 'symbol']],
      ['/v1/stock/index-prices', {}, ['body', 'symbol']],
      ['/v1/stock/company-cashflow-statement', { symbol: 'US:NVDA', limit: 'all' }, ['body', 'limit']],
      ['/v2/search', { query: 'x', symbols: [7] }, ['body', 'symbols', 0]],
      ['/v1/search', { query: 'x', markets: ['jp'] }, ['body', 'markets', 0]],
    ] as const) {
      const res = await http.post(path, body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body)).toEqual(['detail']);
      expect(res.body.detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(loc);
      for (const d of res.body.detail)
        expect(d).toMatchObject({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
    }
  });

  it('answer an unknown symbol or index with no data, not a status the schema does not document', async () => {
    const sheet = await http.post('/v1/stock/company-balance-sheet', { symbol: 'US:ZZZZ' });
    expect(sheet).toMatchObject({ status: 200, body: { status: 200, code: 0, data: [] } });
    const revenue = await http.post('/v1/stock/company-revenue-breakdown', { symbol: 'US:ZZZZ' });
    expect(revenue.body.data).toEqual({ currency: '', list: [] });
    const index = await http.post('/v1/stock/index-prices', { symbol: 'NIKKEI' });
    expect(index).toMatchObject({ status: 200, body: { code: 0, data: { items: [] } } });
  });
});

describe('units and labels of the real samples', () => {
  it('label revenue periods 年报, 中报, 三季报, 一季报 and list every report', async () => {
    const all = await http.post('/v1/stock/company-revenue-breakdown', { symbol: 'SH:600519', limit: 12 });
    const labels = new Set(all.body.data.list.map((p: { period: string }) => p.period));
    expect(labels).toEqual(new Set(['年报', '中报', '三季报', '一季报']));
    const q3 = await http.post('/v1/stock/company-revenue-breakdown', { symbol: 'SH:600519', period: 'Q3' });
    expect(q3.body.data.list.length).toBeGreaterThan(0);
    expect(new Set(q3.body.data.list.map((p: { period: string }) => p.period))).toEqual(new Set(['三季报']));
  });

  it('give dividend yields as fractions and mainland indices their A-share market cap', async () => {
    const csi = (await http.post('/v1/stock/index-prices', { symbol: '000300' })).body.data.items[0];
    expect(csi.dividend_yield).toBeGreaterThan(0.005);
    expect(csi.dividend_yield).toBeLessThan(0.1);
    expect(csi.market_capitalization_a_share).toBeGreaterThan(0);
    const spx = (await http.post('/v1/stock/index-prices', { symbol: 'SPX' })).body.data.items[0];
    expect(spx.dividend_yield).toBeLessThan(0.1);
    expect(spx.market_capitalization_a_share).toBe(0);
  });

  it('name concept stocks’ exchanges SH and SZ', async () => {
    const concepts = (await http.get('/v1/concepts/latest')).body as Array<{ stocks: Array<{ market: string; code: string }> }>;
    const markets = new Set(concepts.flatMap((c) => c.stocks.map((s) => s.market)));
    expect(markets.has('SH') || markets.has('SZ')).toBe(true);
    expect([...markets].every((m) => ['SH', 'SZ', 'HK', 'US'].includes(m))).toBe(true);
    const catl = concepts.flatMap((c) => c.stocks).find((s) => s.code === '300750');
    expect(catl?.market).toBe('SZ');
  });
});
