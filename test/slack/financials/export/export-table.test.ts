import { describe, expect, it } from 'vitest';
import { alignComparison } from '../../../../src/slack/financials/compare/align-comparison.js';
import { exportTableOf } from '../../../../src/slack/financials/export/export-table.js';
import { buildBalance, buildIncome, buildStockPrices } from '../../blocks/fixtures.js';

describe('exportTableOf', () => {
  it('exports every line of every period exactly as given, periods newest first, currency in the header', () => {
    const odd = buildIncome(2024, 1, {});
    odd.lines.revenue = 171_234_567_890.12347;
    const t = exportTableOf({ kind: 'income', symbol: 'SH:600519', records: [buildIncome(2023, 0.9), odd] });
    expect(t.name).toBe('600519-income');
    expect(t.header).toEqual(['Section', 'Line', 'FY2024 (ends 2024-12-31; CNY, units)', 'FY2023 (ends 2023-12-31; CNY, units)']);
    expect(t.rows.find((r) => r[1] === 'revenue')).toEqual(['income_statement', 'revenue', 171_234_567_890.12347, 171_200_000_000 * 0.9]);
    expect(t.rows.filter((r) => r[0] === 'income_statement')).toHaveLength(Object.keys(odd.lines).length);
    const b = exportTableOf({ kind: 'balance', symbol: 'SH:600519', records: [buildBalance(2024)] });
    // Negative amounts stay negative; every section's lines are there.
    expect(b.rows.find((r) => r[1] === 'total_liabilities')).toEqual(['non_current_liabilities', 'total_liabilities', -51_000_000_000]);
    expect(new Set(b.rows.map((r) => r[0]))).toEqual(
      new Set(['', 'current_assets', 'non_current_assets', 'current_liabilities', 'non_current_liabilities', 'owners_equity']),
    );
  });

  it('exports prices with their currency and compare values with their company, calendar and fiscal period, period end and unit', () => {
    const p = exportTableOf({ kind: 'prices', symbol: 'US:AAPL', items: buildStockPrices(3) });
    expect(p.rows[0]?.slice(0, 6)).toEqual(['2025-06-30', 'USD', 200, 203, 199, 201.5]);
    const aligned = alignComparison(
      [
        {
          symbol: 'SH:600519',
          name: '贵州茅台',
          currency: 'CNY',
          periods: [{ fiscalYear: '2024', periodType: 'FY', endDate: '2024-12-31', values: { Revenue: 1.5, 'Net margin': 52.1 } }],
        },
        {
          symbol: 'US:NVDA',
          currency: 'USD',
          periods: [
            { fiscalYear: '2025', periodType: 'FY', endDate: '2025-01-26', values: { Revenue: 2.5 } },
            // The service gave no end: exported as unknown, never placed on the calendar.
            { fiscalYear: '2019', periodType: 'FY', endDate: '', values: { Revenue: 0.5 } },
          ],
        },
      ],
      ['Revenue', 'Net margin'],
    );
    const c = exportTableOf({
      kind: 'compare',
      symbols: ['SH:600519', 'US:NVDA'],
      subject: 'Income',
      aligned,
      metrics: [
        { id: 'Revenue', label: 'Revenue' },
        { id: 'Net margin', label: 'Net margin', kind: 'percent' },
      ],
    });
    expect(c.name).toBe('compare-600519-NVDA-income');
    expect(c.header).toEqual([
      'Company',
      'Symbol',
      'Metric',
      'Unit',
      'Calendar period',
      'Fiscal period',
      'Period end',
      'Months in common',
      'Value',
    ]);
    expect(c.rows).toEqual([
      ['贵州茅台', 'SH:600519', 'Revenue', 'CNY (units)', 'CY2024', 'FY2024', '2024-12-31', 11, 1.5],
      ['贵州茅台', 'SH:600519', 'Net margin', '%', 'CY2024', 'FY2024', '2024-12-31', 11, 52.1],
      ['', 'US:NVDA', 'Revenue', 'USD (units)', 'CY2024', 'FY2025', '2025-01-26', 11, 2.5],
      ['', 'US:NVDA', 'Revenue', 'USD (units)', 'not placed (period end unknown)', 'FY2019', 'unknown', null, 0.5],
    ]);
  });
});
