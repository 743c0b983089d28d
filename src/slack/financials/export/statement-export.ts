/**
 * Statement and revenue-mix tables for exports, shared by the statement and revenue kinds
 * (kinds/statement-kinds.ts, kinds/revenue.ts) and the company snapshot (snapshot-export.ts), and
 * the helpers every export uses. Full precision, the service's line names.
 */
import type {
  BalanceSheetRecord,
  CashFlowRecord,
  IncomeStatementRecord,
  RevenueBreakdown,
  StatementHeader,
} from '../../../service/types.js';
import { periodLabelOf } from '../compare/align-comparison.js';
import type { ExportCell, ExportTable } from '../../kit/export/export-types.js';

export type StatementKind = 'balance' | 'cashflow' | 'income';

export const num = (v: number | undefined): ExportCell => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The code part of `SH:600519`, for file names. */
export const codeOf = (symbol: string): string => symbol.split(':').pop() ?? symbol;

/** `贵州茅台 (SH:600519)`, or the symbol alone. */
export const companyOf = (symbol: string, name: string | undefined): string => (name ? `${name} (${symbol})` : symbol);

export const STATEMENT_TITLES = { balance: 'Balance sheet', cashflow: 'Cash flow', income: 'Income statement' } as const;

export function sectionsOf(kind: StatementKind, r: StatementHeader): Array<[string, Record<string, number>]> {
  if (kind === 'balance') {
    const b = r as BalanceSheetRecord;
    return [
      ['current_assets', b.currentAssets],
      ['non_current_assets', b.nonCurrentAssets],
      ['current_liabilities', b.currentLiabilities],
      ['non_current_liabilities', b.nonCurrentLiabilities],
      ['owners_equity', b.ownersEquity],
    ];
  }
  if (kind === 'cashflow') {
    const c = r as CashFlowRecord;
    return [
      ['operating', c.operating],
      ['investing', c.investing],
      ['financing', c.financing],
    ];
  }
  return [['income_statement', (r as IncomeStatementRecord).lines]];
}

/** Newest first, as the cards show them. */
export const newestFirst = <T extends StatementHeader>(records: readonly T[]): T[] =>
  [...records].sort((a, b) => String(b.endDate).localeCompare(String(a.endDate)));

/** `FY2024`, `Q3 FY2024`: the cards' one period scheme (src/periods). */
export function statementPeriodLabel(r: StatementHeader): string {
  const fy = String(r.fiscalYear ?? '').trim();
  const q =
    String(r.fiscalQuarter ?? '')
      .trim()
      .toUpperCase() || (/annual/i.test(r.period ?? '') ? 'FY' : '');
  return fy && q ? periodLabelOf(fy, q) : fy || r.endDate;
}

/** Every (section, line) any period reports, in first-seen order. */
export function statementLines(kind: StatementKind, periods: readonly StatementHeader[]): Array<{ section: string; line: string }> {
  const lines: Array<{ section: string; line: string }> = [];
  const seen = new Set<string>();
  for (const r of periods) {
    for (const [section, values] of sectionsOf(kind, r)) {
      for (const line of Object.keys(values)) {
        const key = `${section}\u0000${line}`;
        if (!seen.has(key)) {
          seen.add(key);
          lines.push({ section, line });
        }
      }
    }
  }
  return lines;
}

export const statementValue = (kind: StatementKind, r: StatementHeader, section: string, line: string): ExportCell =>
  num(sectionsOf(kind, r).find(([s]) => s === section)?.[1][line]);

/** Lines as rows, periods as columns (newest first, as the card), in the service's line names. */
export function statementTable(kind: StatementKind, symbol: string, name: string | undefined, records: StatementHeader[]): ExportTable {
  const periods = newestFirst(records);
  const column = (r: StatementHeader): string =>
    `${statementPeriodLabel(r)} (ends ${r.endDate}; ${r.currency || 'currency not given'}, units)`;
  return {
    name: `${codeOf(symbol)}-${kind}`,
    title: `${companyOf(symbol, name)} · ${STATEMENT_TITLES[kind]}`,
    header: ['Section', 'Line', ...periods.map(column)],
    rows: [
      ['', 'company', ...periods.map(() => companyOf(symbol, name))],
      ['', 'period', ...periods.map((r) => r.period || null)],
      ['', 'filing_date', ...periods.map((r) => r.filingDate ?? null)],
      ...statementLines(kind, periods).map(({ section, line }) => [
        section,
        line,
        ...periods.map((r) => statementValue(kind, r, section, line)),
      ]),
    ],
  };
}

export const REVENUE_DIMENSIONS = ['industry', 'product', 'area'] as const;

/** One row per segment and period: revenue in units of the currency, and its share. */
export function revenueTable(symbol: string, breakdown: RevenueBreakdown, name?: string): ExportTable {
  const currency = breakdown.currency || 'currency not given';
  const rows: ExportCell[][] = [];
  for (const p of breakdown.periods) {
    for (const dimension of REVENUE_DIMENSIONS) {
      for (const s of p[dimension]) {
        const seg: { name: string; revenue?: number; revenuePercentage?: number } = s;
        rows.push([p.fiscalYear, p.period, p.endDate, dimension, seg.name, num(seg.revenue), num(seg.revenuePercentage)]);
      }
    }
  }
  return {
    name: `${codeOf(symbol)}-revenue`,
    title: `${name ? companyOf(symbol, name) : symbol} · Revenue breakdown`,
    header: ['Fiscal year', 'Period', 'End date', 'Breakdown', 'Segment', `Revenue (${currency}, units)`, 'Share (%)'],
    rows,
  };
}
