/**
 * Endpoints 5–8 (balance sheet, cash flow statement, index prices, revenue breakdown) and the
 * published schemas' income statement and index-quote (index-prices renamed in 2026-04).
 */
import { calendarQuarterOf } from '../data/fiscal-calendar.js';
import type { StatementHeader } from '../data/financials.js';
import { StockError } from '../http-errors.js';
import { ok, route, type Route, type RouteContext } from '../routing.js';
import { FieldReader } from '../validation.js';
import { DEMO_INDICES, findIndex } from '../data/indices.js';
import { CHINESE_PERIOD_LABELS, type RevenueKind } from '../data/revenue.js';
import { speaksApril2026Stock } from '../variants.js';

/*
 * Bounds: only what the interface or the published schema states is enforced. Neither gives the
 * stock `limit` an upper bound, and the schema types `fiscal_quarter`, revenue `period` and the
 * index `symbol` as plain strings (its descriptions name examples: Q1…FY, 'FY', 'Q2', HSI/SPX/DJI),
 * so other values are answered (with no records when nothing matches), never refused.
 */

/** A balance sheet is a point in time: the half-year's and nine months' positions are Q2's and Q3's. */
const BALANCE_SHEET_ALIAS: Record<string, string> = { H1: 'Q2', 'Q3 (9 months)': 'Q3' };
/** Cumulative labels for quarter names. */
const CUMULATIVE_ALIAS: Record<string, string> = {
  Q1: 'Q1',
  Q2: 'H1',
  H1: 'H1',
  Q3: 'Q3 (9 months)',
  'Q3 (9 months)': 'Q3 (9 months)',
  Q4: 'FY',
  FY: 'FY',
};

export function wrap(data: unknown) {
  return ok({ status: 200, code: 0, message: '', data });
}

function readFiscalYear(r: FieldReader): string | undefined {
  const raw = r.raw('fiscal_year');
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1900 && raw <= 2100) return String(raw);
  return r.string('fiscal_year', { check: (v) => (/^\d{4}$/.test(v) ? undefined : 'Value error, fiscal_year must be a four-digit year') });
}

/**
 * The company of a symbol. Unknown: the interface variants answer 404 inside the wrapper; the
 * published schema documents no status but 200 and 422 for stock routes, so there it is an empty
 * answer (undefined here).
 */
export function companyOf(ctx: RouteContext, symbol: string) {
  const company = ctx.state.dataset.stockCompanies.find(
    (c) => c.symbol === symbol || (c.exchange === 'HK' && symbol === `HK:${c.code.replace(/^0/, '')}`),
  );
  if (!company && ctx.state.variant !== 'published') throw new StockError(404, 40401, `No data for symbol ${symbol}`);
  return company;
}

function relabel<T extends StatementHeader>(record: T, calendar: string): T {
  if (calendar !== 'calendar') return record;
  const { year, quarter } = calendarQuarterOf(record.end_date);
  const fq = record.period === 'quarterly' ? `Q${quarter}` : record.fiscal_quarter;
  return { ...record, fiscal_year: String(year), fiscal_quarter: fq };
}

interface StatementQuery {
  period: string;
  limit: number;
  startDate?: string;
  endDate?: string;
  calendar: string;
  fiscalYear?: string;
  fiscalQuarter?: string;
}

function readStatementQuery(ctx: RouteContext, cashFlow: boolean): { symbol: string; q: StatementQuery } {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const symbol = r.symbol('symbol', { required: true }) ?? '';
  const periods = cashFlow ? ['annual', 'quarterly', 'cumulative quarterly'] : ['annual', 'quarterly'];
  const period = r.string('period', { enum: periods });
  const limit = r.integer('limit', { min: 1 }) ?? 8;
  const startDate = r.date('start_date');
  const endDate = r.date('end_date');
  r.range('start_date', startDate, 'end_date', endDate);
  const calendar = r.string('calendar', { enum: ['calendar', 'fiscal'] }) ?? 'fiscal';
  const fiscalYear = readFiscalYear(r);
  const quarterAsked = r.string('fiscal_quarter');
  r.done();
  const fiscalQuarter = quarterAsked && !cashFlow ? (BALANCE_SHEET_ALIAS[quarterAsked] ?? quarterAsked) : quarterAsked;
  // Without a period: quarterly records, unless the quarter name implies annual (FY) or
  // cumulative (H1, Q3 (9 months)) ones.
  let effective = period;
  if (!effective) {
    if (fiscalQuarter === 'FY') effective = 'annual';
    else if (fiscalQuarter === 'H1' || fiscalQuarter === 'Q3 (9 months)') effective = 'cumulative quarterly';
    else effective = 'quarterly';
  }
  return {
    symbol,
    q: {
      period: effective,
      limit,
      calendar,
      ...(startDate ? { startDate } : {}),
      ...(endDate ? { endDate } : {}),
      ...(fiscalYear ? { fiscalYear } : {}),
      ...(fiscalQuarter ? { fiscalQuarter } : {}),
    },
  };
}

