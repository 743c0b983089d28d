import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { documentPageSchema } from '../../../src/service/schemas/document-page-schema.js';
import { parseShape } from '../../../src/service/schemas/parse-shape.js';
import { pagingFields } from '../../../src/service/paging-naming.js';
import { ShapeError } from '../../../src/service/errors/shape-error.js';

const doc = fc.record({ id: fc.string({ minLength: 1, maxLength: 8 }), title: fc.string({ maxLength: 20 }) });

describe('documentPageSchema', () => {
  it('gives the same page for the legacy and the schema naming', () => {
    fc.assert(
      fc.property(
        fc.array(doc, { maxLength: 5 }),
        fc.nat(10_000),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 100 }),
        (docs, total, pageNum, pageSize) => {
          const totalPages = Math.ceil(total / pageSize);
          const legacy = parseShape(documentPageSchema, {
            docs,
            total_num: total,
            total_page: totalPages,
            page: pageNum,
            page_num: pageSize,
          });
          const schema = parseShape(documentPageSchema, {
            docs,
            total_count: total,
            total_page: totalPages,
            page_num: pageNum,
            page_size: pageSize,
          });
          expect(legacy.naming).toBe('legacy');
          expect(schema.naming).toBe('schema');
          const { naming: _a, ...l } = legacy;
          const { naming: _b, ...s } = schema;
          expect(l).toEqual(s);
          expect(s).toMatchObject({ totalCount: total, pageNum, pageSize, totalPages });
          expect(s.items.map((d) => d.id)).toEqual(docs.map((d) => d.id));
        },
      ),
    );
  });

  it('applies the documented defaults when paging fields are absent', () => {
    expect(parseShape(documentPageSchema, { docs: [] })).toMatchObject({ totalCount: 0, pageNum: 1, pageSize: 10, totalPages: 0 });
  });

  it('derives total pages when the legacy form omits them', () => {
    expect(parseShape(documentPageSchema, { docs: [], total_num: 21, page: 1, page_num: 10 }).totalPages).toBe(3);
  });

  it('rejects docs that are not an array', () => {
    expect(() => parseShape(documentPageSchema, { docs: 'x' })).toThrow(ShapeError);
    expect(() => parseShape(documentPageSchema, '<html>')).toThrow(ShapeError);
  });

  it('leaves out and counts documents it cannot read (no id, null), keeping the rest of the page', () => {
    const page = parseShape(documentPageSchema, {
      docs: [{ title: 'no id' }, { id: 'd1', title: 'kept' }, null, { doc_id: 'd2', title: 'kept too', published_at: 1_719_700_000_000 }],
      total_count: 4,
    });
    expect(page.items.map((d) => d.id)).toEqual(['d1', 'd2']);
    expect(page.totalCount).toBe(4);
    expect(page.skipped.count).toBe(2);
    expect(page.skipped.first).toMatch(/^\[0\]\.id/);
  });
});

describe('pagingFields', () => {
  it('names the page number and size per variant', () => {
    expect(pagingFields('legacy', 2, 20)).toEqual({ page: 2, page_num: 20 });
    expect(pagingFields('schema', 2, 20)).toEqual({ page_num: 2, page_size: 20 });
    expect(pagingFields('schema', undefined, undefined)).toEqual({});
  });
});
