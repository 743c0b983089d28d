import { describe, expect, it } from 'vitest';
import { comparablePeriod, periodLabel, readPeriod } from '../../src/periods/period-label.js';

describe('periodLabel: one scheme for every way the service names a period', () => {
  it.each([
    // Statement headers: fiscal_quarter with period annual/quarterly.
    [{ fiscalYear: '2024', fiscalQuarter: 'FY', period: 'annual', endDate: '2024-12-31' }, 'FY2024'],
    [{ fiscalYear: '2024', fiscalQuarter: '', period: 'annual', endDate: '2024-12-31' }, 'FY2024'],
    [{ fiscalYear: '2024', fiscalQuarter: 'Q2', period: 'quarterly', endDate: '2024-06-30' }, 'Q2 FY2024'],
    [{ fiscalYear: '2024', fiscalQuarter: 'H1', period: 'cumulative quarterly', endDate: '2024-06-30' }, 'H1 FY2024'],
    [{ fiscalYear: '2024', fiscalQuarter: 'Q3 (9 months)', period: 'cumulative quarterly', endDate: '2024-09-30' }, '9M FY2024'],
    // Revenue periods: free text next to an integer fiscal_year — the year is never repeated.
    [{ fiscalYear: 2024, period: 'FY2024', endDate: '2024-12-31' }, 'FY2024'],
    [{ fiscalYear: 2024, period: 'H1 FY2024', endDate: '2024-06-30' }, 'H1 FY2024'],
    [{ fiscalYear: 2024, period: 'Q3 FY2024', endDate: '2024-09-30' }, 'Q3 FY2024'],
    [{ fiscalYear: 2024, period: 'FY', endDate: '2024-12-31' }, 'FY2024'],
    [{ fiscalYear: 2024, period: 'Q2', endDate: '2024-06-30' }, 'Q2 FY2024'],
    [{ fiscalYear: 2024, period: '年报', endDate: '2024-12-31' }, 'FY2024'],
    [{ fiscalYear: 2024, period: '中报', endDate: '2024-06-30' }, 'H1 FY2024'],
    [{ fiscalYear: 2024, period: '一季报', endDate: '2024-03-31' }, 'Q1 FY2024'],
    [{ fiscalYear: 2024, period: '三季报', endDate: '2024-09-30' }, 'Q3 FY2024'],
    // A fiscal year that is not the calendar year of its end (Apple: FY2025 ends 2025-09-27).
    [{ fiscalYear: 2025, period: 'FY', endDate: '2025-09-27' }, 'FY2025'],
    // No year given: from the label, else the end date.
    [{ period: 'H1 FY2023', endDate: '2023-06-30' }, 'H1 FY2023'],
    [{ period: '2024Q3' }, 'Q3 FY2024'],
    // Nothing to name the part of the year: the end date, never a made-up kind.
    [{ fiscalYear: '2024', fiscalQuarter: '', period: 'quarterly', endDate: '2024-06-30' }, '2024-06-30'],
    [{}, '—'],
  ])('%j → %s', (fields, label) => {
    expect(periodLabel(fields)).toBe(label);
    expect(periodLabel(fields)).not.toMatch(/(\d{4}).*\1/);
  });

  it('reads the quarter field before the period text', () => {
    expect(readPeriod({ fiscalQuarter: 'Q4', period: 'annual', fiscalYear: '2024' }).kind).toBe('Q4');
  });
});

describe('comparablePeriod: like with like', () => {
  const p = (period: string, fiscalYear: number, endDate: string) => ({ period, fiscalYear, endDate });
  const fy24 = p('FY2024', 2024, '2024-12-31');
  const h1fy24 = p('H1 FY2024', 2024, '2024-06-30');
  const fy23 = p('FY2023', 2023, '2023-12-31');
  const h1fy23 = p('H1 FY2023', 2023, '2023-06-30');
  const h1fy25 = p('H1 FY2025', 2025, '2025-06-30');

  it('compares a half year with the previous half year, never with the full year in between', () => {
    expect(comparablePeriod(h1fy25, [h1fy25, fy24, h1fy24, fy23, h1fy23])).toBe(h1fy24);
  });

  it('compares a year with the previous year, never with the half year in between', () => {
    expect(comparablePeriod(fy24, [fy24, h1fy24, fy23, h1fy23])).toBe(fy23);
  });

  it('matches the service’s Chinese names with each other', () => {
    const q3 = p('三季报', 2024, '2024-09-30');
    const q3Before = p('三季报', 2023, '2023-09-30');
    expect(comparablePeriod(q3, [q3, p('中报', 2024, '2024-06-30'), p('年报', 2023, '2023-12-31'), q3Before])).toBe(q3Before);
  });

  it('gives none rather than a wrong one', () => {
    expect(comparablePeriod(h1fy25, [h1fy25, fy24, fy23])).toBeUndefined();
    expect(comparablePeriod(p('', 2024, '2024-06-30'), [p('', 2023, '2023-06-30')])).toBeUndefined();
  });
});
