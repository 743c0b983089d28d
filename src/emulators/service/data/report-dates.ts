/**
 * When a demo company reports a fiscal quarter: the one owner of that fact. Statements carry it
 * as their filling_date, the earnings calendar lists it, and a quarter counts as reported (has
 * statements, quotes priced on it, documents about it) once its day is before the dataset's end
 * day (fiscal-calendar.ts). A pure function of the company and the quarter, so every endpoint,
 * every range asked for and every start agree.
 */
import { addDays } from './add-days.js';
import type { DemoCompany } from './companies.js';
import { marketInstantMs, tradingDayOnOrAfter } from './market-calendar.js';
import { hashSeed } from './prng.js';

/** A quarter as report dates need it (fiscal-calendar.ts's FiscalQuarter). */
export interface ReportedQuarter {
  fiscalYear: number;
  quarter: number;
  /** YYYY-MM-DD */
  endDate: string;
}

/** Whether results come out before the market opens or after it closes, on the report day. */
export type ReportTiming = 'before_open' | 'after_close';

/** Days from a quarter's end to its report: the shortest and the longest. */
const MIN_LAG_DAYS = 25;
const MAX_LAG_DAYS = 60;

/**
 * The report day (YYYY-MM-DD, the exchange's own calendar day): 25–60 days after the quarter
 * ends, moved to the next trading day when that day the exchange is closed (weekend or holiday).
 */
export function reportDate(company: DemoCompany, q: ReportedQuarter): string {
  const lag = MIN_LAG_DAYS + (hashSeed(`earnings:${company.symbol}:${q.fiscalYear}Q${q.quarter}`) % (MAX_LAG_DAYS - MIN_LAG_DAYS + 1));
  return tradingDayOnOrAfter(company.market, addDays(q.endDate, lag));
}

/**
 * A company keeps one habit. The US and Hong Kong demo companies publish after the close, as their
 * real namesakes do; A-share boards publish in the evening or, some, before the next open.
 */
export function reportTiming(company: DemoCompany): ReportTiming {
  if (company.market !== 'cn') return 'after_close';
  return hashSeed(`timing:${company.symbol}`) % 3 === 0 ? 'before_open' : 'after_close';
}

/**
 * When the results are out (ms epoch): the report day's open or close in the exchange's zone
 * (09:30 / 16:00 in New York and Hong Kong, 09:30 / 15:00 in Shanghai and Shenzhen), less or plus
 * half an hour. Nothing about the quarter's results (a filing, its figures, the call) comes earlier.
 */
export function resultsOutMs(company: DemoCompany, q: ReportedQuarter): number {
  const before = reportTiming(company) === 'before_open';
  const time = before ? '09:00' : company.market === 'cn' ? '15:30' : '16:30';
  return marketInstantMs(company.market, reportDate(company, q), time);
}
