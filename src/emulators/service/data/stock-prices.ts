/**
 * Daily share prices of the demo companies, from the calendar's priceHistoryStart up to the day asked for
 * (the emulator's today at most), that agree with their statements:
 * - the price hovers (a mean-reverting random walk) around the company's target P/E times its
 *   trailing-twelve-month earnings per share, as known on that day: a quarter counts from its
 *   filling_date on, so the price moves when results come out (before the first four quarters
 *   are public, their figures stand in);
 * - market_capitalization = close × shares outstanding; pe_ttm, ps_ttm and pb are that value
 *   over the trailing four quarters' profit attributable to owners and revenue, and over the
 *   equity of the latest balance sheet filed (income.ts, financials.ts);
 * - Hong Kong shares trade in HKD while those companies report in CNY: values are converted at
 *   a fixed HKD_PER_CNY for the ratios.
 * A day's figures depend only on the company and the day, not on the range asked for.
 */
import type { DemoCompany } from './companies.js';
import type { CompanyFinancials } from './financials.js';
import { incomeProfile } from './income-profiles.js';
import type { IncomeStatementRecord } from './income.js';
import type { DatasetCalendar } from './dataset-calendar.js';
import { createPrng, hashSeed } from './prng.js';

export interface StockPriceItem {
  date: string;
  symbol: string;
  name: string;
  currency: string;
  stock_open: number;
  day_high: number;
  day_low: number;
  stock_price: number;
  stock_change_percent: number;
  volume: number;
  trade_amount: number;
  market_capitalization: number;
  pe_ttm: number;
  ps_ttm: number;
  pb: number;
}

export const HKD_PER_CNY = 1.08;

const DAY_MS = 86_400_000;
const r2 = (x: number): number => Math.round(x * 100) / 100;

interface Fundamentals {
  /** First day the figures are public. */
  from: string;
  ttmProfit: number;
  ttmRevenue: number;
  equity: number;
}

/** Trailing figures after each quarter, oldest first, public from the quarter's filling date. */
function fundamentalsTimeline(income: IncomeStatementRecord[], financials: CompanyFinancials): Fundamentals[] {
  const quarters = income.filter((r) => r.period === 'quarterly').sort((a, b) => a.end_date.localeCompare(b.end_date));
  const equityAt = new Map(
    financials.balanceSheets
      .filter((b) => b.period === 'quarterly')
      .map((b) => [b.end_date, b.owners_equity.total_equity_attributable_to_ordinary_shareholders ?? 0]),
  );
  const out: Fundamentals[] = [];
  for (let i = 3; i < quarters.length; i++) {
    const four = quarters.slice(i - 3, i + 1);
    const last = quarters[i] as IncomeStatementRecord;
    out.push({
      from: last.filling_date,
      ttmProfit: four.reduce((s, q) => s + (q.profit.profit_attributable_to_owners_of_the_parent ?? 0), 0),
      ttmRevenue: four.reduce((s, q) => s + (q.revenue_and_costs.revenue ?? 0), 0),
      equity: equityAt.get(last.end_date) ?? 0,
    });
  }
  return out.sort((a, b) => a.from.localeCompare(b.from));
}

/** A sum of uniforms: close enough to a normal draw for a demo walk. */
function gaussian(next: () => number): number {
  return next() + next() + next() + next() - 2;
}

function buildHistory(
  company: DemoCompany,
  income: IncomeStatementRecord[],
  financials: CompanyFinancials,
  from: string,
  until: string,
): StockPriceItem[] {
  const profile = incomeProfile(company);
  const timeline = fundamentalsTimeline(income, financials);
  const prng = createPrng(hashSeed(`prices:${company.symbol}`));
  // Hong Kong shares trade in HKD: convert from the reporting currency when that is CNY.
  const fx = company.market === 'hk' && company.currency === 'CNY' ? HKD_PER_CNY : 1;
  const shares = profile.sharesOutstanding;
  const items: StockPriceItem[] = [];
  let at = 0;
  let walk = 0;
  let previousClose: number | undefined;
  for (let ms = Date.parse(`${from}T00:00:00Z`); ; ms += DAY_MS) {
    const date = new Date(ms).toISOString().slice(0, 10);
    if (date > until) break;
    const weekday = new Date(ms).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    while (at + 1 < timeline.length && (timeline[at + 1] as Fundamentals).from <= date) at += 1;
    const f = timeline[at];
    if (!f) break;
    const fair = f.ttmProfit > 0 ? (profile.targetPe * f.ttmProfit) / shares : (1.2 * f.equity) / shares;
    walk = 0.97 * walk + 0.018 * gaussian(prng.next);
    const close = Math.max(0.01, r2(fair * Math.exp(walk) * fx));
    const before = previousClose ?? close;
    const open = Math.max(0.01, r2(before * (1 + prng.float(-0.006, 0.006))));
    const high = r2(Math.max(open, close) * (1 + prng.float(0, 0.012)));
    const low = Math.max(0.01, r2(Math.min(open, close) * (1 - prng.float(0, 0.012))));
    const volume = Math.round(shares * prng.float(0.002, 0.008));
    const cap = close * shares;
    const capInReportingCurrency = cap / fx;
    items.push({
      date,
      symbol: company.symbol,
      name: company.market === 'us' ? company.nameEn : company.nameZh,
      currency: company.market === 'hk' ? 'HKD' : company.currency,
      stock_open: open,
      day_high: high,
      day_low: low,
      stock_price: close,
      stock_change_percent: r2(((close - before) / before) * 100),
      volume,
      trade_amount: Math.round((volume * (open + close)) / 2),
      market_capitalization: Math.round(cap),
      pe_ttm: f.ttmProfit > 0 ? r2(capInReportingCurrency / f.ttmProfit) : 0,
      ps_ttm: f.ttmRevenue > 0 ? r2(capInReportingCurrency / f.ttmRevenue) : 0,
      pb: f.equity > 0 ? r2(capInReportingCurrency / f.equity) : 0,
    });
    previousClose = close;
  }
  return items;
}

export interface StockPriceHistory {
  /** Trading days of `company` from the calendar's priceHistoryStart to `until`, oldest first. */
  upTo(company: DemoCompany, until: string): StockPriceItem[];
}

/** Histories are built on first use and rebuilt only when a later day is asked for. */
export function createStockPriceHistory(
  income: ReadonlyMap<string, IncomeStatementRecord[]>,
  financials: ReadonlyMap<string, CompanyFinancials>,
  calendar: DatasetCalendar,
): StockPriceHistory {
  const built = new Map<string, { until: string; items: StockPriceItem[] }>();
  return {
    upTo(company, until) {
      let entry = built.get(company.symbol);
      if (!entry || entry.until < until) {
        const statements = income.get(company.symbol) ?? [];
        const accounts = financials.get(company.symbol) ?? { balanceSheets: [], cashFlows: [] };
        entry = { until, items: buildHistory(company, statements, accounts, calendar.priceHistoryStart, until) };
        built.set(company.symbol, entry);
      }
      return entry.items.filter((i) => i.date <= until);
    },
  };
}
