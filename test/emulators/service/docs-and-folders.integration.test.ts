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

async function someDocId(): Promise<string> {
  const res = await http.post('/v2/search', { query: '贵州茅台', num: 1 });
  return res.body.docs[0].doc_id;
}

describe('document content', () => {
  it('returns chunks of every type with published_at (latest) or published_date (legacy)', async () => {
    const id = await someDocId();
    const latest = await http.get(`/v1/docs/${id}`);
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({ doc_id: id, title: expect.any(String), url: expect.any(String), published_at: expect.any(Number) });
    expect(new Set(latest.body.chunks.map((c: { type: string }) => c.type))).toEqual(new Set(['text', 'table', 'image', 'formula']));
    const table = latest.body.chunks.find((c: { type: string }) => c.type === 'table');
    expect(table.content).toContain('|');
    expect(table.media_url).toMatch(/^https:/);
    expect(latest.body.companies[0].stocks[0].symbol).toBe('SH:600519');
    em.setVariant('legacy');
    try {
      const legacy = await http.get(`/v1/docs/${id}`);
      expect(legacy.body.published_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(legacy.body.published_at).toBeUndefined();
      expect(legacy.body.tags).toEqual({ key: expect.any(String), value: expect.any(Array) });
    } finally {
      em.setVariant('latest');
    }
  });

  it('returns a Markdown summary', async () => {
    const id = await someDocId();
    const res = await http.get(`/v1/docs/${id}/summary`);
    expect(res.body.doc_id).toBe(id);
    expect(res.body.summary).toMatch(/\*\*.+\*\*/);
  });
});

describe('folders', () => {
  it('create returns folder_id (schema) or id (legacy)', async () => {
    const schema = await http.post('/v1/docs/folder/create', { name: 'Q3 prep' });
    expect(schema.body.folder_id).toMatch(/^fld_/);
    em.setVariant('legacy');
    try {
      const legacy = await http.post('/v1/docs/folder/create', { name: 'old style' });
      expect(legacy.body.id).toMatch(/^fld_/);
      expect(legacy.body.folder_id).toBeUndefined();
    } finally {
      em.setVariant('latest');
    }
  });

  it('delete returns the folder documents, which then disappear', async () => {
    const before = await http.post('/v1/search', { query: '', folder_ids: ['fld_research_notes'], page_size: 100 });
    expect(before.body.total_count).toBeGreaterThan(0);
    const res = await http.del('/v1/docs/folder/delete', { folder_id: 'fld_research_notes' });
    expect(res.status).toBe(200);
    expect(res.body.folder_id).toBe('fld_research_notes');
    expect(res.body.doc_ids.sort()).toEqual(before.body.docs.map((d: { id: string }) => d.id).sort());
    expect((await http.get(`/v1/docs/${res.body.doc_ids[0]}`)).status).toBe(404);
    expect((await http.del('/v1/docs/folder/delete', { folder_id: 'fld_research_notes' })).status).toBe(404);
    const empty = await http.post('/v1/docs/folder/create', { name: 'empty' });
    const gone = await http.del('/v1/docs/folder/delete', { folder_id: empty.body.folder_id });
    expect(gone.body).toEqual({ doc_ids: [], folder_id: empty.body.folder_id });
  });
});

describe('latest concepts', () => {
  it('lists 10+ concepts with stocks and docs, docs omitted on request', async () => {
    const res = await http.get('/v1/concepts/latest');
    expect(res.body.length).toBeGreaterThanOrEqual(10);
    const scores = res.body.map((c: { trending_score: number }) => c.trending_score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const c of res.body) {
      expect(c).toMatchObject({
        concept_id: expect.any(String),
        concept_name: expect.any(String),
        first_detected: expect.any(Boolean),
        scored_at: expect.any(Number),
      });
      expect(c.stocks.length).toBeGreaterThan(0);
      expect(c.docs.length).toBeGreaterThan(0);
    }
    const noDocs = await http.get('/v1/concepts/latest?include_docs=false');
    expect(noDocs.body.length).toBeGreaterThan(0);
    expect(noDocs.body.every((c: { docs?: unknown }) => c.docs === undefined)).toBe(true);
  });
});
