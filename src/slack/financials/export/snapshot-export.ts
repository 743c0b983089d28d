/**
 * The company snapshot's exports: it holds several statements, each with its own periods and
 * lines, so
 * - the CSV is one long ("tidy") table, a row per figure: company, statement, section, line,
 *   period, period end, unit, value. One header and the same columns on every row, so it loads
 *   as it is into pandas, R or a pivot table, and a filter on `Statement` gives one statement
 *   back. (Blocks per statement with a header row each would look closer to the card, but every
 *   CSV reader takes the later header rows for data and mixes columns that mean different
 *   periods.) The unit column says the currency (or %), as the compare export does.
 * - the XLSX has a sheet per statement, each the same table as that statement's own export.
 */
import type {
  BalanceSheetRecord,
  CashFlowRecord,
  IncomeStatementRecord,
  RevenueBreakdown,
  StatementHeader,
} from '../../../service/types.js';
import { periodLabel } from '../../../periods/period-label.js';
import type { ExportCell, ExportTable } from '../../kit/export/export-types.js';
import {
  REVENUE_DIMENSIONS,
  codeOf,
  companyOf,
  newestFirst,
  num,
  revenueTable,
  statementLines,
  statementTable,
  statementValue,
  type StatementKind,
} from './statement-export.js';

export interface SnapshotExportData {
  kind: 'snapshot';
  symbol: string;
  name?: string;
  income: IncomeStatementRecord[];
  balance: BalanceSheetRecord[];
  cashFlow: CashFlowRecord[];
  revenue: RevenueBreakdown | null;
  /** Parts the service could not give now ("revenue mix"): named in the file's title, never silently left out. */
  missing: string[];
}

const STATEMENT_IDS: Record<StatementKind, string> = { income: 'income_statement', balance: 'balance_sheet', cashflow: 'cash_flow' };

const unitOf = (currency: string | undefined): string => `${currency || 'currency not given'} (units)`;

function statementsOf(data: SnapshotExportData): Array<[StatementKind, StatementHeader[]]> {
  return [
    ['income', data.income],
    ['balance', data.balance],
    ['cashflow', data.cashFlow],
  ];
}

const titleOf = (data: SnapshotExportData): string =>
  `${companyOf(data.symbol, data.name)} · Snapshot${data.missing.length > 0 ? ` (without the ${data.missing.join(' and the ')})` : ''}`;

/** The CSV's long table: a row per figure, every figure the service gave at full precision. */
export function snapshotTable(data: SnapshotExportData): ExportTable {
  const company = companyOf(data.symbol, data.name);
  const rows: ExportCell[][] = [];
  for (const [kind, records] of statementsOf(data)) {
    const periods = newestFirst(records);
    for (const { section, line } of statementLines(kind, periods)) {
      for (const r of periods) {
        const value = statementValue(kind, r, section, line);
        if (value !== null) rows.push([company, STATEMENT_IDS[kind], section, line, periodLabel(r), r.endDate, unitOf(r.currency), value]);
      }
    }
  }
  for (const p of data.revenue?.periods ?? []) {
    for (const dimension of REVENUE_DIMENSIONS) {
      for (const s of p[dimension]) {
        const seg: { name: string; revenue?: number; revenuePercentage?: number } = s;
        const at = [company, 'revenue_mix', dimension, seg.name, periodLabel(p), p.endDate ?? null];
        const revenue = num(seg.revenue);
        const share = num(seg.revenuePercentage);
        if (revenue !== null) rows.push([...at, unitOf(data.revenue?.currency), revenue]);
        if (share !== null) rows.push([...at, '%', share]);
      }
    }
  }
  return {
    name: `${codeOf(data.symbol)}-snapshot`,
    title: titleOf(data),
    header: ['Company', 'Statement', 'Section', 'Line', 'Period', 'Period end', 'Unit', 'Value'],
    rows,
  };
}

/** The XLSX's sheets: one per statement the service gave, named after it. */
export function snapshotSheets(data: SnapshotExportData): ExportTable[] {
  const sheets: ExportTable[] = [];
  for (const [kind, records] of statementsOf(data)) {
    if (records.length > 0) {
      const table = statementTable(kind, data.symbol, data.name, records);
      sheets.push({ ...table, sheet: table.title.split(' · ').pop() ?? kind });
    }
  }
  if (data.revenue && data.revenue.periods.length > 0) {
    sheets.push({ ...revenueTable(data.symbol, data.revenue, data.name), sheet: 'Revenue breakdown' });
  }
  return sheets;
}
