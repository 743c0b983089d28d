/**
 * Where the demo dataset sits in time. The data were written for a dataset ending on
 * 2025-06-30 (BASE_END_MS); an anchor moves that end to a chosen instant (the playground uses
 * the start of today, UTC) so that the newest documents, prices and concepts are recent and
 * relative windows (`last:90d`) find them.
 *
 * Dates are not shifted after the fact: the data are generated for the anchor's calendar. A
 * quarter is reported once its report day (report-dates.ts: 25–60 days after it ends, on a day
 * its exchange trades) is before the anchor's day, so every statement is filed after its quarter
 * and before the anchor, the earnings calendar and the statements agree on what is out, and the
 * newest quarter is 1–5 months old, as a real company's is between reports. Quarters keep each company's real fiscal month ends (December
 * year ends stay December), histories start at a fiscal year's Q1 four years back so year-to-date
 * sums are whole, and statements, revenue mixes and document texts are generated for those
 * quarters (labels, H1 and FY totals included) rather than relabelled. Everything dated to the
 * day (document publish times, concept scores, the index history, the last price) ends at the
 * anchor. Without an anchor the calendar is the base one: the emulator's tests and the fixed-date
 * e2e tests see exactly the data they were written against.
 */
import { addDays } from './add-days.js';

export interface DatasetCalendar {
  /** Nothing is published after this instant (ms epoch). */
  endMs: number;
  /** YYYY-MM-DD (UTC) of endMs: the index history's newest possible day. */
  endDate: string;
  /** Whole months between the base end's month and endDate's (0 without an anchor). */
  monthShift: number;
  /** The first fiscal year with statements; always from its Q1, so year-to-date sums are whole. */
  firstFiscalYear: number;
  /**
   * endDate less MAX_FILING_LAG_DAYS (YYYY-MM-DD): where the history starts from and the
   * shareholder registers' date. Which quarters are reported is fiscalQuarters' (fiscal-calendar.ts).
   */
  lastReportedEnd: string;
  /** Documents are published no earlier than this instant: two years before the end month. */
  startMs: number;
  /** The first day of the share price walk (YYYY-MM-DD). */
  priceHistoryStart: string;
  /** Calendar quarter of endDate, e.g. 2025Q2: the period of the cross-company theme pieces. */
  currentPeriod: string;
}

/** The instant the data were written for. */
export const BASE_END_MS = Date.parse('2025-06-30T16:00:00.000Z');
/** A quarter's report comes at most about this many days after it ends (report-dates.ts). */
const MAX_FILING_LAG_DAYS = 60;
/** Years of statements before the newest reported one. */
const HISTORY_YEARS = 4;

const DAY_MS = 86_400_000;

function monthIndex(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/** The calendar for a dataset ending at `anchorMs` (default: the base end, 2025-06-30). */
export function datasetCalendar(anchorMs: number = BASE_END_MS): DatasetCalendar {
  const endDate = new Date(anchorMs).toISOString().slice(0, 10);
  const lastReportedEnd = addDays(endDate, -MAX_FILING_LAG_DAYS);
  const firstFiscalYear = Number(lastReportedEnd.slice(0, 4)) - HISTORY_YEARS;
  const end = monthIndex(endDate);
  return {
    endMs: anchorMs,
    endDate,
    monthShift: end - monthIndex(new Date(BASE_END_MS).toISOString()),
    firstFiscalYear,
    lastReportedEnd,
    startMs: Date.UTC(Math.floor(end / 12) - 2, (end % 12) + 1, 1),
    priceHistoryStart: `${firstFiscalYear}-01-04`,
    currentPeriod: `${endDate.slice(0, 4)}Q${Math.floor((end % 12) / 3) + 1}`,
  };
}

/** Moves a base-calendar instant (seed folders' creation times) by the calendar's whole months. */
export function shiftByMonths(calendar: DatasetCalendar, ms: number): number {
  const d = new Date(ms);
  const index = d.getUTCFullYear() * 12 + d.getUTCMonth() + calendar.monthShift;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const day = Math.min(d.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return Date.UTC(year, month, day) + (ms % DAY_MS);
}
