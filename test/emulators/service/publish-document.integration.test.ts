/**
 * The emulator's publishDocument control: a document that appears while the emulator runs is
 * found at once, in the real service's shapes, by date-sorted v1 search, v2 search, the document
 * and summary routes, and the published schema's naming (doc_id, integer published_at).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { buildHttp } from './emulator-http.js';

const NOW = Date.parse('2025-07-02T03:00:00.000Z');
let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ agentSpeed: 200, clock: () => NOW });
  http = buildHttp(em);
});
afterAll(async () => {
  await em.close();
});

describe('publishDocument', () => {
  it('publishes a company document dated by the emulator clock, newest in a latest-sorted search', async () => {
    const doc = em.publishDocument({ symbol: 'SH:600519', category: 'filings', title: 'Moutai interim dividend notice' });
    expect(doc.publishedAtMs).toBe(NOW);
    const res = await http.post('/v1/search', {
      query: '600519',
      symbols: ['SH:600519'],
      categories: ['filings'],
      sort: 'latest',
      start_date: '2025-07-01',
    });
    expect(res.status).toBe(200);
    expect(res.body.docs.map((d: { doc_id?: string; id?: string }) => d.doc_id ?? d.id)).toEqual([doc.id]);
    const summary = await http.get(`/v1/docs/${doc.id}/summary`);
    expect(summary.body.data?.summary ?? summary.body.summary).toContain('Moutai interim dividend notice');
  });

  it('publishes a keyword document that keyword search finds, and refuses an unknown company', async () => {
    const doc = em.publishDocument({ keyword: 'sodium-ion battery', category: 'news', publishedAtMs: NOW + 1_000 });
    const res = await http.post('/v1/search', { query: 'sodium-ion battery', sort: 'latest', start_date: '2025-07-02' });
    expect(res.body.docs[0]).toMatchObject({ id: doc.id, title: doc.title, published_at: new Date(NOW + 1_000).toISOString() });
    // The published schema's naming, as the real service answers.
    em.setVariant('published');
    const published = await http.post('/v1/search', { query: 'sodium-ion battery', sort: 'latest', start_date: '2025-07-02' });
    em.setVariant('latest');
    expect(published.body.docs[0]).toMatchObject({ doc_id: doc.id, published_at: NOW + 1_000 });
    const v2 = await http.post('/v2/search', { query: 'sodium-ion battery', start_datetime: '2025-07-02' });
    expect(v2.body.docs.map((d: { doc_id: string }) => d.doc_id)).toContain(doc.id);
    expect(() => em.publishDocument({ symbol: 'XX:NOPE' })).toThrow(/not a demo company/);
  });

  it('publishes over HTTP (POST /_emulator/documents, with the API key) and says what is wrong', async () => {
    const res = await http.post('/_emulator/documents', { symbol: 'US:NVDA', category: 'transcripts', title: 'NVIDIA Q2 call' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ doc_id: expect.stringMatching(/^doc_pub/), title: 'NVIDIA Q2 call', published_at: NOW });
    const found = await http.post('/v1/search', { query: 'NVDA', symbols: ['US:NVDA'], categories: ['transcripts'], sort: 'latest' });
    expect(found.body.docs[0].id).toBe(res.body.doc_id);
    const bad = await http.post('/_emulator/documents', { symbol: 'US:NOPE', category: 'memes' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('category');
    expect(JSON.stringify(bad.body)).toContain('not a company of the demo data');
    const anonymous = await fetch(`${em.url}/_emulator/documents`, { method: 'POST', body: JSON.stringify({ keyword: 'x' }) });
    expect(anonymous.status).toBe(401);
  });
});
