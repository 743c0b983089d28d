/**
 * Where the checker reads a company's statements. One call per company, statement and period
 * kind per run: `cachedStatementReader` keeps each answer (or failure) for the run, so the
 * figures of one report never fetch the same statement twice. The relay passes a reader over the
 * workspace's own service client.
 */
import type { BalanceSheetRecord, CashFlowRecord, IncomeStatementRecord, StatementPeriod } from '../../service/types.js';
import type { StatementKind } from '../figure-types.js';

export interface StatementRecordsOf {
  income: IncomeStatementRecord;
  balance_sheet: BalanceSheetRecord;
  cash_flow: CashFlowRecord;
}

export interface StatementReader {
  /** Every record the service gives for one company, statement and period kind, newest first. Rejects when the service fails. */
  read<K extends StatementKind>(symbol: string, statement: K, period: StatementPeriod): Promise<ReadonlyArray<StatementRecordsOf[K]>>;
}

/** The same reader, each (symbol, statement, period) read at most once: later reads share the first answer or failure. */
export function cachedStatementReader(reader: StatementReader): StatementReader {
  const reads = new Map<string, Promise<readonly unknown[]>>();
  return {
    read<K extends StatementKind>(symbol: string, statement: K, period: StatementPeriod) {
      const key = `${symbol}\u0000${statement}\u0000${period}`;
      let found = reads.get(key);
      if (!found) {
        found = reader.read(symbol, statement, period);
        reads.set(key, found);
      }
      return found as Promise<ReadonlyArray<StatementRecordsOf[K]>>;
    },
  };
}
