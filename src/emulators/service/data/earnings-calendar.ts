/**
 * The earnings calendar of the demo companies: one report per fiscal quarter, on its report day
 * (report-dates.ts), the day the quarter's statements are filed: a past report's quarter has
 * statements, a future one's has not. Any range asked for, past or future, reads the same.
 */
import type { DemoCompany, DemoMarket } from './companies.js';
import { fiscalQuarter } from './fiscal-calendar.js';
import { reportDate, reportTiming, type ReportTiming } from './report-dates.js';

export interface EarningsCalendarEntry {
  symbol: string;
  name: string;
  market: DemoMarket;
  fiscal_year: string;
  fiscal_quarter: string;
  end_date: string;
  /** The report day, YYYY-MM-DD in the exchange's own zone. */
  filling_date: string;
  /** Before the open or after the close of that day. */
  report_time: ReportTiming;
}

export interface EarningsCalendarQuery {
  market: DemoMarket;
  startDate: string;
  endDate: string;
  /** `<MARKET>:<code>` or the bare code. */
  symbol?: string;
}

/** Reports dated within [startDate, endDate] (inclusive), by date then symbol. */
export function earningsCalendar(companies: readonly DemoCompany[], q: EarningsCalendarQuery): EarningsCalendarEntry[] {
  const firstYear = Number(q.startDate.slice(0, 4)) - 1;
  const lastYear = Number(q.endDate.slice(0, 4)) + 1;
  const out: EarningsCalendarEntry[] = [];
  for (const company of companies) {
    if (company.market !== q.market) continue;
    if (q.symbol && q.symbol !== company.symbol && q.symbol !== company.code) continue;
    for (let fy = firstYear; fy <= lastYear; fy++) {
      for (let quarter = 1; quarter <= 4; quarter++) {
        const fq = fiscalQuarter(company, fy, quarter);
        const date = reportDate(company, fq);
        if (date < q.startDate || date > q.endDate) continue;
        out.push({
          symbol: company.code,
          name: company.market === 'us' ? company.nameEn : company.nameZh,
          market: company.market,
          fiscal_year: String(fy),
          fiscal_quarter: `Q${quarter}`,
          end_date: fq.endDate,
          filling_date: date,
          report_time: reportTiming(company),
        });
      }
    }
  }
  return out.sort((a, b) => a.filling_date.localeCompare(b.filling_date) || a.symbol.localeCompare(b.symbol));
}
