import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { folderCreatedSchema, folderDeletedSchema } from '../../../src/service/schemas/folder-schemas.js';
import { stockEnvelopeSchema } from '../../../src/service/schemas/stock-envelope-schema.js';
import { balanceSheetListSchema } from '../../../src/service/schemas/statement-schemas.js';
import { revenueBreakdownSchema } from '../../../src/service/schemas/revenue-breakdown-schema.js';
import { indexPricesSchema } from '../../../src/service/schemas/index-prices-schema.js';
import { conceptListSchema } from '../../../src/service/schemas/concept-schema.js';
import { conversationMessageListSchema } from '../../../src/service/schemas/conversation-message-schema.js';
import { v2SearchResultSchema } from '../../../src/service/schemas/search-document-schema.js';
import { parseShape } from '../../../src/service/schemas/parse-shape.js';
import { ShapeError } from '../../../src/service/errors/shape-error.js';

describe('folder schemas', () => {
  it('read the folder id from folder_id or id', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        expect(parseShape(folderCreatedSchema, { folder_id: id })).toEqual({ folderId: id });
        expect(parseShape(folderCreatedSchema, { id })).toEqual({ folderId: id });
      }),
    );
    expect(() => parseShape(folderCreatedSchema, { ok: true })).toThrow(ShapeError);
    expect(parseShape(folderDeletedSchema, { folder_id: 'f', doc_ids: ['a'] })).toEqual({ folderId: 'f', docIds: ['a'] });
    expect(() => parseShape(folderDeletedSchema, { folder_id: 'f', doc_ids: 'a' })).toThrow(ShapeError);
  });
});

describe('stock schemas', () => {
  it('read the wrapper and balance sheet records', () => {
    const env = parseShape(stockEnvelopeSchema, {
      status: 200,
      code: 0,
      message: '',
      data: [
        {
          currency: 'CNY',
          end_date: '2024-12-31',
          symbol: '600519',
          fiscal_year: 2024,
          fiscal_quarter: 'FY',
          period: 'annual',
          filling_date: '2025-03-30',
          current_assets: { total_current_assets: 1.5e11, inventories: null },
          owners_equity: { total_shareholders_equity: '2.0e11' },
        },
      ],
    });
    expect(env.code).toBe(0);
    const [record] = parseShape(balanceSheetListSchema, env.data, ['data']);
    expect(record).toMatchObject({
      fiscalYear: '2024',
      filingDate: '2025-03-30',
      currentAssets: { total_current_assets: 1.5e11 },
      ownersEquity: { total_shareholders_equity: 2e11 },
      nonCurrentAssets: {},
    });
    expect(record?.currentAssets).not.toHaveProperty('inventories');
    expect(() => parseShape(balanceSheetListSchema, { items: [] }, ['data'])).toThrow(ShapeError);
    expect(() => parseShape(balanceSheetListSchema, [{ currency: 'CNY' }], ['data'])).toThrow(/end_date/);
  });

  it('read revenue breakdowns and index prices', () => {
    const rb = parseShape(revenueBreakdownSchema, {
      currency: 'CNY',
      list: [
        {
          end_date: '2024-12-31',
          period: 'FY2024',
          fiscal_year: 2024,
          product: ['茅台酒'],
          area: [{ name: '国内' }],
          industry: [{ name: '白酒', revenue: 10, revenue_percentage: 100 }],
          industry_total_revenue: 10,
        },
      ],
    });
    expect(rb.periods[0]).toMatchObject({
      fiscalYear: 2024,
      product: [{ name: '茅台酒' }],
      industry: [{ name: '白酒', revenue: 10, revenuePercentage: 100 }],
    });
    const prices = parseShape(indexPricesSchema, {
      items: [{ date: '2025-01-02', symbol: 'SPX', name: 'S&P 500', stock_price: 5868.55, stock_open: 5903.26 }],
    });
    expect(prices[0]).toMatchObject({ date: '2025-01-02', close: 5868.55, open: 5903.26 });
  });
});

describe('concept, message and v2 search schemas', () => {
  it('read concepts from a bare array, leaving out and counting unreadable ones', () => {
    const {
      items: [c],
    } = parseShape(conceptListSchema, [
      {
        concept_id: 'k1',
        concept_name: '低空经济',
        trending_score: 0.9,
        concept_keywords: ['eVTOL'],
        first_detected: true,
        stocks: [{ market: 'SZ', code: '002085', name: '万丰奥威' }],
      },
    ]);
    expect(c).toMatchObject({ conceptId: 'k1', name: '低空经济', keywords: ['eVTOL'], firstDetected: true, docs: [] });
    // The exchange as the market (the real samples' form): a symbol every command takes.
    expect(c?.stocks[0]).toMatchObject({ market: 'SZ', code: '002085', symbol: 'SZ:002085' });
    const partly = parseShape(conceptListSchema, [{ concept_name: 'x' }, null, { concept_id: 'k2', concept_name: 'y' }]);
    expect(partly.items.map((i) => i.conceptId)).toEqual(['k2']);
    expect(partly.skipped).toMatchObject({ count: 2, first: expect.stringMatching(/^\[0\]\.concept_id/) });
    expect(() => parseShape(conceptListSchema, 'nope')).toThrow(ShapeError);
  });

  it('read conversation messages with nullable members', () => {
    const [m] = parseShape(conversationMessageListSchema, {
      messages: [
        {
          id: 2,
          conversation_id: 7,
          role: 'assistant',
          reply_to_message_id: 1,
          content: { text: 'hi' },
          status: 'completed',
          assistant_message_id: 'am-1',
          error_info: null,
        },
      ],
    });
    expect(m).toMatchObject({
      id: '2',
      conversationId: '7',
      text: 'hi',
      replyToMessageId: '1',
      assistantMessageId: 'am-1',
      errorInfo: null,
    });
    expect(() => parseShape(conversationMessageListSchema, { messages: [{ id: 'x', conversation_id: 7, role: 'user' }] })).toThrow(
      ShapeError,
    );
  });

  it('read v2 search results with defaults', () => {
    const r = parseShape(v2SearchResultSchema, { docs: [{ doc_id: 'a', title: 'A', published_at: 1700000000000, score: 1.5 }] });
    expect(r).toMatchObject({
      totalCount: 1,
      tookMs: 0,
      docs: [{ docId: 'a', publishedAtMs: 1700000000000, score: 1.5, companies: [], metadata: {} }],
    });
  });
});
