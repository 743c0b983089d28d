import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chunkSchema } from '../../../src/service/schemas/chunk-schema.js';
import { documentDetailSchema } from '../../../src/service/schemas/document-detail-schema.js';
import { documentSummarySchema } from '../../../src/service/schemas/document-summary-schema.js';
import { parseShape } from '../../../src/service/schemas/parse-shape.js';
import { ShapeError } from '../../../src/service/errors/shape-error.js';

const base = { doc_id: 'd1', title: 'Kweichow Moutai 2024 annual report', url: 'https://example.test/d1' };

describe('documentDetailSchema', () => {
  it('yields the same date from published_at (ms) and published_date (string)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const day = new Date(ms).toISOString().slice(0, 10);
        const fromMs = parseShape(documentDetailSchema, { ...base, published_at: ms });
        const fromDate = parseShape(documentDetailSchema, { ...base, published_date: day });
        expect(fromMs.publishedDate).toBe(day);
        expect(fromDate.publishedDate).toBe(day);
        expect(fromMs.publishedAtMs).toBe(ms);
        expect(fromDate.publishedAtMs).toBeUndefined();
      }),
    );
  });

  it('maps the whole detail and defaults absent lists', () => {
    const d = parseShape(documentDetailSchema, {
      ...base,
      company_name: '贵州茅台',
      report_type: 3,
      companies: [{ name: '贵州茅台', stocks: [{ symbol: 'SH:600519', market: 'SH', code: '600519' }] }],
      tags: { key: 'industry', value: ['白酒'] },
      chunks: [{ id: 'c1', type: 'table', content: '| a |', media_url: '' }],
    });
    expect(d).toMatchObject({
      docId: 'd1',
      companyName: '贵州茅台',
      reportType: 3,
      tags: { industry: ['白酒'] },
      companies: [{ name: '贵州茅台', stocks: [{ symbol: 'SH:600519', code: '600519' }] }],
      chunks: [{ id: 'c1', type: 'table', content: '| a |' }],
    });
    expect(d.chunks[0]?.mediaUrl).toBeUndefined();
    expect(parseShape(documentDetailSchema, base)).toMatchObject({ chunks: [], companies: [], tags: {}, metadatas: {} });
  });

  it('rejects a detail whose required fields have the wrong type', () => {
    expect(() => parseShape(documentDetailSchema, { ...base, title: { zh: 'x' } })).toThrow(ShapeError);
    expect(() => parseShape(documentDetailSchema, { title: 't', url: 'u' })).toThrow(/doc_id/);
    expect(() => parseShape(documentDetailSchema, { ...base, chunks: 'none' })).toThrow(/chunks/);
    expect(() => parseShape(documentDetailSchema, [base])).toThrow(ShapeError);
  });
});

describe('chunkSchema', () => {
  const partial = { id: 'd9', title: 'NVDA Q2 call', url: 'https://example.test/d9' };
  const full = { ...partial, institution: 'NVIDIA', published_at: '2024-08-28T00:00:00.000Z', tags: { company: ['NVIDIA'] } };

  it('accepts the partial and the full document of a chunk', () => {
    const a = parseShape(chunkSchema, { id: 'c', type: 'text', content: 'x', doc: partial });
    const b = parseShape(chunkSchema, { id: 'c', type: 'text', content: 'x', doc: full });
    expect(a.doc).toEqual({ ...partial, tags: {}, metadatas: {} });
    expect(b.doc).toMatchObject({ ...partial, institution: 'NVIDIA', publishedAt: full.published_at, tags: { company: ['NVIDIA'] } });
  });

  it('keeps the list form document tolerant of ms timestamps', () => {
    expect(parseShape(documentSummarySchema, { id: 'x', title: 't', published_at: 0 }).publishedAt).toBe('1970-01-01T00:00:00.000Z');
  });
});
