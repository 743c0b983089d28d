/**
 * The shapes the real service answers with (its published OpenAPI schema and samples, see
 * /work/shared/spec/README.md) next to the interface document's: both read to one shape.
 */
import { describe, expect, it } from 'vitest';
import { chunkListSchema } from '../../../src/service/schemas/chunk-schema.js';
import { documentDetailSchema } from '../../../src/service/schemas/document-detail-schema.js';
import { documentSummarySchema } from '../../../src/service/schemas/document-summary-schema.js';
import { errorBodySchema } from '../../../src/service/schemas/error-body-schema.js';
import { parseShape } from '../../../src/service/schemas/parse-shape.js';
import { v2SearchResultSchema } from '../../../src/service/schemas/search-document-schema.js';

/** 00:30 on 2024-06-30 in Shanghai (UTC+8) is 16:30 UTC on the 29th. */
const SHANGHAI_HALF_PAST_MIDNIGHT = Date.parse('2024-06-29T16:30:00Z');
const moutai = { name: '贵州茅台', stocks: [{ symbol: 'SH:600519', market: 'cn', code: '600519' }] };

describe('list documents (v1 search, documents by tag, a chunk’s doc)', () => {
  it('read the published form: doc_id, a millisecond published_at and companies', () => {
    const doc = parseShape(documentSummarySchema, {
      doc_id: 'd1',
      title: '贵州茅台：2024年半年度报告',
      url: 'https://example.test/d1',
      published_at: SHANGHAI_HALF_PAST_MIDNIGHT,
      market: 'cn',
      companies: [moutai],
      metadatas: { period: ['2024Q2'] },
    });
    expect(doc).toMatchObject({
      id: 'd1',
      publishedAt: '2024-06-29T16:30:00.000Z',
      publishedDate: '2024-06-30',
      companies: [{ name: '贵州茅台', stocks: [{ symbol: 'SH:600519' }] }],
      metadatas: { period: ['2024Q2'] },
    });
  });

  it('read the interface form: id and an ISO string', () => {
    const doc = parseShape(documentSummarySchema, {
      id: 'd2',
      title: 'NVIDIA 10-Q',
      published_at: '2024-06-29T16:30:00.000Z',
      market: 'us',
      symbol: 'US:NVDA',
    });
    expect(doc).toMatchObject({ id: 'd2', publishedAt: '2024-06-29T16:30:00.000Z', publishedDate: '2024-06-29' });
    expect(doc.companies).toBeUndefined();
  });

  it('date a document in its market’s zone, found from the market, the symbol or a company', () => {
    const at = (extra: Record<string, unknown>) =>
      parseShape(documentSummarySchema, { id: 'd', title: 't', published_at: SHANGHAI_HALF_PAST_MIDNIGHT, ...extra }).publishedDate;
    expect(at({ market: 'cn' })).toBe('2024-06-30');
    expect(at({ symbol: 'SZ:300750' })).toBe('2024-06-30');
    expect(at({ companies: [moutai] })).toBe('2024-06-30');
    expect(at({ market: 'hk' })).toBe('2024-06-30');
    expect(at({ market: 'us' })).toBe('2024-06-29');
    // Unknown market: no market date; the card dates it in the zone it is given.
    expect(at({})).toBeUndefined();
  });
});

describe('v2 search documents and document detail', () => {
  it('date v2 documents by their first company’s market', () => {
    const result = parseShape(v2SearchResultSchema, {
      docs: [{ doc_id: 'd1', title: 't', published_at: SHANGHAI_HALF_PAST_MIDNIGHT, companies: [moutai] }],
      total_count: 1,
    });
    expect(result.docs[0]).toMatchObject({ docId: 'd1', publishedAtMs: SHANGHAI_HALF_PAST_MIDNIGHT, publishedDate: '2024-06-30' });
  });

  it('date a detail in its market’s zone, UTC without one', () => {
    const base = { doc_id: 'd1', title: 't', url: 'https://example.test/d1', published_at: SHANGHAI_HALF_PAST_MIDNIGHT };
    expect(parseShape(documentDetailSchema, { ...base, market: 'cn' }).publishedDate).toBe('2024-06-30');
    expect(parseShape(documentDetailSchema, base).publishedDate).toBe('2024-06-29');
    // The sample form's date is the service's own word.
    expect(parseShape(documentDetailSchema, { ...base, market: 'cn', published_date: '2024-06-29' }).publishedDate).toBe('2024-06-29');
  });
});

describe('one bad item in a list', () => {
  it('is left out and counted, never failing the answer', () => {
    const result = parseShape(v2SearchResultSchema, {
      docs: [null, { title: 'no id' }, { doc_id: 'd1', title: 'kept' }],
      total_count: 3,
    });
    expect(result.docs.map((d) => d.docId)).toEqual(['d1']);
    expect(result.skipped).toEqual({ count: 2, first: expect.stringMatching(/^\[0\]: /) });
    const chunks = parseShape(chunkListSchema, {
      chunks: [{ id: 'c1', content: 'a', doc: { doc_id: 'd1', title: 't', url: 'u' } }, 7, { id: 'c2', doc: { title: 'no id' } }],
    });
    expect(chunks.items.map((c) => c.id)).toEqual(['c1']);
    expect(chunks.items[0]?.doc).toMatchObject({ id: 'd1' });
    expect(chunks.skipped.count).toBe(2);
    const detail = parseShape(documentDetailSchema, { doc_id: 'd1', title: 't', url: 'u', chunks: [null, { id: 'c1' }] });
    expect(detail.chunks.map((c) => c.id)).toEqual(['c1']);
    expect(detail.skipped.count).toBe(1);
  });

  it('a list that is not a list still fails', () => {
    expect(() => parseShape(v2SearchResultSchema, { docs: 'x' })).toThrow(/docs/);
  });
});

describe('validation error bodies', () => {
  it('keep loc items as strings or integers, as FastAPI sends them', () => {
    const body = errorBodySchema.parse({
      detail: [
        { type: 'string_type', loc: ['body', 'symbols', 0], msg: 'Input should be a valid string', input: 7 },
        { type: 'missing', loc: ['query', 'limit'], msg: 'Field required' },
      ],
    });
    expect(body.issues).toEqual([
      { loc: ['body', 'symbols', 0], msg: 'Input should be a valid string', type: 'string_type' },
      { loc: ['query', 'limit'], msg: 'Field required', type: 'missing' },
    ]);
  });
});
