import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/doctor/record-exchanges.js';
import { describeServiceVariant, listDocumentForm } from '../../src/doctor/service-variant.js';

const answered = (path: string, body: unknown, status = 200): Exchange => ({ method: 'POST', path, status, body: JSON.stringify(body) });
const doc = { id: 'd1', title: 't', published_at: '2025-01-02T03:04:05.000Z' };

describe('describeServiceVariant', () => {
  it('names the paging names of a v1 list as the client decides them, and its document form', () => {
    const legacy = answered('/v1/search', { total_num: 1, page: 1, page_num: 10, docs: [doc] });
    const schema = answered('/v1/search', {
      total_count: 1,
      page_num: 1,
      page_size: 10,
      docs: [{ doc_id: 'd1', title: 't', published_at: 1 }],
    });
    expect(describeServiceVariant([legacy], { pagedList: true })).toBe('paging legacy, docs id/ISO');
    expect(describeServiceVariant([schema], { pagedList: true })).toBe('paging schema, docs doc_id/ms');
    expect(describeServiceVariant([schema], {})).toBeUndefined();
  });

  it('names the route that answered after a fallback, from the last 2xx exchange', () => {
    const exchanges = [answered('/v1/stock/index-quote', { detail: 'Not Found' }, 404), answered('/v1/stock/index-prices', { data: {} })];
    expect(describeServiceVariant(exchanges, { namesRoute: true })).toBe('route /v1/stock/index-prices');
    expect(describeServiceVariant([exchanges[0]!], { namesRoute: true })).toBeUndefined();
  });

  it('reads documents without an id or a date as such', () => {
    expect(listDocumentForm([null, { title: 't' }])).toBe('no id/no date');
    expect(listDocumentForm([])).toBeUndefined();
  });
});
