/**
 * A report's period → the statement records that hold it. Flows (income, cash flow): a full year
 * is the annual record, a quarter the quarterly one; a half year or nine months is the cash
 * flow's cumulative record ("H1", "Q3 (9 months)") and, on the income statement, the sum of its
 * quarters (the service's income route is documented with annual and quarterly periods only). A
 * balance-sheet item is a position: the quarterly record ending when the period ends.
 */
import { readPeriod, type PeriodKind } from '../../periods/period-label.js';
import type { StatementPeriod } from '../../service/types.js';
import type { StatementKind } from '../figure-types.js';
import type { LineSet } from './statement-lines.js';

/** One record, its period read into the scheme of src/periods. */
export interface StatementRow {
  fiscalYear?: number;
  kind?: PeriodKind;
  endDate?: string;
  currency?: string;
  lines: LineSet;
}

/** The lines of one period of one statement: a record, or the sum of a year's quarters. */
export interface PeriodSlice {
  statement: StatementKind;
  fiscalYear: number;
  kind: PeriodKind;
  endDate?: string;
  currency?: string;
  lines: LineSet;
  /** How many quarterly records were added up (undefined: one record). */
  summedQuarters?: number;
}

/** The records of one read, or undefined when the read failed. */
export type RowsOf = (statement: StatementKind, period: StatementPeriod) => readonly StatementRow[] | undefined;

export function rowOf(record: {
  fiscalYear?: string;
  fiscalQuarter?: string;
  period?: string;
  endDate?: string;
  currency?: string;
  lines: LineSet;
}): StatementRow {
  const p = readPeriod(record);
  const row: StatementRow = { lines: record.lines };
  if (p.fiscalYear !== undefined) row.fiscalYear = p.fiscalYear;
  if (p.kind) row.kind = p.kind;
  if (record.endDate) row.endDate = record.endDate;
  if (record.currency) row.currency = record.currency;
  return row;
}

/** A position at a period's end is the quarter ending then. */
const POSITION_QUARTER: Record<PeriodKind, PeriodKind> = {
  FY: 'Q4',
  H2: 'Q4',
  H1: 'Q2',
  '9M': 'Q3',
  Q1: 'Q1',
  Q2: 'Q2',
  Q3: 'Q3',
  Q4: 'Q4',
};
/** The quarters a part-year flow adds up. */
const QUARTERS_OF: Partial<Record<PeriodKind, readonly PeriodKind[]>> = {
  H1: ['Q1', 'Q2'],
  '9M': ['Q1', 'Q2', 'Q3'],
  H2: ['Q3', 'Q4'],
};
const isQuarter = (kind: PeriodKind): boolean => /^Q[1-4]$/.test(kind);

/** Which reads a figure of this statement and period kind needs. */
export function readsFor(statement: StatementKind, kind: PeriodKind): StatementPeriod[] {
  if (statement === 'balance_sheet') return ['quarterly'];
  if (kind === 'FY') return ['annual'];
  if (statement === 'cash_flow' && (kind === 'H1' || kind === '9M')) return ['cumulative quarterly'];
  return ['quarterly'];
}

function findRow(rows: readonly StatementRow[] | undefined, kind: PeriodKind, fiscalYear: number): StatementRow | undefined {
  return rows?.find((r) => r.kind === kind && r.fiscalYear === fiscalYear);
}

function sliceFromRow(statement: StatementKind, row: StatementRow, kind: PeriodKind, fiscalYear: number): PeriodSlice {
  const slice: PeriodSlice = { statement, fiscalYear, kind, lines: row.lines };
  if (row.endDate) slice.endDate = row.endDate;
  if (row.currency) slice.currency = row.currency;
  return slice;
}

/** Lines every quarter has, added up; undefined when a quarter is missing or the currencies differ. */
function sumOfQuarters(
  statement: StatementKind,
  rows: readonly StatementRow[] | undefined,
  kind: PeriodKind,
  fiscalYear: number,
): PeriodSlice | undefined {
  const quarters = QUARTERS_OF[kind]?.map((q) => findRow(rows, q, fiscalYear));
  if (!quarters || quarters.some((q) => q === undefined)) return undefined;
  const found = quarters as StatementRow[];
  if (new Set(found.map((q) => q.currency ?? '')).size > 1) return undefined;
  const lines: Record<string, number> = {};
  for (const name of Object.keys(found[0]?.lines ?? {})) {
    if (found.every((q) => typeof q.lines[name] === 'number')) lines[name] = found.reduce((sum, q) => sum + (q.lines[name] ?? 0), 0);
  }
  const last = found[found.length - 1] as StatementRow;
  return { ...sliceFromRow(statement, { ...last, lines }, kind, fiscalYear), summedQuarters: found.length };
}

/** The lines of a statement for one period, or undefined when the statements do not hold it. */
export function sliceOf(rowsOf: RowsOf, statement: StatementKind, kind: PeriodKind, fiscalYear: number): PeriodSlice | undefined {
  if (statement === 'balance_sheet') {
    const row = findRow(rowsOf('balance_sheet', 'quarterly'), POSITION_QUARTER[kind], fiscalYear);
    return row && sliceFromRow(statement, row, kind, fiscalYear);
  }
  if (kind === 'FY' || isQuarter(kind)) {
    const row = findRow(rowsOf(statement, kind === 'FY' ? 'annual' : 'quarterly'), kind, fiscalYear);
    return row && sliceFromRow(statement, row, kind, fiscalYear);
  }
  if (statement === 'cash_flow' && kind !== 'H2') {
    const row = findRow(rowsOf(statement, 'cumulative quarterly'), kind, fiscalYear);
    return row && sliceFromRow(statement, row, kind, fiscalYear);
  }
  return sumOfQuarters(statement, rowsOf(statement, 'quarterly'), kind, fiscalYear);
}
