import type {
  BalanceSheetRecord,
  CashFlowRecord,
  IndexPriceItem,
  RevenueBreakdown,
  RevenuePeriod,
  RevenueSegment,
  StatementHeader,
  StatementSection,
} from './types.js';
import {
  asArray,
  asRecord,
  compact,
  isRecord,
  join,
  optArray,
  optNumber,
  optString,
  reqString,
  toNumber,
  type Json,
} from './read-shape.js';

/** The `{status, code, message, data}` wrapper of every /v1/stock/* response. */
export interface StockEnvelope {
  status?: number;
  code: number;
  message: string;
  data: unknown;
}

export function readStockEnvelope(raw: unknown): StockEnvelope {
  const body = asRecord(raw, '');
  const code = toNumber(body.code) ?? 0;
  return compact<StockEnvelope>({
    status: optNumber(body, 'status'),
    code,
    message: optString(body, 'message') ?? '',
    data: body.data,
  });
}

function header(r: Json, at: string): StatementHeader {
  return compact<StatementHeader>({
    currency: optString(r, 'currency') ?? '',
    endDate: reqString(r, 'end_date', at),
    symbol: optString(r, 'symbol') ?? '',
    fiscalYear: optString(r, 'fiscal_year') ?? '',
    fiscalQuarter: optString(r, 'fiscal_quarter') ?? '',
    period: optString(r, 'period') ?? '',
    filingDate: optString(r, 'filling_date') ?? optString(r, 'filing_date'),
  });
}

/** Members that are not numbers (null for an unreported line) are left out rather than zeroed. */
function section(r: Json, key: string): StatementSection {
  const out: StatementSection = {};
  const raw = r[key];
  if (!isRecord(raw)) return out;
  for (const [name, value] of Object.entries(raw)) {
    const n = toNumber(value);
    if (n !== undefined) out[name] = n;
  }
  return out;
}

export function normaliseBalanceSheet(data: unknown): BalanceSheetRecord[] {
  return asArray(data, 'data').map((raw, i) => {
    const at = join('data', i);
    const r = asRecord(raw, at);
    return {
      ...header(r, at),
      currentAssets: section(r, 'current_assets'),
      nonCurrentAssets: section(r, 'non_current_assets'),
      currentLiabilities: section(r, 'current_liabilities'),
      nonCurrentLiabilities: section(r, 'non_current_liabilities'),
      ownersEquity: section(r, 'owners_equity'),
    };
  });
}

export function normaliseCashFlow(data: unknown): CashFlowRecord[] {
  return asArray(data, 'data').map((raw, i) => {
    const at = join('data', i);
    const r = asRecord(raw, at);
    return {
      ...header(r, at),
      operating: section(r, 'cash_flows_from_operating_activities'),
      investing: section(r, 'cash_flows_from_investing_activities'),
      financing: section(r, 'cash_flows_from_financing_activities'),
    };
  });
}

export function normaliseRevenueBreakdown(data: unknown): RevenueBreakdown {
  const d = asRecord(data, 'data');
  return {
    currency: optString(d, 'currency') ?? '',
    periods: optArray(d, 'list', 'data').map((raw, i) => revenuePeriod(raw, join('data.list', i))),
  };
}

function revenuePeriod(raw: unknown, at: string): RevenuePeriod {
  const p = asRecord(raw, at);
  const endDate = reqString(p, 'end_date', at);
  return compact<RevenuePeriod>({
    endDate,
    period: optString(p, 'period') ?? '',
    fiscalYear: optNumber(p, 'fiscal_year') ?? Number(endDate.slice(0, 4)),
    product: segments(p, 'product', at),
    area: segments(p, 'area', at),
    industry: segments(p, 'industry', at),
    industryTotalRevenue: optNumber(p, 'industry_total_revenue'),
  });
}

/** Segments are objects with a name; product entries are undocumented, so bare strings are accepted. */
function segments(p: Json, key: string, at: string): RevenueSegment[] {
  return optArray(p, key, at).flatMap((s): RevenueSegment[] => {
    if (typeof s === 'string') return [{ name: s }];
    if (!isRecord(s)) return [];
    return [
      compact<RevenueSegment>({
        name: optString(s, 'name') ?? '',
        revenue: optNumber(s, 'revenue'),
        revenuePercentage: optNumber(s, 'revenue_percentage'),
      }),
    ];
  });
}

export function normaliseIndexPrices(data: unknown): IndexPriceItem[] {
  const d = asRecord(data, 'data');
  return asArray(d.items ?? [], 'data.items').map((raw, i) => {
    const at = join('data.items', i);
    const r = asRecord(raw, at);
    return compact<IndexPriceItem>({
      date: reqString(r, 'date', at),
      symbol: optString(r, 'symbol') ?? '',
      name: optString(r, 'name') ?? '',
      open: optNumber(r, 'stock_open'),
      dayHigh: optNumber(r, 'day_high'),
      dayLow: optNumber(r, 'day_low'),
      close: optNumber(r, 'stock_price'),
      changePercent: optNumber(r, 'stock_change_percent'),
      tradeAmount: optNumber(r, 'trade_amount'),
      psTtm: optNumber(r, 'ps_ttm'),
      pb: optNumber(r, 'pb'),
      peTtm: optNumber(r, 'pe_ttm'),
      dividendYield: optNumber(r, 'dividend_yield'),
      marketCap: optNumber(r, 'market_capitalization'),
      marketCapAShare: optNumber(r, 'market_capitalization_a_share'),
    });
  });
}
