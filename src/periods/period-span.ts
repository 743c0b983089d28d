/**
 * Where a reported period sits on the calendar: the months before its end date. Comparisons pair
 * periods of different companies by the months they have in common (the analyst's
 * "calendarisation": NVIDIA's year to late January sits beside a December year, not beside the
 * fiscal year of the same number).
 *
 * The service gives each statement an `end_date` and a fiscal quarter (FY, Q1…); it gives no
 * start date, so the start is the end less the period's length. Without an end date nothing is
 * placed: the period end is unknown, and said so.
 *
 * A leaf (imports nothing) so that both src/slack and src/agent may use it.
 */

export interface PeriodSpan {
  /** YYYY-MM-DD, the period's last day. */
  endDate: string;
  /** Length in months: 12 for a year (or trailing twelve months), 6 for a half, 3 for a quarter. */
  months: number;
}

/** Months each kind of period covers (period-label.ts names the kinds). */
export const MONTHS_OF_KIND: Readonly<Record<string, number>> = { FY: 12, TTM: 12, '9M': 9, H1: 6, H2: 6, Q1: 3, Q2: 3, Q3: 3, Q4: 3 };

const DAY_MS = 86_400_000;
/** The mean month, so a 52/53-week year (NVIDIA's ends on the last Sunday of January) still counts 12. */
const MONTH_DAYS = 365.25 / 12;

/**
 * The date a service field gives, YYYY-MM-DD (a datetime's date part), or undefined when it gives
 * none or one that is not a calendar date: an unknown end is never guessed from the fiscal year.
 */
export function readEndDate(text: string | undefined): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec((text ?? '').trim());
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === iso ? iso : undefined;
}

function msOf(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

function isMonthEnd(d: Date): boolean {
  return new Date(d.getTime() + DAY_MS).getUTCDate() === 1;
}

/** The day before the period's first day: the end less its months (a month end stays a month end). */
export function spanStartMs(span: PeriodSpan): number {
  const end = new Date(msOf(span.endDate));
  const y = end.getUTCFullYear();
  const m = end.getUTCMonth() - span.months;
  if (isMonthEnd(end)) return Date.UTC(y, m + 1, 0);
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(end.getUTCDate(), lastDay));
}

/** Whole months two periods have in common (days in common over the mean month, rounded). */
export function monthsInCommon(a: PeriodSpan, b: PeriodSpan): number {
  const from = Math.max(spanStartMs(a), spanStartMs(b));
  const to = Math.min(msOf(a.endDate), msOf(b.endDate));
  return to <= from ? 0 : Math.round((to - from) / DAY_MS / MONTH_DAYS);
}

/**
 * The fewest months two periods of `months` must share to be compared: three quarters of them,
 * 9 of a year's 12 (never a year that is half another), 2 of a quarter's 3.
 */
export function minMonthsInCommon(months: number): number {
  return Math.floor(months * 0.75);
}

/** Two periods of the same length that share enough months to sit in one row. */
export function canPair(a: PeriodSpan, b: PeriodSpan): boolean {
  return a.months === b.months && monthsInCommon(a, b) >= minMonthsInCommon(a.months);
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "26 Jan 2025": a date no reader mistakes for another (never 01/02). */
export function formatEndDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTH_NAMES[(m ?? 1) - 1]} ${y}`;
}

/** "Jan 2025". */
export function formatMonth(iso: string): string {
  const [y, m] = iso.split('-').map(Number);
  return `${MONTH_NAMES[(m ?? 1) - 1]} ${y}`;
}

/**
 * The calendar period of their length that shares the most days with the months `spans` (paired
 * periods, one length) have in common: a row's name, "CY2024", "H2 CY2024", "Q1 CY2025". Other
 * lengths are named by their end month.
 */
export function calendarLabel(spans: readonly PeriodSpan[]): string {
  const first = spans[0];
  if (!first) return '';
  const start = Math.max(...spans.map(spanStartMs)) + DAY_MS;
  const end = Math.min(...spans.map((s) => msOf(s.endDate))) + DAY_MS;
  // The calendar period holding the middle day of the months in common holds most of them.
  const mid = new Date((start + end) / 2);
  const year = mid.getUTCFullYear();
  const month = mid.getUTCMonth();
  if (first.months === 12) return `CY${year}`;
  if (first.months === 6) return `H${month < 6 ? 1 : 2} CY${year}`;
  if (first.months === 3) return `Q${Math.floor(month / 3) + 1} CY${year}`;
  return `${first.months} months to ${formatMonth(first.endDate)}`;
}
