/**
 * The figures an agent report quotes, as read from its Markdown (extract/), and what the
 * company's statements say of them (check/). Pure data: the relay stores a FigureCheck in the run
 * record, so a resumed run renders the check it already made instead of checking again.
 *
 * A leaf area: src/figures/ imports src/periods/ and src/language/, and the service's record
 * types (type-only); never Slack, the relay or the emulators.
 */
import type { PeriodKind } from '../periods/period-label.js';

/**
 * What a figure measures, with the unit its level is written in: money (`amount`), a percentage
 * (ratios are percentages of revenue, or of total assets for debt_to_assets), or money per share.
 * The one list of metrics: the extractor, the checker and the stored check's schema read it.
 */
export const METRIC_UNIT = {
  revenue: 'amount',
  cost_of_sales: 'amount',
  gross_profit: 'amount',
  operating_profit: 'amount',
  profit_before_tax: 'amount',
  /** Profit for the period (before minority interests). */
  net_profit: 'amount',
  /** Profit attributable to the owners of the parent (归母净利润). */
  net_profit_to_owners: 'amount',
  operating_cash_flow: 'amount',
  investing_cash_flow: 'amount',
  financing_cash_flow: 'amount',
  cash: 'amount',
  total_assets: 'amount',
  total_liabilities: 'amount',
  total_equity: 'amount',
  gross_margin: 'percent',
  operating_margin: 'percent',
  /** Net profit / revenue, or profit to owners / revenue: a report rarely says which, so either reading matches. */
  net_margin: 'percent',
  cost_of_sales_ratio: 'percent',
  rnd_ratio: 'percent',
  admin_ratio: 'percent',
  selling_ratio: 'percent',
  /** Total liabilities / total assets (资产负债率), in percent. */
  debt_to_assets: 'percent',
  eps_basic: 'per_share',
  eps_diluted: 'per_share',
} as const satisfies Record<string, 'amount' | 'percent' | 'per_share'>;

export type FigureMetric = keyof typeof METRIC_UNIT;

export const FIGURE_METRICS = Object.keys(METRIC_UNIT) as [FigureMetric, ...FigureMetric[]];

/** The metrics whose level is in the given unit (amounts, ratios in percent, per-share amounts). */
export function metricsIn(unit: (typeof METRIC_UNIT)[FigureMetric]): ReadonlySet<FigureMetric> {
  return new Set(FIGURE_METRICS.filter((m) => METRIC_UNIT[m] === unit));
}

/**
 * `level`: the figure itself; `yoy_growth`: percent change on the same period a year earlier
 * ("+9.2% on a year earlier", 同比+251.4%); `yoy_change`: change of a ratio in percentage points
 * ("−3.4 pts on a year earlier", 同比下降3.4个百分点).
 */
export type FigureMeasure = 'level' | 'yoy_growth' | 'yoy_change';

export type FigureCurrency = 'CNY' | 'USD' | 'HKD';

/**
 * A period as the report names it. `kind` follows src/periods/period-label.ts: Q3 is the third
 * quarter alone, 9M the nine months to its end (A-share 三季报 are 9M). `calendarYear`: the report
 * named a year without saying fiscal ("2024年", "in 2024"): a company whose fiscal year is not the
 * calendar year may mean either its FY2024 or the fiscal year that mostly falls in 2024.
 */
export interface FigurePeriod {
  fiscalYear: number;
  kind: PeriodKind;
  calendarYear?: boolean;
  /** YYYY-MM-DD when the report gives the period's end ("to 2025-04-30", "截至 2025-03-31"). */
  endDate?: string;
}

export type FigureUnit =
  /** Money, in units of `currency` (or of the company's reporting currency when none is written). */
  | 'amount'
  /** A percentage (73.4 = 73.4%). */
  | 'percent'
  /** Percentage points (a change of a ratio). */
  | 'points'
  /** Money per share (EPS). */
  | 'per_share';

export interface FigureValue {
  /** In base units: 54.39bn → 54_390_000_000; 73.4% → 73.4; 147.7亿 → 14_770_000_000. */
  value: number;
  unit: FigureUnit;
  /** As written ("USD", "美元", "$", "元"); undefined when the text names none. */
  currency?: FigureCurrency;
  /**
   * Half a unit of the last digit written, in base units (54.39bn → 0.005e9, 73.4% → 0.05): the
   * rounding the report used, so a statement value within it matches.
   */
  rounding: number;
}

/** One figure quoted by a report, read from a sentence or a Markdown table cell. */
export interface ExtractedFigure {
  /** Canonical `<MARKET>:<code>` (US:NVDA, SH:600519, HK:00700). */
  symbol: string;
  metric: FigureMetric;
  measure: FigureMeasure;
  /** Undefined when no period could be read for it: such a figure is not checkable. */
  period?: FigurePeriod;
  value: FigureValue;
  /** The value exactly as written ("USD 54.39bn", "147.7亿元", "73.4%"), shown beside the statement's. */
  written: string;
  /** Where it was read: a sentence (or list item) or a table cell; `offset` is its index in the Markdown. */
  source: 'text' | 'table';
  offset: number;
}

/** A company the report may name: its symbol and every name it goes by (full names, short names, in any script). */
export interface KnownCompany {
  symbol: string;
  names: readonly string[];
}

export type StatementKind = 'income' | 'balance_sheet' | 'cash_flow';

/** What the statements say for a figure: the value, on the line and period it comes from. */
export interface StatementFigure {
  /** In the figure's base units (amount in the statement's currency; percent; points). */
  value: number;
  unit: FigureUnit;
  /** The statement's reporting currency (amounts and per-share figures). */
  currency?: string;
  statement: StatementKind;
  /** The statement line(s) as the service names them: `revenue`, `gross_profit / revenue`, … */
  line: string;
  /** The period of the record it comes from (its end date from the statement header). */
  period: { fiscalYear: number; kind: PeriodKind; endDate?: string };
  /** A document of the service for that filing, when the run's sources have one. */
  sourceUrl?: string;
}

/** Why a figure could not be checked: never shown as wrong. */
export type UncheckedReason = 'no_period' | 'ambiguous_period' | 'other_currency' | 'not_in_statements' | 'statements_unavailable';

export type FigureVerdict =
  | { status: 'match'; figure: ExtractedFigure; statement: StatementFigure }
  /** No plausible reading of the figure matches; `statement` is the reading the report most likely meant. */
  | { status: 'differs'; figure: ExtractedFigure; statement: StatementFigure }
  | { status: 'unchecked'; figure: ExtractedFigure; reason: UncheckedReason };

/** The check of one report: stored in the run record and rendered after the answer. */
export interface FigureCheck {
  /** Figures compared with a statement (match + differs). */
  checked: number;
  matched: number;
  /** The figures that differ, in the report's order. */
  differs: Array<Extract<FigureVerdict, { status: 'differs' }>>;
  /** Figures read but not checkable (no period, another currency, not in the statements). */
  unchecked: number;
}
