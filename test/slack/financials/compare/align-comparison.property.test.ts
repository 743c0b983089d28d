import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alignComparison,
  periodKey,
  periodsToShow,
  type CompanyFigures,
} from '../../../../src/slack/financials/compare/align-comparison.js';

const METRICS = ['revenue', 'net', 'margin'];

const periodArb = fc.record({
  fiscalYear: fc.constantFrom('2021', '2022', '2023', '2024', '2025'),
  periodType: fc.constantFrom('FY', 'Q1', 'Q2', 'Q3', 'Q4', 'H1'),
  values: fc.record(
    {
      revenue: fc.option(fc.double({ noNaN: true }), { nil: undefined }),
      net: fc.option(fc.integer(), { nil: undefined }),
      margin: fc.option(fc.double({ min: -100, max: 100, noNaN: true }), { nil: undefined }),
    },
    { requiredKeys: [] },
  ),
});
const companyArb = fc.record({
  symbol: fc.constantFrom('SH:600519', 'HK:00700', 'US:NVDA', 'US:AAPL', 'SZ:000858', 'HK:09988'),
  currency: fc.constantFrom('CNY', 'HKD', 'USD', ''),
  periods: fc.array(periodArb, { maxLength: 10 }),
});
const companiesArb = fc.uniqueArray(companyArb, { minLength: 1, maxLength: 5, selector: (c) => c.symbol });

/** The value the first record of a company for a period gives (the aligner's documented rule). */
function inputValue(c: CompanyFigures, key: string, metric: string): number | undefined {
  return c.periods.find((p) => periodKey(p) === key)?.values[metric];
}

describe('alignComparison', () => {
  it('takes every value from the same company and period, drops none of a period, keeps orders stable', () => {
    fc.assert(
      fc.property(companiesArb, (companies) => {
        const a = alignComparison(companies, METRICS);
        // Companies in the order given, each with one value per aligned period and metric.
        expect(a.companies.map((c) => c.symbol)).toEqual(companies.map((c) => c.symbol));
        const keys = new Set(companies.flatMap((c) => c.periods.map(periodKey)));
        expect(new Set(a.periods.map((p) => p.key))).toEqual(keys);
        a.companies.forEach((out, i) => {
          const input = companies[i] as CompanyFigures;
          for (const metric of METRICS) {
            a.periods.forEach((p, j) => {
              // Same company + same period, never a neighbour's (no shifting): for a common
              // period this also proves no value is dropped.
              expect(out.values[metric]?.[j]).toBe(inputValue(input, p.key, metric));
            });
          }
        });
        for (const p of a.periods) {
          expect(p.common).toBe(companies.every((c) => c.periods.some((q) => periodKey(q) === p.key)));
        }
        // Newest first, deterministic: aligning again, or the companies in another order, gives the same periods.
        expect(alignComparison([...companies].reverse(), METRICS).periods.map((p) => p.key)).toEqual(a.periods.map((p) => p.key));
        for (let j = 1; j < a.periods.length; j += 1) {
          expect(Number(a.periods[j - 1]?.fiscalYear)).toBeGreaterThanOrEqual(Number(a.periods[j]?.fiscalYear));
        }
        expect(a.mixedCurrencies).toBe(new Set(companies.map((c) => c.currency).filter(Boolean)).size > 1);
      }),
      { numRuns: 500 },
    );
  });

  it('shows common periods before partial ones, in period order', () => {
    fc.assert(
      fc.property(companiesArb, fc.integer({ min: 0, max: 8 }), (companies, max) => {
        const a = alignComparison(companies, METRICS);
        const shown = periodsToShow(a, max);
        const common = a.periods.filter((p) => p.common);
        expect(shown.length).toBe(Math.min(max, a.periods.length));
        expect(shown.filter((p) => p.common).length).toBe(Math.min(max, common.length));
        expect(shown.map((p) => a.periods.indexOf(p))).toEqual([...shown.map((p) => a.periods.indexOf(p))].sort((x, y) => x - y));
      }),
      { numRuns: 300 },
    );
  });

  it('matches fiscal years, not positions: a company missing the latest year gets a gap there', () => {
    const a = alignComparison(
      [
        {
          symbol: 'SH:600519',
          currency: 'CNY',
          periods: [2024, 2023, 2022].map((y) => ({ fiscalYear: String(y), periodType: 'FY', values: { revenue: y } })),
        },
        {
          symbol: 'US:NVDA',
          currency: 'USD',
          periods: [2025, 2024, 2023].map((y) => ({ fiscalYear: String(y), periodType: 'FY', values: { revenue: y * 10 } })),
        },
      ],
      ['revenue'],
    );
    expect(a.periods.map((p) => `${p.label}${p.common ? '' : '*'}`)).toEqual(['FY2025*', 'FY2024', 'FY2023', 'FY2022*']);
    expect(a.companies[0]?.values.revenue).toEqual([undefined, 2024, 2023, 2022]);
    expect(a.companies[1]?.values.revenue).toEqual([20250, 20240, 20230, undefined]);
    expect(a.currencies).toEqual(['CNY', 'USD']);
    expect(a.mixedCurrencies).toBe(true);
  });
});
