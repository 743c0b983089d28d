import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { buildHttp } from './emulator-http.js';

let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ agentSpeed: 200 });
  http = buildHttp(em);
});
afterAll(async () => {
  await em.close();
});

describe('v2 search', () => {
  it('ranks 茅台 documents with descending scores', async () => {
    const res = await http.post('/v2/search', { query: '茅台' });
    expect(res.status).toBe(200);
    const { docs, total_count, took_ms } = res.body;
    expect(docs).toHaveLength(10);
    expect(total_count).toBeGreaterThan(10);
    expect(typeof took_ms).toBe('number');
    expect(`${docs[0].title}${docs[0].summary}`).toContain('茅台');
    const scores = docs.map((d: { score: number }) => d.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores[0]).toBeGreaterThan(0);
    expect(docs[0]).toMatchObject({ doc_id: expect.any(String), url: expect.any(String), published_at: expect.any(Number) });
    expect(docs[0].companies[0].stocks[0]).toMatchObject({ symbol: expect.stringMatching(/^[A-Z]{2}:/) });
    expect(docs.every((d: { category: string }) => d.category !== 'files')).toBe(true);
  });

  it('filters by symbol, industry, channel and datetime', async () => {
    const bySymbol = await http.post('/v2/search', { query: 'data center GPU', symbols: ['US:NVDA'], num: 100 });
    expect(bySymbol.body.docs.length).toBeGreaterThan(0);
    for (const d of bySymbol.body.docs)
      expect(d.companies.map((c: { stocks: Array<{ symbol: string }> }) => c.stocks[0]?.symbol)).toContain('US:NVDA');
    const windowed = await http.post('/v2/search', {
      query: 'NVIDIA',
      start_datetime: '2025-01-01',
      end_datetime: '2025-03-31 23:59:59',
      num: 100,
    });
    for (const d of windowed.body.docs) {
      expect(d.published_at).toBeGreaterThanOrEqual(Date.parse('2025-01-01T00:00:00Z'));
      expect(d.published_at).toBeLessThanOrEqual(Date.parse('2025-03-31T23:59:59Z'));
    }
    const industry = await http.post('/v2/search', { query: '白酒', industries: ['白酒'], num: 50 });
    expect(industry.body.total_count).toBeGreaterThan(0);
    const none = await http.post('/v2/search', { query: '白酒', industries: ['Nonexistent'] });
    expect(none.body).toMatchObject({ docs: [], total_count: 0 });
  });

  it('news search returns only news', async () => {
    const res = await http.post('/v2/search/news', { query: 'Tesla 特斯拉', num: 20 });
    expect(res.body.docs.length).toBeGreaterThan(0);
    expect(new Set(res.body.docs.map((d: { category: string }) => d.category))).toEqual(new Set(['news']));
  });
});

