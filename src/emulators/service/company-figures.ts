/**
 * A company's figures for the demo agent's report, read from the demo data: balance sheet,
 * cash flow and income statement of the period asked (the latest quarter, or a fiscal year) and
 * of the same period a year earlier, the revenue mix, and the share price's moves up to `asOf`.
 */
import type { DemoCompany } from './data/companies.js';
import type { Dataset } from './data/dataset.js';
import type { BalanceSheetRecord, StatementHeader } from './data/financials.js';
import { type PeriodRef, statementPeriod } from './period-text.js';
import type { PeriodHint } from './question-intent.js';

export interface PeriodFigures {
  end_date: string;
  /** "Q1 FY2025" or "FY2024". */
  label: string;
  /** The same period, for the report to name in its language. */
  ref: PeriodRef;
  total_assets: number;
  total_liabilities: number;
  total_shareholders_equity: number;
  cash: number;
  operating_cash_flow: number;
  revenue?: number;
  /** Percentages (42.1 = 42.1%); no gross margin for banks and insurers. */
  gross_margin?: number;
  operating_margin?: number;
  net_margin?: number;
  /** Profit attributable to the owners of the parent. */
  net_profit?: number;
}

export interface PriceFigures {
  date: string;
  currency: string;
  close: number;
  /** Percent changes over about 1, 3 and 12 months of trading days. */
  change_1m: number;
  change_3m: number;
  change_1y: number;
  high_1y: number;
  low_1y: number;
  pe_ttm: number;
  market_cap: number;
}

export interface RevenueMix {
  period: string;
  ref: PeriodRef;
  end_date: string;
  total: number;
  segments: Array<{ name: string; revenue: number; percent: number }>;
}

/**
 * An income statement as the service's `/v1/stock/income-statement` lists it (header and the
 * key lines of its sections, same field names), for the data tool's short series.
 */
export interface IncomeTrendRecord {
  end_date: string;
  fiscal_year: string;
  fiscal_quarter: string;
  period: string;
  currency: string;
  revenue_and_costs: { revenue?: number; cost_of_sales?: number; gross_profit?: number };
  /** The cost lines behind the operating margin, as the statement names them. */
  operating_results: {
    selling_and_distribution_expenses?: number;
    administrative_expenses?: number;
    research_and_development_expenses?: number;
    operating_profit?: number;
  };
  profit: { profit_attributable_to_owners_of_the_parent?: number };
}

/** A day of the service's price items (`data.items`: `date`, `stock_price`), newest first as it lists them. */
export interface PriceDay {
  date: string;
  stock_price: number;
}

/** Periods of the income series a data tool returns (the latest and the ones before it). */
export const INCOME_TREND_PERIODS = 5;
/** Trading days of the price series a data tool returns: about three months, a few KB of output. */
export const PRICE_SERIES_DAYS = 63;

export interface CompanyFigures {
  /** The period asked (latest quarter by default). */
  latest?: PeriodFigures;
  /** The same period a year earlier. */
  yearEarlier?: PeriodFigures;
  /** Up to eight quarters, newest first. */
  history: Array<{ end_date: string; label: string; ref: PeriodRef; total_assets: number; total_liabilities: number; cash: number }>;
  mix?: RevenueMix;
  price?: PriceFigures;
  /** The income statements of the latest period's kind (quarters or years), up to it, newest first. */
  incomeTrend?: IncomeTrendRecord[];
  /** Daily closes up to `asOf`, newest first. */
  priceSeries?: PriceDay[];
}

const TRADING_DAYS = { month: 21, quarter: 63, year: 252 };
// Unrounded: the report rounds what it writes, and a margin's change is taken before rounding.
const pct = (part: number, whole: number): number => (part / whole) * 100;
const change = (now: number, then: number | undefined): number => (then ? Math.round(((now - then) / then) * 1000) / 10 : 0);

function labelOf(h: StatementHeader): string {
  return h.period === 'annual' ? `FY${h.fiscal_year}` : `${h.fiscal_quarter} FY${h.fiscal_year}`;
}

/** Statements of one kind as the period asks: quarterly records, or annual ones. */
function pickRecord<T extends StatementHeader>(records: readonly T[], period: PeriodHint): { now?: T; yearBefore?: T } {
  const annual = period.kind !== 'latest';
  const pool = records.filter((r) => r.period === (annual ? 'annual' : 'quarterly'));
  const wanted = period.kind === 'fiscal_year' ? pool.find((r) => r.fiscal_year === String(period.year)) : undefined;
  const now = wanted ?? pool[0];
  if (!now) return {};
  const yearBefore = pool.find((r) => r.fiscal_year === String(Number(now.fiscal_year) - 1) && r.fiscal_quarter === now.fiscal_quarter);
  return { now, ...(yearBefore ? { yearBefore } : {}) };
}

function periodFigures(dataset: Dataset, company: DemoCompany, bs: BalanceSheetRecord): PeriodFigures {
  const sameEnd = <T extends StatementHeader>(r: T): boolean => r.end_date === bs.end_date && r.period === bs.period;
  const cf = dataset.financials.get(company.symbol)?.cashFlows.find(sameEnd);
  const income = dataset.income.get(company.symbol)?.find(sameEnd);
  const figures: PeriodFigures = {
    end_date: bs.end_date,
    label: labelOf(bs),
    ref: statementPeriod(bs),
    total_assets: bs.non_current_assets.total_assets ?? 0,
    total_liabilities: bs.non_current_liabilities.total_liabilities ?? 0,
    total_shareholders_equity: bs.owners_equity.total_shareholders_equity ?? 0,
    cash: bs.current_assets.cash_and_cash_equivalents ?? 0,
    operating_cash_flow: cf?.cash_flows_from_operating_activities.net_cash_flows_from_operating_activities ?? 0,
  };
  const revenue = income?.revenue_and_costs.revenue;
  if (!income || !revenue) return figures;
  const gross = income.revenue_and_costs.gross_profit;
  const net = income.profit.profit_attributable_to_owners_of_the_parent ?? 0;
  return {
    ...figures,
    revenue,
    ...(gross !== undefined ? { gross_margin: pct(gross, revenue) } : {}),
    operating_margin: pct(income.operating_results.operating_profit ?? 0, revenue),
    net_margin: pct(net, revenue),
    net_profit: net,
  };
}

