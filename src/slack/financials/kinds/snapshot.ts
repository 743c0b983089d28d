/**
 * `/financials <SYMBOL> [annual|quarterly] [fy:] [q:]`, a company with no statement named: its
 * snapshot, the latest period against the one before from the income statement, balance sheet,
 * cash flow and revenue mix, fetched in parallel. A part that fails leaves the others and is
 * named under the card (and in the file's title); only when all four fail is there an error.
 */
import type { StockSymbol } from '../../../service/symbols.js';
import type { StatementPeriod } from '../../../service/types.js';
import { renderCompanySnapshot } from '../cards/company-snapshot-card.js';
import { withNotShown } from '../cards/with-not-shown.js';
import { snapshotSheets, snapshotTable, type SnapshotExportData } from '../export/snapshot-export.js';
import { lookupCompanyName } from '../fetch/company-name.js';
import { failedParts, throwWhenAllFailed, valueOr } from '../fetch/settle-parts.js';
import type { FinancialsKind } from './financials-kind.js';

export interface SnapshotArgs {
  kind: 'snapshot';
  symbol: StockSymbol;
  period?: StatementPeriod;
  fiscalYear?: string;
  fiscalQuarter?: string;
}

export interface SnapshotData extends SnapshotExportData {
  /** Why each part in `missing` is missing, in the user's words: the card says it, the file only names the part. */
  reasons?: Partial<Record<string, string>>;
}

/** Periods the snapshot compares: the latest and the one before. */
const SNAPSHOT_PERIODS = 2;

export const snapshotKind: FinancialsKind<SnapshotArgs, SnapshotData> = {
  id: 'snapshot',
  words: {
    grammar: 'symbol',
    of: 'company',
    words: [],
    isDefault: true,
    request(symbol, o) {
      const args: SnapshotArgs = { kind: 'snapshot', symbol };
      if (o.period) args.period = o.period;
      if (o.fiscalYear) args.fiscalYear = o.fiscalYear;
      if (o.fiscalQuarter) args.fiscalQuarter = o.fiscalQuarter;
      return args;
    },
  },
  help: {
    examples: ['/financials SH:600519'],
    note: 'No statement gives a snapshot (income, balance sheet, cash flow, revenue mix)',
  },
  modal: { label: 'Snapshot (key lines + revenue mix)', periods: true },
  describe: (args) => `the snapshot of ${args.symbol.canonical}`,
  async fetch(args, ctx) {
    const symbol = args.symbol.canonical;
    const statement = {
      symbol,
      limit: SNAPSHOT_PERIODS,
      ...(args.period ? { period: args.period } : {}),
      ...(args.fiscalYear ? { fiscalYear: args.fiscalYear } : {}),
      ...(args.fiscalQuarter ? { fiscalQuarter: args.fiscalQuarter } : {}),
    };
    const revenueRequest = { symbol, limit: SNAPSHOT_PERIODS, ...(args.fiscalYear ? { fiscalYear: args.fiscalYear } : {}) };
    const [name, [income, balance, cashFlow, revenue]] = await Promise.all([
      lookupCompanyName(ctx.service, symbol, ctx.now, ctx.call, ctx.log),
      Promise.allSettled([
        ctx.service.incomeStatement(statement, ctx.call),
        ctx.service.balanceSheet(statement, ctx.call),
        ctx.service.cashFlow(statement, ctx.call),
        ctx.service.revenueBreakdown(revenueRequest, ctx.call),
      ]),
    ]);
    const parts = [
      { name: 'income statement', result: income },
      { name: 'balance sheet', result: balance },
      { name: 'cash flow', result: cashFlow },
      { name: 'revenue mix', result: revenue },
    ];
    throwWhenAllFailed(parts);
    const failed = failedParts(parts, 'snapshot part failed', ctx.log, { purpose: ctx.purpose });
    return {
      kind: 'snapshot',
      symbol,
      ...(name ? { name } : {}),
      income: valueOr(income, []),
      balance: valueOr(balance, []),
      cashFlow: valueOr(cashFlow, []),
      revenue: valueOr(revenue, null),
      missing: failed.map((p) => p.name),
      reasons: Object.fromEntries(failed.map((p) => [p.name, p.reason])),
    };
  },
  card(data) {
    const card = renderCompanySnapshot({
      symbol: data.symbol,
      ...(data.name ? { companyName: data.name } : {}),
      income: data.income,
      balance: data.balance,
      cashFlow: data.cashFlow,
      revenue: data.revenue,
    });
    return withNotShown(
      card,
      data.missing.map((part) => `the ${part}${data.reasons?.[part] ? ` (${data.reasons[part]})` : ''}`),
    );
  },
  export: (data) => {
    const sheets = snapshotSheets(data);
    // A workbook needs a sheet: the long table (its header alone) when the service gave no figures.
    return { table: snapshotTable(data), sheets: sheets.length > 0 ? sheets : [snapshotTable(data)] };
  },
};
