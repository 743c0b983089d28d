import { z } from 'zod';
import { compact } from './compact.js';
import { isRecord } from '../read-shape.js';
import { symbolOfRecord } from '../symbols.js';
import { optionalString, recordsIn } from './wire-fields.js';

/** When in the report day results come out, relative to the exchange's session. */
export type ReportTiming = 'before-open' | 'after-close' | 'during-hours';

const TIMING_WORDS: ReadonlyArray<[RegExp, ReportTiming]> = [
  [/^(bmo|before[ _-]?(the[ _-]?)?(market[ _-]?)?open|pre[ _-]?market|盘前)$/, 'before-open'],
  [/^(amc|after[ _-]?(the[ _-]?)?(market[ _-]?)?close|after[ _-]?hours|post[ _-]?market|盘后)$/, 'after-close'],
  [/^(dmh|during[ _-]?(market[ _-]?)?hours|intraday|盘中)$/, 'during-hours'],
];

/** A timing word as calendars spell it (`amc`, `after_close`, `盘后`, …); undefined for any other value. */
function timingOf(raw: string | undefined): ReportTiming | undefined {
  const word = raw?.trim().toLowerCase();
  return word ? TIMING_WORDS.find(([re]) => re.test(word))?.[1] : undefined;
}

/**
 * One scheduled or past earnings report (`/v1/stock/earnings-calendar`). The schemas say only
 * that the answer gives "fiscal year, quarter, and filing dates", so the date is read from any
 * of the names the service's other stock records use (`filling_date`, as the statements spell
 * it, `filing_date`, `report_date`, `date`); an entry without one is dropped, not a failed page.
 * The date is the exchange's own calendar day, as given. Whether results come before the open or
 * after the close is not in the published schema: it is read when an entry gives it (as
 * `report_time`, `timing`, `time` or `hour`) and left unset otherwise, never guessed.
 */
const entrySchema = z
  .object({
    symbol: optionalString,
    code: optionalString,
    name: optionalString,
    company_name: optionalString,
    market: optionalString,
    area: optionalString,
    fiscal_year: optionalString,
    fiscal_quarter: optionalString,
    period: optionalString,
    end_date: optionalString,
    filling_date: optionalString,
    filing_date: optionalString,
    report_date: optionalString,
    date: optionalString,
    report_time: optionalString,
    timing: optionalString,
    time: optionalString,
    hour: optionalString,
  })
  .transform((e) => {
    const date = e.filling_date ?? e.filing_date ?? e.report_date ?? e.date;
    if (!date) return undefined;
    const raw = e.symbol ?? e.code ?? '';
    return compact({
      date: date.slice(0, 10),
      // What /financials and /research accept (SZ:000001, US:AAPL), not the bare code the service may give.
      symbol: symbolOfRecord(raw, e.market ?? e.area) ?? raw,
      name: e.name ?? e.company_name,
      market: e.market ?? e.area,
      fiscalYear: e.fiscal_year,
      fiscalQuarter: e.fiscal_quarter ?? e.period,
      periodEnd: e.end_date,
      timing: timingOf(e.report_time ?? e.timing ?? e.time ?? e.hour),
    });
  });

/** `data` of the earnings calendar: the list itself, or an object holding it as `items` or `list`. */
export const earningsCalendarSchema = z
  .preprocess((data) => (isRecord(data) ? (data.items ?? data.list) : data), recordsIn(entrySchema))
  .transform((entries) => entries.filter((e) => e !== undefined));
