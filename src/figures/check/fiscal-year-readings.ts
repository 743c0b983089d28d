/**
 * Which fiscal years a report's period may mean. The year it names first. When it named a year
 * without saying fiscal ("2024年", "in 2024") also the fiscal year whose period falls mostly in
 * that calendar period (NVIDIA's FY2025 runs February 2024 to January 2025: "revenue in 2024" may
 * be either); when it gave the period's end date, the fiscal year whose record ends then.
 */
import type { PeriodKind } from '../../periods/period-label.js';
import type { FigurePeriod } from '../figure-types.js';

const MONTHS: Record<PeriodKind, number> = { FY: 12, H1: 6, H2: 6, '9M': 9, Q1: 3, Q2: 3, Q3: 3, Q4: 3 };
/** First and last month (1–12) of each kind in a calendar year. */
const CALENDAR_MONTHS: Record<PeriodKind, [number, number]> = {
  FY: [1, 12],
  H1: [1, 6],
  H2: [7, 12],
  '9M': [1, 9],
  Q1: [1, 3],
  Q2: [4, 6],
  Q3: [7, 9],
  Q4: [10, 12],
};

/**
 * Months since year 0 of the month a period ends in. A 52–53-week year ends on a weekday near a
 * month's end: one ending in the first half of a month (2025-02-01) really closes the month before.
 */
function endMonthIndex(endDate: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(endDate);
  if (!m) return undefined;
  const index = Number(m[1]) * 12 + Number(m[2]) - 1;
  return Number(m[3]) < 15 ? index - 1 : index;
}

/** How many months of a record's period fall in the calendar period of that kind and year. */
export function monthsInCalendarPeriod(kind: PeriodKind, endDate: string, calendarYear: number): number {
  const end = endMonthIndex(endDate);
  if (end === undefined) return 0;
  const start = end - MONTHS[kind] + 1;
  const [first, last] = CALENDAR_MONTHS[kind];
  const from = Math.max(start, calendarYear * 12 + first - 1);
  const to = Math.min(end, calendarYear * 12 + last - 1);
  return Math.max(0, to - from + 1);
}

const daysApart = (a: string, b: string): number => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

/**
 * The fiscal years a period may mean, the one it names first. `endOf` gives the end date of the
 * company's record of that kind for a fiscal year (undefined when there is none).
 */
export function fiscalYearReadings(period: FigurePeriod, endOf: (fiscalYear: number) => string | undefined): number[] {
  const years = [period.fiscalYear];
  const nearby = [period.fiscalYear - 1, period.fiscalYear + 1];
  if (period.calendarYear) {
    for (const fy of nearby) {
      const end = endOf(fy);
      // At least half of the record's months in the calendar period named: a tie is either reading.
      if (end && monthsInCalendarPeriod(period.kind, end, period.fiscalYear) * 2 >= MONTHS[period.kind]) years.push(fy);
    }
  }
  if (period.endDate && !Number.isNaN(Date.parse(period.endDate))) {
    const given = period.endDate;
    for (const fy of nearby) {
      const end = endOf(fy);
      if (end && daysApart(end, given) <= 15 && !years.includes(fy)) years.push(fy);
    }
  }
  return years;
}
