/**
 * How each metric is computed from a record's lines: an amount is a line, a margin or ratio is a
 * line over revenue (over total assets for debt_to_assets). A metric may have several formulas
 * (a net margin on net profit or on profit to owners: reports rarely say which); the first is
 * the one a report most likely meant.
 */
import type { FigureMetric, StatementKind } from '../figure-types.js';
import { LINES, lineOf, type LineSet } from './statement-lines.js';

export interface Formula {
  statement: StatementKind;
  /** amount and per_share: a line's value; percent: a ratio of lines × 100. */
  unit: 'amount' | 'per_share' | 'percent';
  /** The value on one record's lines, with the line names used (`gross_profit / revenue`). */
  read(lines: LineSet): { value: number; line: string } | undefined;
}

const level = (statement: StatementKind, names: readonly string[], unit: 'amount' | 'per_share' = 'amount'): Formula => ({
  statement,
  unit,
  read: (lines) => {
    const found = lineOf(lines, names);
    return found && { value: found.value, line: found.name };
  },
});

const ratio = (statement: StatementKind, over: readonly string[], under: readonly string[]): Formula => ({
  statement,
  unit: 'percent',
  read: (lines) => {
    const top = lineOf(lines, over);
    const bottom = lineOf(lines, under);
    // A ratio on a zero or negative base says nothing a report would quote.
    if (!top || !bottom || bottom.value <= 0) return undefined;
    return { value: (top.value / bottom.value) * 100, line: `${top.name} / ${bottom.name}` };
  },
});

const income = (names: readonly string[]) => level('income', names);
const ofRevenue = (names: readonly string[]) => ratio('income', names, LINES.revenue);

export interface MetricFormulas {
  /** The metric as it is usually quoted: an amount, a per-share amount or a percentage. */
  natural: readonly Formula[];
  /** A ratio metric quoted as an amount ("gross margin USD 39.9bn") is compared with its profit or cost line. */
  asAmount?: readonly Formula[];
}

const margin = (over: readonly (readonly string[])[]): MetricFormulas => ({
  natural: over.map(ofRevenue),
  asAmount: over.map(income),
});

export const METRIC_FORMULAS: Readonly<Record<FigureMetric, MetricFormulas>> = {
  revenue: { natural: [income(LINES.revenue)] },
  cost_of_sales: { natural: [income(LINES.costOfSales)] },
  gross_profit: { natural: [income(LINES.grossProfit)] },
  operating_profit: { natural: [income(LINES.operatingProfit)] },
  profit_before_tax: { natural: [income(LINES.profitBeforeTax)] },
  // "Net profit" (净利润) often names profit to owners (归母净利润): either reading is the report's.
  net_profit: { natural: [income(LINES.netProfit), income(LINES.ownersProfit)] },
  // Profit to owners is its own line; a company that reports none (no minority interests) has net profit only.
  net_profit_to_owners: { natural: [income([...LINES.ownersProfit, ...LINES.netProfit])] },
  gross_margin: margin([LINES.grossProfit]),
  operating_margin: margin([LINES.operatingProfit]),
  net_margin: margin([LINES.netProfit, LINES.ownersProfit]),
  cost_of_sales_ratio: margin([LINES.costOfSales]),
  rnd_ratio: margin([LINES.rnd]),
  admin_ratio: margin([LINES.admin]),
  selling_ratio: margin([LINES.selling]),
  // "EPS" alone is read as basic, yet US reports usually mean diluted: either reading is the report's.
  eps_basic: { natural: [level('income', LINES.epsBasic, 'per_share'), level('income', LINES.epsDiluted, 'per_share')] },
  eps_diluted: { natural: [level('income', LINES.epsDiluted, 'per_share')] },
  operating_cash_flow: { natural: [level('cash_flow', LINES.operatingCashFlow)] },
  investing_cash_flow: { natural: [level('cash_flow', LINES.investingCashFlow)] },
  financing_cash_flow: { natural: [level('cash_flow', LINES.financingCashFlow)] },
  cash: { natural: [level('balance_sheet', LINES.cash)] },
  total_assets: { natural: [level('balance_sheet', LINES.totalAssets)] },
  total_liabilities: { natural: [level('balance_sheet', LINES.totalLiabilities)] },
  // 净资产 / shareholders' equity is quoted both with and without non-controlling interests.
  total_equity: { natural: [level('balance_sheet', LINES.totalEquity), level('balance_sheet', LINES.ownersEquity)] },
  debt_to_assets: {
    natural: [ratio('balance_sheet', LINES.totalLiabilities, LINES.totalAssets)],
    asAmount: [level('balance_sheet', LINES.totalLiabilities)],
  },
};

/** The statement a metric is read from (every formula of a metric reads the same one). */
export function statementOf(metric: FigureMetric): StatementKind {
  const [first] = METRIC_FORMULAS[metric].natural;
  return first?.statement ?? 'income';
}
