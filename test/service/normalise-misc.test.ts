import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normaliseFolderCreated, normaliseFolderDeleted } from '../../src/service/normalise-folder.js';
import {
  normaliseBalanceSheet,
  normaliseIndexPrices,
  normaliseRevenueBreakdown,
  readStockEnvelope,
} from '../../src/service/normalise-stock.js';
import { normaliseConcepts } from '../../src/service/normalise-concept.js';
import { normaliseMessages } from '../../src/service/normalise-agent.js';
import { normaliseV2SearchResult } from '../../src/service/normalise-search.js';
import { ShapeError } from '../../src/service/errors/shape-error.js';

describe('folder normalisers', () => {
  it('read the folder id from folder_id or id', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        expect(normaliseFolderCreated({ folder_id: id })).toEqual({ folderId: id });
        expect(normaliseFolderCreated({ id })).toEqual({ folderId: id });
      }),
    );
    expect(() => normaliseFolderCreated({ ok: true })).toThrow(ShapeError);
    expect(normaliseFolderDeleted({ folder_id: 'f', doc_ids: ['a'] }, 'f')).toEqual({ folderId: 'f', docIds: ['a'] });
    expect(() => normaliseFolderDeleted({ folder_id: 'f', doc_ids: 'a' }, 'f')).toThrow(ShapeError);
  });
});

describe('stock normalisers', () => {
  it('read the wrapper and balance sheet records', () => {
    const env = readStockEnvelope({
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
    const [record] = normaliseBalanceSheet(env.data);
    expect(record).toMatchObject({
      fiscalYear: '2024',
      filingDate: '2025-03-30',
      currentAssets: { total_current_assets: 1.5e11 },
      ownersEquity: { total_shareholders_equity: 2e11 },
      nonCurrentAssets: {},
    });
    expect(record?.currentAssets).not.toHaveProperty('inventories');
    expect(() => normaliseBalanceSheet({ items: [] })).toThrow(ShapeError);
    expect(() => normaliseBalanceSheet([{ currency: 'CNY' }])).toThrow(/end_date/);
  });

  it('read revenue breakdowns and index prices', () => {
    const rb = normaliseRevenueBreakdown({
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
    const prices = normaliseIndexPrices({
      items: [{ date: '2025-01-02', symbol: 'SPX', name: 'S&P 500', stock_price: 5868.55, stock_open: 5903.26 }],
    });
    expect(prices[0]).toMatchObject({ date: '2025-01-02', close: 5868.55, open: 5903.26 });
  });
});

describe('concept, message and v2 search normalisers', () => {
  it('read concepts from a bare array', () => {
    const [c] = normaliseConcepts([
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
    expect(() => normaliseConcepts([{ concept_name: 'x' }])).toThrow(ShapeError);
    expect(() => normaliseConcepts('nope')).toThrow(ShapeError);
  });

  it('read conversation messages with nullable members', () => {
    const [m] = normaliseMessages({
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
    expect(m).toMatchObject({ id: 2, conversationId: 7, text: 'hi', replyToMessageId: 1, assistantMessageId: 'am-1', errorInfo: null });
    expect(() => normaliseMessages({ messages: [{ id: 'x', conversation_id: 7, role: 'user' }] })).toThrow(ShapeError);
  });

  it('read v2 search results with defaults', () => {
    const r = normaliseV2SearchResult({ docs: [{ doc_id: 'a', title: 'A', published_at: 1700000000000, score: 1.5 }] });
    expect(r).toMatchObject({
      totalCount: 1,
      tookMs: 0,
      docs: [{ docId: 'a', publishedAtMs: 1700000000000, score: 1.5, companies: [], metadata: {} }],
    });
  });
});
