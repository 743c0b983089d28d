import { describe, expect, it } from 'vitest';
import { calendarLabel, canPair, formatEndDate, monthsInCommon, readEndDate } from '../../src/periods/period-span.js';

const year = (endDate: string) => ({ endDate, months: 12 });
const quarter = (endDate: string) => ({ endDate, months: 3 });

describe('period spans on the calendar', () => {
  it.each([
    // NVIDIA's FY2025 (to 26 Jan 2025) and AMD's FY2024 (to 28 Dec 2024): 11 months.
    ['2025-01-26', '2024-12-28', 11, true],
    // The defect: NVIDIA's FY2025 and AMD's FY2025 (to 27 Dec 2025): one month.
    ['2025-01-26', '2025-12-27', 1, false],
    // Alibaba (March) and Tencent (December): 9 months, the least a pair may share.
    ['2025-03-31', '2024-12-31', 9, true],
    // Apple (September) and NVIDIA (January): 8 months, not paired.
    ['2024-09-30', '2025-01-31', 8, false],
    // Microsoft (June) and a December year: half a year either way.
    ['2024-06-30', '2024-12-31', 6, false],
    ['2024-12-31', '2024-12-31', 12, true],
  ])('years to %s and %s share %i months (paired: %s)', (a, b, months, paired) => {
    expect(monthsInCommon(year(a), year(b))).toBe(months);
    expect(monthsInCommon(year(b), year(a))).toBe(months);
    expect(canPair(year(a), year(b))).toBe(paired);
  });

  it('pairs quarters on 2 of their 3 months, and never periods of different lengths', () => {
    expect(monthsInCommon(quarter('2025-04-30'), quarter('2025-03-31'))).toBe(2);
    expect(canPair(quarter('2025-04-30'), quarter('2025-03-31'))).toBe(true);
    expect(canPair(quarter('2025-05-31'), quarter('2025-03-31'))).toBe(false);
    expect(canPair(year('2024-12-31'), quarter('2024-12-31'))).toBe(false);
  });

  it('names the calendar period most of the common months fall in', () => {
    expect(calendarLabel([year('2025-01-26'), year('2024-12-28')])).toBe('CY2024');
    expect(calendarLabel([year('2025-03-31'), year('2024-12-31')])).toBe('CY2024');
    expect(calendarLabel([year('2023-01-29')])).toBe('CY2022');
    expect(calendarLabel([quarter('2025-04-30'), quarter('2025-03-31')])).toBe('Q1 CY2025');
    expect(calendarLabel([{ endDate: '2024-06-30', months: 6 }])).toBe('H1 CY2024');
  });

  it('reads an end date only when the service gives a real one, and writes it unmistakably', () => {
    expect(readEndDate('2025-01-26')).toBe('2025-01-26');
    expect(readEndDate('2025-01-26 00:00:00')).toBe('2025-01-26');
    for (const bad of [undefined, '', '2025', '2025-02-30', 'unknown', '26/01/2025']) expect(readEndDate(bad)).toBeUndefined();
    expect(formatEndDate('2025-01-26')).toBe('26 Jan 2025');
  });
});
