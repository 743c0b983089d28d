import { describe, expect, it } from 'vitest';
import { alignComparison, rowsToShow, type CompanyFigures } from '../../../../src/slack/financials/compare/align-comparison.js';
import { comparisonNotes, fiscalPeriodCell, pairingRule } from '../../../../src/slack/financials/compare/compare-notes.js';

const fy = (year: number, endDate: string | undefined, revenue: number) => ({
  fiscalYear: String(year),
  periodType: 'FY',
  ...(endDate !== undefined ? { endDate } : {}),
  values: { revenue },
});

const NVDA: CompanyFigures = {
  symbol: 'US:NVDA',
  name: 'NVIDIA',
  currency: 'USD',
  periods: [fy(2025, '2025-01-26', 130), fy(2024, '2024-01-28', 61), fy(2018, undefined, 9)],
  ttm: { label: 'Q2 FY2025–Q1 FY2026', endDate: '2025-04-27', values: { revenue: 148 } },
};
const AAPL: CompanyFigures = {
  symbol: 'US:AAPL',
  name: 'Apple',
  currency: 'USD',
  periods: [fy(2024, '2024-09-28', 391)],
  ttm: { reason: 'the service gives 3 quarters, not 4' },
};

describe('what a comparison says about its gaps', () => {
  const a = alignComparison([NVDA, AAPL], ['revenue']);
  const shown = rowsToShow(a, 5);

  it('writes each fiscal period with its end, or says the end is not given', () => {
    expect(fiscalPeriodCell({ label: 'FY2025', endDate: '2025-01-26' })).toBe('FY2025 · ends 26 Jan 2025');
    expect(fiscalPeriodCell({ label: 'FY2018' })).toBe('FY2018 · period end not given');
    expect(fiscalPeriodCell(undefined)).toBe('—');
  });

  it('says how rows are paired, which companies share none, why a TTM is missing and what is off the calendar', () => {
    expect(pairingRule(a, shown)).toBe(
      'Rows are calendar periods: each company’s fiscal year sits beside the others’ it shares the most months with, at least 9 of 12; — where none does. TTM: the latest four reported quarters, summed.',
    );
    expect(comparisonNotes(a, shown)).toEqual([
      'NVIDIA (US:NVDA) and Apple (US:AAPL) share no row: their closest periods, FY2025 (ends 26 Jan 2025) and FY2024 (ends 28 Sep 2024), have only 8 months in common.',
      'No TTM for Apple (US:AAPL): the service gives 3 quarters, not 4.',
      'Not on the calendar: NVIDIA (US:NVDA) FY2018 (the service gives no period end).',
    ]);
  });
});
