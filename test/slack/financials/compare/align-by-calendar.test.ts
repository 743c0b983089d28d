/**
 * Issue 29 defect 1: a comparison lined up fiscal-year labels, not time. NVIDIA's FY2025 (ended
 * January 2025) sat beside AMD's FY2025 (ended December 2025), eleven months apart. Rows are now
 * calendar periods: NVIDIA's FY2025 pairs with AMD's FY2024 (11 months in common).
 */
import { describe, expect, it } from 'vitest';
import { alignComparison, type CompanyFigures } from '../../../../src/slack/financials/compare/align-comparison.js';

const fy = (year: number, endDate: string, revenue: number) => ({
  fiscalYear: String(year),
  periodType: 'FY',
  endDate,
  values: { revenue },
});

const NVDA: CompanyFigures = {
  symbol: 'US:NVDA',
  currency: 'USD',
  periods: [fy(2025, '2025-01-26', 130), fy(2024, '2024-01-28', 61), fy(2023, '2023-01-29', 27)],
};
const AMD: CompanyFigures = {
  symbol: 'US:AMD',
  currency: 'USD',
  periods: [fy(2025, '2025-12-27', 34), fy(2024, '2024-12-28', 26), fy(2023, '2023-12-30', 23)],
};

/** The value row by row, as `[company 0, company 1]`. */
const revenueRows = (a: ReturnType<typeof alignComparison>) =>
  a.rows.filter((r) => r.kind === 'calendar').map((r) => [r.label, ...a.companies.map((c) => c.values.revenue?.[a.rows.indexOf(r)])]);

describe('alignComparison on the calendar (issue 29 defect 1)', () => {
  it('pairs NVIDIA’s FY2025 (ends Jan 2025) with AMD’s FY2024 (ends Dec 2024), never with AMD’s FY2025', () => {
    const a = alignComparison([NVDA, AMD], ['revenue']);
    expect(revenueRows(a)).toEqual([
      ['CY2025', undefined, 34],
      ['CY2024', 130, 26],
      ['CY2023', 61, 23],
      ['CY2022', 27, undefined],
    ]);
    const cy2024 = a.rows.find((r) => r.label === 'CY2024');
    expect(cy2024?.periods).toEqual([
      { label: 'FY2025', endDate: '2025-01-26' },
      { label: 'FY2024', endDate: '2024-12-28' },
    ]);
    expect(cy2024?.monthsInCommon).toBe(11);
  });
});

describe('trailing rows and gaps where fiscal years differ', () => {
  const AAPL: CompanyFigures = {
    symbol: 'US:AAPL',
    name: 'Apple',
    currency: 'USD',
    periods: [fy(2024, '2024-09-28', 391), fy(2023, '2023-09-30', 383)],
    ttm: { label: 'Q3 FY2024–Q2 FY2025', endDate: '2025-03-29', values: { revenue: 400 } },
  };
  const nvidia: CompanyFigures = {
    ...NVDA,
    name: 'NVIDIA',
    ttm: { label: 'Q2 FY2025–Q1 FY2026', endDate: '2025-04-27', values: { revenue: 148 } },
  };

  it('never pairs Apple’s years (to September) with NVIDIA’s (to January), says why, and pairs their TTM (11 months)', () => {
    const a = alignComparison([nvidia, AAPL], ['revenue']);
    for (const r of a.rows.filter((row) => row.kind === 'calendar')) expect(r.periods.filter(Boolean)).toHaveLength(1);
    // Both mostly calendar 2024, on rows of their own: each row says where it ends.
    expect(a.rows.filter((r) => r.label.startsWith('CY2024')).map((r) => r.label)).toEqual([
      'CY2024 (to Jan 2025)',
      'CY2024 (to Sep 2024)',
    ]);
    expect(a.unpaired).toEqual([
      { a: 0, b: 1, months: 8, aPeriod: { label: 'FY2025', endDate: '2025-01-26' }, bPeriod: { label: 'FY2024', endDate: '2024-09-28' } },
    ]);
    const ttm = a.rows.find((r) => r.kind === 'ttm');
    expect(ttm).toMatchObject({ label: 'TTM', common: true, monthsInCommon: 11 });
    expect(a.companies.map((c) => c.values.revenue?.[a.rows.indexOf(ttm as (typeof a.rows)[number])])).toEqual([148, 400]);
    expect(a.fiscalYearsDiffer).toBe(true);
  });

  it('keeps a period whose end the service did not give off the calendar, and names it', () => {
    const a = alignComparison(
      [{ ...AMD, periods: [...AMD.periods, { fiscalYear: '2019', periodType: 'FY', values: { revenue: 7 } }] }, NVDA],
      ['revenue'],
    );
    const unplaced = a.rows.filter((r) => r.kind === 'unplaced');
    expect(unplaced).toEqual([{ kind: 'unplaced', label: 'End unknown', periods: [{ label: 'FY2019' }, undefined], common: false }]);
    expect(a.companies[0]?.values.revenue?.[a.rows.indexOf(unplaced[0] as (typeof a.rows)[number])]).toBe(7);
  });

  it('tells the reason a company has no TTM', () => {
    const a = alignComparison([nvidia, { ...AMD, ttm: { reason: 'the service gives 2 quarters, not 4' } }], ['revenue']);
    expect(a.ttmMissing).toEqual([{ company: 1, reason: 'the service gives 2 quarters, not 4' }]);
    expect(a.rows.find((r) => r.kind === 'ttm')?.periods).toEqual([{ label: 'Q2 FY2025–Q1 FY2026', endDate: '2025-04-27' }, undefined]);
  });
});
