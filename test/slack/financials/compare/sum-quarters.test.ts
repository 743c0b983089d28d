import { describe, expect, it } from 'vitest';
import { INCOME_LINES } from '../../../../src/slack/financials/cards/statement-card.js';
import { sumRecords, trailingFigures } from '../../../../src/slack/financials/compare/sum-quarters.js';
import type { IncomeStatementRecord } from '../../../../src/service/types.js';

const quarter = (q: number, fy: number, endDate: string, revenue: number, grossProfit?: number): IncomeStatementRecord => ({
  currency: 'USD',
  endDate,
  symbol: 'NVDA',
  fiscalYear: String(fy),
  fiscalQuarter: `Q${q}`,
  period: 'quarterly',
  lines: { revenue, ...(grossProfit !== undefined ? { gross_profit: grossProfit } : {}) },
});

describe('trailing twelve months', () => {
  it('adds the latest four quarters line by line, and computes margins on the sums', () => {
    const quarters = [
      quarter(1, 2026, '2025-04-30', 44, 27),
      quarter(4, 2025, '2025-01-31', 39, 29),
      quarter(3, 2025, '2024-10-31', 35, 26),
      quarter(2, 2025, '2024-07-31', 30, 23),
      quarter(1, 2025, '2024-04-30', 26, 20),
    ];
    const t = trailingFigures(quarters, INCOME_LINES);
    expect(t).toMatchObject({ label: 'Q2 FY2025–Q1 FY2026', endDate: '2025-04-30' });
    if (!('values' in t)) throw new Error('no TTM');
    expect(t.values.Revenue).toBe(148);
    expect(t.values['Gross profit']).toBe(105);
    // The label may name its basis ("Gross margin (gross profit / revenue)").
    const grossMargin = INCOME_LINES.find((l) => l.label.startsWith('Gross margin'))?.label ?? '';
    expect(t.values[grossMargin]).toBeCloseTo((105 / 148) * 100, 10);
  });

  it('leaves out a line a quarter lacks rather than summing fewer quarters', () => {
    const sum = sumRecords([quarter(2, 2025, '2025-06-30', 2, 1), quarter(1, 2025, '2025-03-31', 1)]);
    expect(sum.lines).toEqual({ revenue: 3 });
    expect(sum.endDate).toBe('2025-06-30');
  });
});