function selectStatements<T extends StatementHeader>(records: T[], q: StatementQuery): T[] {
  const wantedQuarter = q.fiscalQuarter && q.period === 'cumulative quarterly' ? CUMULATIVE_ALIAS[q.fiscalQuarter] : q.fiscalQuarter;
  return records
    .filter((rec) => rec.period === q.period)
    .map((rec) => relabel(rec, q.calendar))
    .filter((rec) => !q.fiscalYear || rec.fiscal_year === q.fiscalYear)
    .filter((rec) => !wantedQuarter || rec.fiscal_quarter === wantedQuarter)
    .filter((rec) => !q.startDate || rec.end_date >= q.startDate)
    .filter((rec) => !q.endDate || rec.end_date <= q.endDate)
    .slice(0, q.limit);
}

function balanceSheet(ctx: RouteContext) {
  const { symbol, q } = readStatementQuery(ctx, false);
  const company = companyOf(ctx, symbol);
  return wrap(selectStatements((company && ctx.state.dataset.financials.get(company.symbol)?.balanceSheets) || [], q));
}

/** Periods and quarter names as the cash flow statement's (CompanyIncomeStatementInput describes the same). */
function incomeStatement(ctx: RouteContext) {
  const { symbol, q } = readStatementQuery(ctx, true);
  const company = companyOf(ctx, symbol);
  return wrap(selectStatements((company && ctx.state.dataset.income.get(company.symbol)) || [], q));
}

function cashFlow(ctx: RouteContext) {
  const { symbol, q } = readStatementQuery(ctx, true);
  const company = companyOf(ctx, symbol);
  return wrap(selectStatements((company && ctx.state.dataset.financials.get(company.symbol)?.cashFlows) || [], q));
}

/** Revenue `period` values → the periods they select; unknown values select none. */
const REVENUE_PERIODS: Record<string, RevenueKind> = {
  FY: 'FY',
  ANNUAL: 'FY',
  年报: 'FY',
  Q2: 'H1',
  H1: 'H1',
  中报: 'H1',
  半年报: 'H1',
  Q1: 'Q1',
  一季报: 'Q1',
  Q3: 'Q3',
  '9M': 'Q3',
  'Q3 (9 MONTHS)': 'Q3',
  三季报: 'Q3',
};

function revenueBreakdown(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const symbol = r.symbol('symbol', { required: true }) ?? '';
  const period = r.string('period');
  const limit = r.integer('limit', { min: 1 }) ?? 6;
  const startDate = r.date('start_date');
  const endDate = r.date('end_date');
  r.range('start_date', startDate, 'end_date', endDate);
  const fiscalYear = readFiscalYear(r);
  r.done();
  const { variant } = ctx.state;
  const company = companyOf(ctx, symbol);
  const revenue = company && ctx.state.dataset.revenue.get(company.symbol);
  // Without a period the interface variants list the annual and half-year reports (as they
  // always did); the published variant, like the real service, every report.
  const kinds: readonly (RevenueKind | undefined)[] = period
    ? [REVENUE_PERIODS[period.trim().toUpperCase()]]
    : variant === 'published'
      ? ['FY', 'H1', 'Q1', 'Q3']
      : ['FY', 'H1'];
  const list = (revenue?.list ?? [])
    .filter((p) => kinds.includes(p.kind))
    .filter((p) => !fiscalYear || String(p.fiscal_year) === fiscalYear)
    .filter((p) => !startDate || p.end_date >= startDate)
    .filter((p) => !endDate || p.end_date <= endDate)
    .slice(0, limit)
    .map(({ kind, ...rest }) => ({
      ...structuredClone(rest),
      ...(variant === 'published' ? { period: CHINESE_PERIOD_LABELS[kind] } : {}),
    }));
  return wrap({ currency: revenue?.currency ?? company?.currency ?? '', list });
}

function indexPrices(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const symbol = r.string('symbol', { required: true, minLength: 1 }) ?? '';
  const startDate = r.date('start_date');
  const endDate = r.date('end_date');
  r.range('start_date', startDate, 'end_date', endDate);
  r.done();
  const index = findIndex(symbol);
  if (!index) {
    if (ctx.state.variant === 'published') return wrap({ items: [] });
    throw new StockError(404, 40402, `Unknown index ${symbol}; known: ${DEMO_INDICES.map((i) => i.symbol).join(', ')}`);
  }
  const items = (ctx.state.dataset.indexPrices.get(index.symbol) ?? [])
    .filter((i) => !startDate || i.date >= startDate)
    .filter((i) => !endDate || i.date <= endDate)
    .map((i) => ({ ...i }));
  return wrap({ items });
}

export function stockRoutes(): Route[] {
  return [
    route('POST', '/v1/stock/company-balance-sheet', balanceSheet, { stock: true }),
    route('POST', '/v1/stock/company-cashflow-statement', cashFlow, { stock: true }),
    route('POST', '/v1/stock/index-prices', indexPrices, { stock: true }),
    route('POST', '/v1/stock/index-quote', indexPrices, { stock: true, servedIn: speaksApril2026Stock }),
    route('POST', '/v1/stock/company-revenue-breakdown', revenueBreakdown, { stock: true }),
    route('POST', '/v1/stock/company-income-statement', incomeStatement, { stock: true }),
  ];
}
