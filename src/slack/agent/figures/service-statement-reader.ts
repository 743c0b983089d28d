/**
 * The figure check's StatementReader over the app's own service client: one request per company,
 * statement and period kind, asking for enough records that the year before the oldest period a
 * report quotes is there too (a growth rate needs it).
 */
import type { StatementReader, StatementRecordsOf } from '../../../figures/check/statement-reader.js';
import type { StatementKind } from '../../../figures/figure-types.js';
import type { CallOptions, ResearchService, StatementPeriod } from '../../../service/types.js';

/** Ten years of quarters, or of cumulative quarters (Q1, H1, 9M, FY per year), or forty years. */
export const STATEMENT_RECORDS_LIMIT = 40;

export function serviceStatementReader(
  stock: Pick<ResearchService, 'incomeStatement' | 'balanceSheet' | 'cashFlow'>,
  opts?: CallOptions,
): StatementReader {
  const calls: { [K in StatementKind]: (period: StatementPeriod, symbol: string) => Promise<ReadonlyArray<StatementRecordsOf[K]>> } = {
    income: (period, symbol) => stock.incomeStatement({ symbol, period, limit: STATEMENT_RECORDS_LIMIT }, opts),
    balance_sheet: (period, symbol) => stock.balanceSheet({ symbol, period, limit: STATEMENT_RECORDS_LIMIT }, opts),
    cash_flow: (period, symbol) => stock.cashFlow({ symbol, period, limit: STATEMENT_RECORDS_LIMIT }, opts),
  };
  return {
    read: <K extends StatementKind>(symbol: string, statement: K, period: StatementPeriod) =>
      calls[statement](period, symbol) as Promise<ReadonlyArray<StatementRecordsOf[K]>>,
  };
}
