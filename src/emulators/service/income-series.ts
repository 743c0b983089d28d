/**
 * A company's income statements as the report explains them: for each period of one kind
 * (quarters, or fiscal years) up to the period asked, newest first, its revenue and year-on-year
 * growth, its margins and each cost line as a share of revenue, read from the demo statements.
 * Net margin is on profit attributable to the owners of the parent, as the statements report it.
 */
import type { IncomeStatementRecord } from './data/income.js';
import { type PeriodRef, statementPeriod } from './period-text.js';

export type CostLine = 'cost_of_sales' | 'selling' | 'admin' | 'rnd';

export const COST_LINES: readonly CostLine[] = ['cost_of_sales', 'rnd', 'selling', 'admin'];

export interface IncomePeriod {
  ref: PeriodRef;
  revenue: number;
  /** Percent change on the same period a year earlier, when the data has it. */
  growth?: number;
  /** Percentages of revenue (42.1 = 42.1%); banks and insurers have no gross margin. */
  grossMargin?: number;
  operatingMargin: number;
  netMargin: number;
  costs: Partial<Record<CostLine, number>>;
}

export interface IncomeSeries {
  /** Newest first, the period asked first. */
  periods: IncomePeriod[];
  /** The period asked, a year earlier. */
  yearEarlier?: IncomePeriod;
}

/** Five quarters show the year-earlier quarter; three years a trend. */
const PERIODS = { quarterly: 5, annual: 3 } as const;

// Unrounded: the report rounds what it writes, and a margin's change is taken before rounding.
const pct = (part: number, whole: number): number => (part / whole) * 100;

function toPeriod(r: IncomeStatementRecord): IncomePeriod | undefined {
  const revenue = r.revenue_and_costs.revenue;
  if (!revenue) return undefined;
  const rc = r.revenue_and_costs;
  const op = r.operating_results;
  const line = (v: number | undefined): number | undefined => (v === undefined ? undefined : pct(v, revenue));
  const costs: Partial<Record<CostLine, number>> = {};
  const pairs: Array<[CostLine, number | undefined]> = [
    ['cost_of_sales', line(rc.cost_of_sales)],
    ['selling', line(op.selling_and_distribution_expenses)],
    ['admin', line(op.administrative_expenses)],
    ['rnd', line(op.research_and_development_expenses)],
  ];
  for (const [k, v] of pairs) if (v !== undefined) costs[k] = v;
  return {
    ref: statementPeriod(r),
    revenue,
    ...(rc.gross_profit !== undefined ? { grossMargin: pct(rc.gross_profit, revenue) } : {}),
    operatingMargin: pct(op.operating_profit ?? 0, revenue),
    netMargin: pct(r.profit.profit_attributable_to_owners_of_the_parent ?? 0, revenue),
    costs,
  };
}

/** The periods of `kind` ending on or before `endDate`, newest first. */
export function incomeSeries(records: readonly IncomeStatementRecord[], kind: 'quarterly' | 'annual', endDate: string): IncomeSeries {
  const pool = records.filter((r) => r.period === kind);
  const sameAYearBefore = (r: IncomeStatementRecord) =>
    pool.find((x) => x.fiscal_year === String(Number(r.fiscal_year) - 1) && x.fiscal_quarter === r.fiscal_quarter);
  const periods = pool
    .filter((r) => r.end_date <= endDate)
    .slice(0, PERIODS[kind])
    .flatMap((r) => {
      const p = toPeriod(r);
      const before = sameAYearBefore(r)?.revenue_and_costs.revenue;
      if (!p) return [];
      return [before ? { ...p, growth: Math.round(((p.revenue - before) / Math.abs(before)) * 1000) / 10 } : p];
    });
  const first = pool.find((r) => r.end_date <= endDate);
  const earlier = first ? sameAYearBefore(first) : undefined;
  const yearEarlier = earlier ? toPeriod(earlier) : undefined;
  return { periods, ...(yearEarlier ? { yearEarlier } : {}) };
}
