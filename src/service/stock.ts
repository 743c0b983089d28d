import type {
  BalanceSheetRecord,
  CallOptions,
  CashFlowRecord,
  CompanyPricesRequest,
  EarningsCalendarEntry,
  EarningsCalendarRequest,
  IncomeStatementRecord,
  IndexPriceItem,
  IndexPricesRequest,
  RevenueBreakdown,
  RevenueBreakdownRequest,
  StatementRequest,
  StockPriceItem,
  StockRoute,
} from './types.js';
import type { Requester } from './request.js';
import type { z } from 'zod';
import { stockEnvelopeSchema } from './schemas/stock-envelope-schema.js';
import { balanceSheetListSchema, cashFlowListSchema } from './schemas/statement-schemas.js';
import { revenueBreakdownSchema } from './schemas/revenue-breakdown-schema.js';
import { indexPricesSchema } from './schemas/index-prices-schema.js';
import { incomeStatementListSchema } from './schemas/income-statement-schema.js';
import { stockPricesSchema } from './schemas/stock-price-schema.js';
import { earningsCalendarSchema } from './schemas/earnings-calendar-schema.js';
import { symbolOfRecord } from './symbols.js';
import { createLearnedChoice, isRouteMissing, tryLearnedChoice } from './learned-choice.js';
import { parseShape } from './schemas/parse-shape.js';
import { ServiceError } from './errors/service-error.js';
import { kindForStatus } from './errors/map-http-error.js';
import { wireBody } from './wire-body.js';

export interface StockApi {
  balanceSheet(req: StatementRequest, opts?: CallOptions): Promise<BalanceSheetRecord[]>;
  cashFlow(req: StatementRequest, opts?: CallOptions): Promise<CashFlowRecord[]>;
  revenueBreakdown(req: RevenueBreakdownRequest, opts?: CallOptions): Promise<RevenueBreakdown>;
  indexPrices(req: IndexPricesRequest, opts?: CallOptions): Promise<IndexPriceItem[]>;
  incomeStatement(req: StatementRequest, opts?: CallOptions): Promise<IncomeStatementRecord[]>;
  companyPrices(req: CompanyPricesRequest, opts?: CallOptions): Promise<StockPriceItem[]>;
  earningsCalendar(req: EarningsCalendarRequest, opts?: CallOptions): Promise<EarningsCalendarEntry[]>;
  stockQuery<S extends z.ZodType>(
    route: StockRoute,
    body: Record<string, unknown>,
    dataSchema: S,
    opts?: CallOptions,
  ): Promise<z.output<S>>;
}

/**
 * Routes the service's published OpenAPI schema of 2026-04 renamed, newest first: a client tries
 * the current name and falls back to the one the 2025-12 schema documents, remembering which one
 * answered.
 */
export const INDEX_QUOTE_ROUTES = ['/v1/stock/index-quote', '/v1/stock/index-prices'] as const;
export const STOCK_QUOTE_ROUTES = ['/v1/stock/stock-quote', '/v1/stock/company-prices'] as const;
/** StockEarningsCalendarInput names the market `market` in the 2026-04 schema, `area` in 2025-12. */
export const EARNINGS_MARKET_FIELDS = ['market', 'area'] as const;