function revenueMix(dataset: Dataset, company: DemoCompany, period: PeriodHint): RevenueMix | undefined {
  const list = dataset.revenue.get(company.symbol)?.list ?? [];
  const years = list.filter((p) => p.kind === 'FY');
  // Halves and years add up to the income statements' quarters; the Q1 and Q3 breakdowns do not.
  const found =
    period.kind === 'latest'
      ? list.find((p) => p.kind === 'FY' || p.kind === 'H1')
      : ((period.kind === 'fiscal_year' ? years.find((p) => p.fiscal_year === period.year) : undefined) ?? years[0]);
  if (!found) return undefined;
  return {
    period: found.period,
    ref: { fiscalYear: found.fiscal_year, part: found.kind === 'FY' ? 'FY' : 'H1', endDate: found.end_date },
    end_date: found.end_date,
    total: found.industry_total_revenue,
    segments: found.industry.map((s) => ({ name: s.name, revenue: s.revenue, percent: s.revenue_percentage })),
  };
}

function priceFigures(dataset: Dataset, company: DemoCompany, asOf: string): PriceFigures | undefined {
  const items = dataset.stockPrices.upTo(company, asOf);
  const last = items.at(-1);
  if (!last) return undefined;
  const back = (days: number): number | undefined => items[Math.max(0, items.length - 1 - days)]?.stock_price;
  const year = items.slice(-TRADING_DAYS.year);
  return {
    date: last.date,
    currency: last.currency,
    close: last.stock_price,
    change_1m: change(last.stock_price, back(TRADING_DAYS.month)),
    change_3m: change(last.stock_price, back(TRADING_DAYS.quarter)),
    change_1y: change(last.stock_price, back(TRADING_DAYS.year)),
    high_1y: Math.max(...year.map((i) => i.day_high)),
    low_1y: Math.min(...year.map((i) => i.day_low)),
    pe_ttm: last.pe_ttm,
    market_cap: last.market_capitalization,
  };
}

/** The lines of a statement section that it has (banks have no cost of sales). */
function pick<K extends string>(section: Record<string, number>, keys: readonly K[]): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  for (const k of keys) if (section[k] !== undefined) out[k] = section[k];
  return out;
}

function incomeTrend(dataset: Dataset, company: DemoCompany, latest: BalanceSheetRecord): IncomeTrendRecord[] {
  const records = (dataset.income.get(company.symbol) ?? []).filter((r) => r.period === latest.period && r.end_date <= latest.end_date);
  return records.slice(0, INCOME_TREND_PERIODS).map((r) => ({
    end_date: r.end_date,
    fiscal_year: r.fiscal_year,
    fiscal_quarter: r.fiscal_quarter,
    period: r.period,
    currency: r.currency,
    revenue_and_costs: pick(r.revenue_and_costs, ['revenue', 'cost_of_sales', 'gross_profit']),
    operating_results: pick(r.operating_results, [
      'selling_and_distribution_expenses',
      'administrative_expenses',
      'research_and_development_expenses',
      'operating_profit',
    ]),
    profit: { profit_attributable_to_owners_of_the_parent: r.profit.profit_attributable_to_owners_of_the_parent },
  }));
}

function priceSeries(dataset: Dataset, company: DemoCompany, asOf: string): PriceDay[] {
  return dataset.stockPrices
    .upTo(company, asOf)
    .slice(-PRICE_SERIES_DAYS)
    .reverse()
    .map((i) => ({ date: i.date, stock_price: i.stock_price }));
}

export function companyFigures(dataset: Dataset, company: DemoCompany, period: PeriodHint, asOf: string): CompanyFigures {
  const sheets = dataset.financials.get(company.symbol)?.balanceSheets ?? [];
  const { now, yearBefore } = pickRecord(sheets, period);
  const mix = revenueMix(dataset, company, period);
  const price = priceFigures(dataset, company, asOf);
  const trend = now ? incomeTrend(dataset, company, now) : [];
  const closes = priceSeries(dataset, company, asOf);
  return {
    ...(now ? { latest: periodFigures(dataset, company, now) } : {}),
    ...(yearBefore ? { yearEarlier: periodFigures(dataset, company, yearBefore) } : {}),
    history: sheets
      .filter((b) => b.period === 'quarterly')
      .slice(0, 8)
      .map((b) => ({
        end_date: b.end_date,
        label: labelOf(b),
        ref: statementPeriod(b),
        total_assets: b.non_current_assets.total_assets ?? 0,
        total_liabilities: b.non_current_liabilities.total_liabilities ?? 0,
        cash: b.current_assets.cash_and_cash_equivalents ?? 0,
      })),
    ...(mix ? { mix } : {}),
    ...(price ? { price } : {}),
    ...(trend.length > 0 ? { incomeTrend: trend } : {}),
    ...(closes.length > 0 ? { priceSeries: closes } : {}),
  };
}
