/**
 * The earnings calendar of the demo companies: one report per fiscal quarter. Quarters the
 * dataset has statements for are reported on their statements' filling_date; later quarters
 * (and any range asked for, past or future) get a weekday 25–60 days after the quarter ends,
 * derived from the company and quarter alone, so a week always reads the same.
 */
import type { DemoCompany, DemoMarket } from './companies.js';
import type { CompanyFinancials } from './financials.js';
import { addDays } from './add-days.js';
import { fiscalQuarter } from './fiscal-calendar.js';
import { hashSeed } from './prng.js';

export interface EarningsCalendarEntry {
  symbol: string;
  name: string;
  market: DemoMarket;
  fiscal_year: string;
  fiscal_quarter: string;
  end_date: string;
  filling_date: string;
}

export interface EarningsCalendarQuery {
  market: DemoMarket;
  startDate: string;
  endDate: string;
  /** `<MARKET>:<code>` or the bare code. */
  symbol?: string;
}

/** A weekday 25–60 days after the quarter's end (a weekend moves to the Monday after). */
function scheduledDate(company: DemoCompany, quarterEnd: string, quarter: string): string {
  const date = addDays(quarterEnd, 25 + (hashSeed(`earnings:${company.symbol}:${quarter}`) % 36));
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 6 ? addDays(date, 2) : weekday === 0 ? addDays(date, 1) : date;
}

/** Reports dated within [startDate, endDate] (inclusive), by date then symbol. */
export function earningsCalendar(
  companies: readonly DemoCompany[],
  financials: ReadonlyMap<string, CompanyFinancials>,
  q: EarningsCalendarQuery,
): EarningsCalendarEntry[] {
  const firstYear = Number(q.startDate.slice(0, 4)) - 1;
  const lastYear = Number(q.endDate.slice(0, 4)) + 1;
  const out: EarningsCalendarEntry[] = [];
  for (const company of companies) {
    if (company.market !== q.market) continue;
    if (q.symbol && q.symbol !== company.symbol && q.symbol !== company.code) continue;
    const filed = new Map(
      (financials.get(company.symbol)?.balanceSheets ?? [])
        .filter((b) => b.period === 'quarterly')
        .map((b) => [b.end_date, b.filling_date]),
    );
    for (let fy = firstYear; fy <= lastYear; fy++) {
      for (let quarter = 1; quarter <= 4; quarter++) {
        const fq = fiscalQuarter(company, fy, quarter);
        const date = filed.get(fq.endDate) ?? scheduledDate(company, fq.endDate, `${fy}Q${quarter}`);
        if (date < q.startDate || date > q.endDate) continue;
        out.push({
          symbol: company.code,
          name: company.market === 'us' ? company.nameEn : company.nameZh,
          market: company.market,
          fiscal_year: String(fy),
          fiscal_quarter: `Q${quarter}`,
          end_date: fq.endDate,
          filling_date: date,
        });
      }
    }
  }
  return out.sort((a, b) => a.filling_date.localeCompare(b.filling_date) || a.symbol.localeCompare(b.symbol));
}
