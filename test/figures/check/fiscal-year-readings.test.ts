import { describe, expect, it } from 'vitest';
import { fiscalYearReadings, monthsInCalendarPeriod } from '../../../src/figures/check/fiscal-year-readings.js';

/** NVIDIA-like: fiscal years end on the last Sunday of January, quarters late April, July, October. */
const NVDA_FY_END: Record<number, string> = { 2024: '2024-01-28', 2025: '2025-01-26', 2026: '2026-01-25' };
const NVDA_Q3_END: Record<number, string> = { 2025: '2024-10-27', 2026: '2025-10-26' };
/** A December year end. */
const DEC_END: Record<number, string> = { 2023: '2023-12-31', 2024: '2024-12-31', 2025: '2025-12-31' };

describe('monthsInCalendarPeriod', () => {
  it('counts the months of a fiscal period inside the calendar one', () => {
    expect(monthsInCalendarPeriod('FY', '2025-01-26', 2024)).toBe(11);
    expect(monthsInCalendarPeriod('FY', '2025-01-26', 2025)).toBe(1);
    expect(monthsInCalendarPeriod('FY', '2024-12-31', 2024)).toBe(12);
    // A 52–53-week year ending early in February closes January.
    expect(monthsInCalendarPeriod('FY', '2025-02-01', 2024)).toBe(11);
    expect(monthsInCalendarPeriod('Q3', '2024-10-27', 2024)).toBe(2);
    expect(monthsInCalendarPeriod('H1', '2024-06-30', 2024)).toBe(6);
    expect(monthsInCalendarPeriod('FY', 'not a date', 2024)).toBe(0);
  });
});

describe('fiscalYearReadings', () => {
  it('reads a fiscal year as itself only', () => {
    expect(fiscalYearReadings({ fiscalYear: 2024, kind: 'FY' }, (fy) => NVDA_FY_END[fy])).toEqual([2024]);
  });

  it('reads a calendar year as itself and the fiscal year mostly in it', () => {
    expect(fiscalYearReadings({ fiscalYear: 2024, kind: 'FY', calendarYear: true }, (fy) => NVDA_FY_END[fy])).toEqual([2024, 2025]);
    expect(fiscalYearReadings({ fiscalYear: 2024, kind: 'Q3', calendarYear: true }, (fy) => NVDA_Q3_END[fy])).toEqual([2024, 2025]);
    expect(fiscalYearReadings({ fiscalYear: 2024, kind: 'FY', calendarYear: true }, (fy) => DEC_END[fy])).toEqual([2024]);
  });

  it('adds the fiscal year whose record ends on the date the report gives', () => {
    expect(fiscalYearReadings({ fiscalYear: 2024, kind: 'FY', endDate: '2025-01-26' }, (fy) => NVDA_FY_END[fy])).toEqual([2024, 2025]);
    expect(fiscalYearReadings({ fiscalYear: 2024, kind: 'FY', endDate: '2024-06-30' }, (fy) => NVDA_FY_END[fy])).toEqual([2024]);
  });
});