export function createStockApi(req: Requester): StockApi {
  /** Stock reads are POSTed queries, idempotent; the wrapper's non-zero code is an error. */
  const post = <S extends z.ZodType>(path: string, body: Record<string, unknown>, dataSchema: S, opts?: CallOptions) =>
    req.call({
      method: 'POST',
      path,
      body,
      idempotent: true,
      parse: (json) => {
        const env = parseShape(stockEnvelopeSchema, json);
        if (env.code !== 0) throw wrapperError('POST', path, env.status, env.code, env.message);
        return parseShape(dataSchema, env.data, ['data']) as z.output<S>;
      },
      opts,
    });

  const indexRoute = createLearnedChoice<string>(INDEX_QUOTE_ROUTES);
  const stockRoute = createLearnedChoice<string>(STOCK_QUOTE_ROUTES);
  const earningsField = createLearnedChoice<string>(EARNINGS_MARKET_FIELDS);
  // Worth an operator's attention only when the service turns out to speak an older name.
  const learned = (operation: string, current: string) => (option: string) =>
    req.ctx.logger?.[option === current ? 'debug' : 'info']('service naming learned', { operation, naming: option });
  const byRoute = { isWrongOption: isRouteMissing };

  return {
    stockQuery: (route, body, dataSchema, opts) => post(route, body, dataSchema, opts),
    balanceSheet: (r, opts) => post('/v1/stock/company-balance-sheet', statementBody(r), balanceSheetListSchema, opts),
    cashFlow: (r, opts) => post('/v1/stock/company-cashflow-statement', statementBody(r), cashFlowListSchema, opts),
    revenueBreakdown: (r, opts) =>
      post(
        '/v1/stock/company-revenue-breakdown',
        wireBody({
          symbol: r.symbol,
          period: r.period,
          limit: r.limit,
          start_date: r.startDate,
          end_date: r.endDate,
          fiscal_year: r.fiscalYear,
        }),
        revenueBreakdownSchema,
        opts,
      ),
    indexPrices: (r, opts) =>
      tryLearnedChoice(
        indexRoute,
        (path) => post(path, wireBody({ symbol: r.symbol, start_date: r.startDate, end_date: r.endDate }), indexPricesSchema, opts),
        { ...byRoute, onLearned: learned('index quote', INDEX_QUOTE_ROUTES[0]) },
      ),
    incomeStatement: (r, opts) => post('/v1/stock/company-income-statement', statementBody(r), incomeStatementListSchema, opts),
    companyPrices: (r, opts) =>
      tryLearnedChoice(
        stockRoute,
        (path) => post(path, wireBody({ symbol: r.symbol, start_date: r.startDate, end_date: r.endDate }), stockPricesSchema, opts),
        { ...byRoute, onLearned: learned('stock quote', STOCK_QUOTE_ROUTES[0]) },
      ),
    earningsCalendar: async (r, opts) =>
      withListingSymbols(
        await tryLearnedChoice(
          earningsField,
          (field) =>
            post(
              '/v1/stock/earnings-calendar',
              wireBody({ [field]: r.market, symbol: r.symbol, start_date: r.startDate, end_date: r.endDate }),
              earningsCalendarSchema,
              opts,
            ),
          // A refusal of the request (422, or 400 as these routes also document) may be the other
          // version's field name; a second refusal under that name throws the first.
          {
            isWrongOption: (e) => e.kind === 'validation',
            onLearned: learned('earnings calendar market field', EARNINGS_MARKET_FIELDS[0]),
          },
        ),
        r.market,
      ),
  };
}

/** Entries that came without a market are in the one asked for: their bare codes become symbols (SZ:000001). */
function withListingSymbols(entries: EarningsCalendarEntry[], market: string): EarningsCalendarEntry[] {
  return entries.map((e) => (e.market ? e : { ...e, symbol: symbolOfRecord(e.symbol, market) ?? e.symbol }));
}

function statementBody(r: StatementRequest): Record<string, unknown> {
  return wireBody({
    symbol: r.symbol,
    period: r.period,
    limit: r.limit,
    start_date: r.startDate,
    end_date: r.endDate,
    calendar: r.calendar,
    fiscal_year: r.fiscalYear,
    fiscal_quarter: r.fiscalQuarter,
  });
}

/**
 * The meaning of non-zero codes is not documented; the wrapper's own status (when it is an error
 * status) picks the kind, otherwise the service is taken to have failed.
 */
function wrapperError(method: string, path: string, status: number | undefined, code: number, message: string): ServiceError {
  const kind = status !== undefined && status >= 400 ? kindForStatus(status) : 'upstream';
  return new ServiceError(kind, `the service answered code ${code}${message ? `: ${message.slice(0, 200)}` : ''}`, {
    method,
    path,
    ...(status !== undefined ? { status } : {}),
    ...(message ? { serviceDetail: message.slice(0, 300) } : {}),
  });
}
