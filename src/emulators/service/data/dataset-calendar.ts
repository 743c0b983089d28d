/**
 * Where the demo dataset sits in time. The data were written for a dataset ending on
 * 2025-06-30 (BASE_END_MS); an anchor moves that end to a chosen instant (the playground uses
 * the start of today, UTC) so that the newest documents, prices and concepts are recent and
 * relative windows (`last:90d`) find them.
 *
 * Why whole quarters: the fiscal calendar (quarter ends, reported quarters, the fiscal years
 * statements, revenue mixes and document texts are generated for) moves by the largest whole
 * number of quarters that keeps every statement's filing date (at most 60 days after its quarter
 * ends) on or before the anchor. Quarter ends then stay real month ends in each company's fiscal
 * year, a December year end stays December, and statements are generated for the moved quarters
 * (labels, H1 and FY sums included) rather than relabelled. Everything dated to the day (document
 * publish times, concept scores, the index history, the price walk's last day) ends at the anchor
 * itself, so the newest statements are 2–5 months old, as a real company's are between reports.
 * Without an anchor the calendar is the base one: the dataset tests and fixed-date e2e tests see
 * exactly the data they were written against.
 */
import { addDays, monthEnd } from './fiscal-calendar.js';

export interface DatasetCalendar {
  /** Nothing is published after this instant (ms epoch). */
  endMs: number;
  /** YYYY-MM-DD (UTC) of endMs: the index history's and the price walk's newest possible day. */
  endDate: string;
  /** Whole quarters the base fiscal calendar moved by (0 without an anchor). */
  quarterShift: number;
  /** The first fiscal year with statements; always from its Q1, so year-to-date sums are whole. */
  firstFiscalYear: number;
  /** Quarters ending after this date (YYYY-MM-DD) are not yet reported. */
  lastReportedEnd: string;
  /** Documents are published no earlier than this instant. */
  startMs: number;
  /** The first day of the share price walk (YYYY-MM-DD). */
  priceHistoryStart: string;
  /** Calendar quarter of endDate, e.g. 2025Q2: the period of the cross-company theme pieces. */
  currentPeriod: string;
}

/** The instant the data were written for. */
export const BASE_END_MS = Date.parse('2025-06-30T16:00:00.000Z');
const BASE_FIRST_FISCAL_YEAR = 2021;
/** Year and month of the last reported quarter end in the base calendar (2025-04-30). */
const BASE_LAST_REPORTED = { year: 2025, month: 4 };
/** A statement is filed at most this many days after its quarter ends (financials.ts). */
const MAX_FILING_LAG_DAYS = 60;
const BASE_START = { year: 2023, month: 7 };

const DAY_MS = 86_400_000;

function shiftMonth(at: { year: number; month: number }, months: number): { year: number; month: number } {
  const index = at.year * 12 + (at.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function lastReportedEndAt(quarterShift: number): string {
  const { year, month } = shiftMonth(BASE_LAST_REPORTED, 3 * quarterShift);
  return monthEnd(year, month);
}

/** The calendar for a dataset ending at `anchorMs` (default: the base end, 2025-06-30). */
export function datasetCalendar(anchorMs: number = BASE_END_MS): DatasetCalendar {
  const endDate = new Date(anchorMs).toISOString().slice(0, 10);
  // The base calendar's last filing fits before its end; find the largest shift for which the
  // moved last reported quarter's filings still do. A first guess from the month count, then
  // step down (or up) until it fits.
  const months = (Number(endDate.slice(0, 4)) - BASE_LAST_REPORTED.year) * 12 + (Number(endDate.slice(5, 7)) - BASE_LAST_REPORTED.month);
  let quarterShift = Math.floor(months / 3);
  const fits = (shift: number): boolean => addDays(lastReportedEndAt(shift), MAX_FILING_LAG_DAYS) <= endDate;
  while (!fits(quarterShift)) quarterShift -= 1;
  while (fits(quarterShift + 1)) quarterShift += 1;
  const firstFiscalYear = BASE_FIRST_FISCAL_YEAR + Math.floor(quarterShift / 4);
  const start = shiftMonth(BASE_START, 3 * quarterShift);
  const month = Number(endDate.slice(5, 7));
  return {
    endMs: anchorMs,
    endDate,
    quarterShift,
    firstFiscalYear,
    lastReportedEnd: lastReportedEndAt(quarterShift),
    startMs: Date.UTC(start.year, start.month - 1, 1),
    priceHistoryStart: `${firstFiscalYear}-01-04`,
    currentPeriod: `${endDate.slice(0, 4)}Q${Math.ceil(month / 3)}`,
  };
}

/** Moves a base-calendar instant (seed folders' creation times) by the calendar's quarters. */
export function shiftByQuarters(calendar: DatasetCalendar, ms: number): number {
  const d = new Date(ms);
  const { year, month } = shiftMonth({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 }, 3 * calendar.quarterShift);
  const day = Math.min(d.getUTCDate(), new Date(Date.UTC(year, month, 0)).getUTCDate());
  return Date.UTC(year, month - 1, day) + (ms % DAY_MS);
}
