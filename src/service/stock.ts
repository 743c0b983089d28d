import type {
  BalanceSheetRecord,
  CallOptions,
  CashFlowRecord,
  IndexPriceItem,
  IndexPricesRequest,
  RevenueBreakdown,
  RevenueBreakdownRequest,
  StatementRequest,
} from './types.js';
import type { Requester } from './request.js';
import type { z } from 'zod';
import { stockEnvelopeSchema } from './schemas/stock-envelope-schema.js';
import { balanceSheetListSchema, cashFlowListSchema } from './schemas/statement-schemas.js';
import { revenueBreakdownSchema } from './schemas/revenue-breakdown-schema.js';
import { indexPricesSchema } from './schemas/index-prices-schema.js';
import { parseShape } from './schemas/parse-shape.js';
import { ServiceError } from './errors/service-error.js';
import { kindForStatus } from './errors/map-http-error.js';
import { wireBody } from './wire-body.js';

export interface StockApi {
  balanceSheet(req: StatementRequest, opts?: CallOptions): Promise<BalanceSheetRecord[]>;
  cashFlow(req: StatementRequest, opts?: CallOptions): Promise<CashFlowRecord[]>;
  revenueBreakdown(req: RevenueBreakdownRequest, opts?: CallOptions): Promise<RevenueBreakdown>;
  indexPrices(req: IndexPricesRequest, opts?: CallOptions): Promise<IndexPriceItem[]>;
}

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

  return {
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
      post('/v1/stock/index-prices', wireBody({ symbol: r.symbol, start_date: r.startDate, end_date: r.endDate }), indexPricesSchema, opts),
  };
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
