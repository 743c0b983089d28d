/**
 * The response schemas of the stock endpoints the published schemas add: the income statement,
 * a company's prices (company-prices / stock-quote) and the earnings calendar. Their `data` is
 * untyped in the published YAML, so each reads the forms the service's other stock answers take.
 */
import { describe, expect, it } from 'vitest';
import { incomeStatementListSchema } from '../../../src/service/schemas/income-statement-schema.js';
import { stockPricesSchema } from '../../../src/service/schemas/stock-price-schema.js';
import { earningsCalendarSchema } from '../../../src/service/schemas/earnings-calendar-schema.js';
import { parseShape } from '../../../src/service/schemas/parse-shape.js';
import { ShapeError } from '../../../src/service/errors/shape-error.js';

const header = {
  currency: 'USD',
  end_date: '2025-04-30',
  symbol: 'NVDA',
  fiscal_year: 2026,
  fiscal_quarter: 'Q1',
  period: 'quarterly',
  filling_date: '2025-05-28',
};

describe('income statement records', () => {
  it('read sections into one map of lines, numeric strings as numbers, nulls left out', () => {
    const [r] = parseShape(incomeStatementListSchema, [
      {
        ...header,
        revenue_and_costs: { revenue: 44_062_000_000, cost_of_sales: '17394000000', gross_profit: null },
        earnings_per_share: { basic_earnings_per_share: 0.76 },
      },
    ]);
    expect(r).toEqual({
      currency: 'USD',
      endDate: '2025-04-30',
      symbol: 'NVDA',
      fiscalYear: '2026',
      fiscalQuarter: 'Q1',
      period: 'quarterly',
      filingDate: '2025-05-28',
      lines: { revenue: 44_062_000_000, cost_of_sales: 17_394_000_000, basic_earnings_per_share: 0.76 },
    });
  });

  it('read a flat record too, and need the end date', () => {
    const [r] = parseShape(incomeStatementListSchema, [{ ...header, revenue: 1, net_income: '2', note: 'x' }]);
    expect(r?.lines).toEqual({ revenue: 1, net_income: 2 });
    expect(() => parseShape(incomeStatementListSchema, [{ revenue: 1 }], ['data'])).toThrow(/data\[0\]\.end_date/);
    expect(() => parseShape(incomeStatementListSchema, { items: [] })).toThrow(ShapeError);
  });
});

describe('company prices', () => {
  const item = { date: '2025-06-30', symbol: 'US:AAPL', stock_price: 201.5, volume: '48600000', market_capitalization: 3.02e12 };

  it('read {items} as index prices do, and the bare list', () => {
    const expected = [{ date: '2025-06-30', symbol: 'US:AAPL', name: '', close: 201.5, volume: 48_600_000, marketCap: 3.02e12 }];
    expect(parseShape(stockPricesSchema, { items: [item] })).toEqual(expected);
    expect(parseShape(stockPricesSchema, [item])).toEqual(expected);
    expect(parseShape(stockPricesSchema, { items: null })).toEqual([]);
    expect(() => parseShape(stockPricesSchema, { items: [{ stock_price: 1 }] })).toThrow(/items\[0\]\.date/);
  });
});

describe('earnings calendar', () => {
  it('reads the date under any of its names, and the market under either', () => {
    const entries = parseShape(earningsCalendarSchema, [
      { symbol: '600519', name: '贵州茅台', area: 'cn', fiscal_year: 2025, fiscal_quarter: 'Q3', filling_date: '2025-10-30' },
      { code: 'NVDA', market: 'us', filing_date: '2025-11-19 16:20:00' },
      { symbol: 'AAPL', report_date: '2025-10-30' },
      { symbol: 'TSLA', date: '2025-10-22' },
    ]);
    expect(entries).toEqual([
      { date: '2025-10-30', symbol: 'SH:600519', name: '贵州茅台', market: 'cn', fiscalYear: '2025', fiscalQuarter: 'Q3' },
      { date: '2025-11-19', symbol: 'US:NVDA', market: 'us' },
      { date: '2025-10-30', symbol: 'AAPL' },
      { date: '2025-10-22', symbol: 'TSLA' },
    ]);
  });

  it('names each company by the symbol every command accepts, from its code and market', () => {
    const entries = parseShape(earningsCalendarSchema, [
      { symbol: '000001', market: 'cn', date: '2025-10-20' },
      { symbol: '700', market: 'hk', date: '2025-11-12' },
      { symbol: '00700', area: 'HK', date: '2025-11-12' },
      { symbol: '600519.SH', date: '2025-10-30' },
      { symbol: 'us:aapl', date: '2025-10-30' },
      { symbol: '830799', market: 'bj', date: '2025-10-30' },
    ]);
    expect(entries.map((e) => e.symbol)).toEqual(['SZ:000001', 'HK:00700', 'HK:00700', 'SH:600519', 'US:AAPL', '830799']);
  });

  it('drops an entry without a date or not an object, and finds the list in items or list', () => {
    const list = [{ symbol: 'A' }, null, 'x', { symbol: 'B', date: '2025-01-02' }];
    const only = [{ date: '2025-01-02', symbol: 'B' }];
    expect(parseShape(earningsCalendarSchema, list)).toEqual(only);
    expect(parseShape(earningsCalendarSchema, { items: list })).toEqual(only);
    expect(parseShape(earningsCalendarSchema, { list })).toEqual(only);
    expect(parseShape(earningsCalendarSchema, null)).toEqual([]);
    expect(() => parseShape(earningsCalendarSchema, 'nope')).toThrow(ShapeError);
  });
});