describe('v1 search variants', () => {
  it('legacy: page/page_num in, total_num/page/page_num out, tags as a pair', async () => {
    em.setVariant('legacy');
    try {
      const res = await http.post('/v1/search', { query: '宁德时代', page: 2, page_num: 3 });
      expect(res.body).toMatchObject({ page: 2, page_num: 3 });
      expect(res.body.total_num).toBeGreaterThan(3);
      expect(res.body.docs).toHaveLength(3);
      expect(res.body.docs[0].tags).toEqual({ key: expect.any(String), value: expect.any(Array) });
      expect(res.body.docs[0].metadatas).toEqual({ key: expect.any(String), value: expect.any(Array) });
      expect(res.body.total_count).toBeUndefined();
      const missingQuery = await http.post('/v1/search', { page: 1 });
      expect(missingQuery.status).toBe(422);
    } finally {
      em.setVariant('latest');
    }
  });

  it('schema: page_num/page_size/total_count, and the legacy request spelling still works', async () => {
    em.setVariant('schema');
    try {
      const res = await http.post('/v1/search', { query: '宁德时代', page_num: 2, page_size: 4 });
      expect(res.body).toMatchObject({ page_num: 2, page_size: 4 });
      expect(res.body.total_page).toBe(Math.ceil(res.body.total_count / 4));
      expect(res.body.docs).toHaveLength(4);
      expect(res.body.docs[0].tags.company).toEqual(expect.any(Array));
      const legacyNames = await http.post('/v1/search', { query: '宁德时代', page: 2, page_num: 4 });
      expect(legacyNames.body.docs.map((d: { id: string }) => d.id)).toEqual(res.body.docs.map((d: { id: string }) => d.id));
      const socials = await http.post('/v1/search', { query: 'x', categories: ['socials'] });
      expect(socials.status).toBe(422);
    } finally {
      em.setVariant('latest');
    }
  });

  it('latest: defaults, paging totals, financials/socials, highlight and optional query', async () => {
    const first = await http.post('/v1/search', { query: 'Apple iPhone' });
    expect(first.body).toMatchObject({ page_num: 1, page_size: 10 });
    const all = await http.post('/v1/search', { query: 'Apple iPhone', page_size: 100 });
    expect(all.body.docs.length).toBe(Math.min(100, all.body.total_count));
    expect(first.body.docs.map((d: { id: string }) => d.id)).toEqual(all.body.docs.slice(0, 10).map((d: { id: string }) => d.id));
    const socials = await http.post('/v1/search', {
      query: 'Apple',
      categories: ['socials', 'financials'],
      should_highlight: true,
      page_size: 50,
    });
    expect(socials.status).toBe(200);
    expect(new Set(socials.body.docs.map((d: { category: string }) => d.category))).toEqual(new Set(['socials', 'financials']));
    expect(socials.body.docs.some((d: { title: string }) => d.title.includes('<em>'))).toBe(true);
    const noQuery = await http.post('/v1/search', { categories: ['filings'], page_size: 5 });
    expect(noQuery.status).toBe(200);
    expect(noQuery.body.docs).toHaveLength(5);
  });

  it('excludes files by default and filters by market, symbol, institution, dates, tags and folders', async () => {
    const base = await http.post('/v1/search', { query: '贵州茅台', page_size: 100 });
    expect(base.body.docs.length).toBeGreaterThan(0);
    expect(base.body.docs.every((d: { category: string }) => d.category !== 'files')).toBe(true);
    const files = await http.post('/v1/search', { query: '贵州茅台', categories: ['files'], page_size: 100 });
    expect(files.body.docs.length).toBeGreaterThan(0);
    expect(files.body.docs.every((d: { category: string }) => d.category === 'files')).toBe(true);

    const hk = await http.post('/v1/search', { query: '腾讯 阿里巴巴 Tencent', markets: ['hk'], page_size: 100 });
    expect(hk.body.docs.length).toBeGreaterThan(0);
    expect(hk.body.docs.every((d: { market: string }) => d.market === 'hk')).toBe(true);

    const sym = await http.post('/v1/search', { query: '电池', symbols: ['SZ:300750'], page_size: 100 });
    expect(sym.body.docs.length).toBeGreaterThan(0);
    expect(sym.body.docs.every((d: { symbol: string }) => d.symbol === 'SZ:300750')).toBe(true);

    const inst = await http.post('/v1/search', { query: 'Reuters', institutions: ['Reuters'], page_size: 100 });
    expect(inst.body.docs.length).toBeGreaterThan(0);
    expect(inst.body.docs.every((d: { institution: string }) => d.institution === 'Reuters')).toBe(true);

    const dated = await http.post('/v1/search', { query: 'NVIDIA', start_date: '2025-01-01', end_date: '2025-06-30', page_size: 100 });
    expect(dated.body.docs.length).toBeGreaterThan(0);
    for (const d of dated.body.docs) expect(d.published_at >= '2025-01-01' && d.published_at <= '2025-06-30T23:59:59.999Z').toBe(true);

    const tagMap = await http.post('/v1/search', { query: '白酒', tags: { industry: ['白酒'] }, page_size: 100 });
    expect(tagMap.body.docs.length).toBeGreaterThan(0);
    expect(tagMap.body.docs.every((d: { tags: { industry: string[] } }) => d.tags.industry.includes('白酒'))).toBe(true);

    const tagArray = await http.post('/v1/search', { query: '', categories: ['files'], tags: ['watchlist'], page_size: 100 });
    expect(tagArray.body.docs.length).toBeGreaterThan(0);

    const folder = await http.post('/v1/search', { query: '', folder_ids: ['fld_watchlist'], page_size: 100 });
    expect(folder.body.docs.length).toBeGreaterThan(0);
    expect(folder.body.docs.every((d: { folder_id: string }) => d.folder_id === 'fld_watchlist')).toBe(true);
  });

  it('keywords mode matches terms; sort latest orders by date', async () => {
    const kw = await http.post('/v1/search', { query: 'Megapack', mode: 'keywords', page_size: 100 });
    expect(kw.body.total_count).toBeGreaterThan(0);
    const latest = await http.post('/v1/search', { query: 'Microsoft Azure', sort: 'latest', page_size: 50 });
    const dates = latest.body.docs.map((d: { published_at: string }) => d.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('chunk search', () => {
  it('returns chunks with id/title/url docs by default and full docs with either flag spelling', async () => {
    const plain = await http.post('/v1/search/chunks', { query: '宁德时代 储能', num: 3 });
    expect(plain.body.chunks).toHaveLength(3);
    expect(Object.keys(plain.body.chunks[0].doc).sort()).toEqual(['id', 'title', 'url']);
    const full = await http.post('/v1/search/chunks', { query: '宁德时代 储能', num: 3, include_doc_extra_detail: true });
    expect(full.body.chunks[0].doc).toMatchObject({
      institution: expect.any(String),
      category: expect.any(String),
      tags: expect.any(Object),
    });
    const schemaSpelling = await http.post('/v1/search/rag', { query: '宁德时代 储能', num: 3, include_doc_extra_details: true });
    expect(schemaSpelling.body.chunks[0].doc.market).toBeDefined();
    const types = new Set<string>();
    const many = await http.post('/v1/search/chunks', { query: '贵州茅台 营业收入 毛利率 图表', num: 100 });
    for (const c of many.body.chunks) types.add(c.type);
    expect(types).toEqual(new Set(['text', 'table', 'image', 'formula']));
  });

  it('restricts to doc_ids', async () => {
    const some = await http.post('/v2/search', { query: '英伟达', num: 1 });
    const docId = some.body.docs[0].doc_id;
    const res = await http.post('/v1/search/chunks', { query: '英伟达 NVIDIA', doc_ids: [docId] });
    expect(res.body.chunks.length).toBeGreaterThan(0);
    expect(res.body.chunks.every((c: { doc: { id: string } }) => c.doc.id === docId)).toBe(true);
  });
});

describe('documents by tag', () => {
  it('pages tagged documents with the variant naming', async () => {
    const res = await http.post('/v1/docs/tags', { tags: ['Semiconductors', '半导体'], page_size: 5 });
    expect(res.body.total_count).toBeGreaterThan(5);
    expect(res.body.docs).toHaveLength(5);
    em.setVariant('legacy');
    try {
      const legacy = await http.post('/v1/docs/tags', { tags: ['Semiconductors', '半导体'], page: 2, page_num: 5 });
      expect(legacy.body).toMatchObject({ page: 2, page_num: 5 });
      // The legacy variant does not know the financials and socials categories.
      expect(legacy.body.total_num).toBeLessThan(res.body.total_count);
      expect(legacy.body.docs).toHaveLength(5);
    } finally {
      em.setVariant('latest');
    }
  });
});
