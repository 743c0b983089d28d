/**
 * A statement's key lines over its periods, oldest first, in ONE unit and one currency (the
 * newest period's; periods in another currency are left out rather than mixed). Pure.
 */
import { buildAmountTrendChart } from '../../../charts/build-amount-trend-chart.js';
import type { ChartData } from '../../../charts/chart-data.js';
import { companiesChartTitle } from '../../../charts/companies-chart-title.js';
import type { BalanceSheetRecord, CashFlowRecord, IncomeStatementRecord, StatementHeader } from '../../../service/types.js';
import { BALANCE_LINES, CASH_FLOW_LINES, INCOME_LINES, type CompanyContext } from '../cards/statement-card.js';
import { periodLabel, type StatementLine } from '../../blocks/statement-table.js';

export type StatementKind = 'income' | 'balance' | 'cashflow';

/** The lines a trend shows: the totals an analyst reads first, all amounts (no EPS or margins). */
const KEY_LINES: Record<StatementKind, string[]> = {
  income: ['Revenue', 'Gross profit', 'Operating profit', 'Net profit'],
  balance: ['Total assets', 'Total liabilities', 'Total shareholders’ equity'],
  cashflow: ['Operating cash flow', 'Investing cash flow', 'Financing cash flow'],
};

const NAMES: Record<StatementKind, string> = { income: 'income statement', balance: 'balance sheet', cashflow: 'cash flow' };

/** Periods on one chart: what the native block holds (20 points a series). */
export const STATEMENT_CHART_PERIODS = 20;

export type StatementRecords =
  | { kind: 'income'; records: IncomeStatementRecord[] }
  | { kind: 'balance'; records: BalanceSheetRecord[] }
  | { kind: 'cashflow'; records: CashFlowRecord[] };

export function buildStatementChart(input: StatementRecords, ctx: CompanyContext): ChartData | null {
  switch (input.kind) {
    case 'income':
      return statementChart(input.records, INCOME_LINES, input.kind, ctx);
    case 'balance':
      return statementChart(input.records, BALANCE_LINES, input.kind, ctx);
    case 'cashflow':
      return statementChart(input.records, CASH_FLOW_LINES, input.kind, ctx);
  }
}

function statementChart<R extends StatementHeader>(
  records: R[],
  lines: Array<StatementLine<R>>,
  kind: StatementKind,
  ctx: CompanyContext,
): ChartData | null {
  const newestFirst = [...records].sort((a, b) => String(b.endDate).localeCompare(String(a.endDate)));
  const currency = newestFirst[0]?.currency ?? '';
  const periods = newestFirst
    .filter((r) => (r.currency ?? '') === currency)
    .slice(0, STATEMENT_CHART_PERIODS)
    .reverse();
  const wanted = KEY_LINES[kind].flatMap((label) =>
    lines.filter((l) => l.label === label && !l.heading && (l.kind ?? 'amount') === 'amount'),
  );
  return buildAmountTrendChart({
    kind: kind === 'cashflow' ? 'bar' : 'line',
    title: companiesChartTitle([{ symbol: ctx.symbol, ...(ctx.companyName ? { name: ctx.companyName } : {}) }], NAMES[kind]),
    categories: periods.map((r) => periodLabel(r)),
    lines: wanted.map((l) => ({ name: l.label, values: periods.map((r) => l.value(r) ?? null) })),
    currency,
  });
}
