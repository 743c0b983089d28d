/**
 * The one wrong figure a `[mistake]` question gets (agent-run-script.ts): in the first company's
 * key findings line, its first statement figure written wrong — an amount 12% higher, or a margin
 * 3 points higher — while the same figure elsewhere (tables, trend, the growth beside it) stays
 * true, so a checker against the statements has exactly one figure to catch. Deterministic: the
 * same findings plant the same figure. Prices and valuation are not planted (not statements).
 */
import type { PeriodFigures } from './company-figures.js';
import type { PeriodRef } from './period-text.js';
import type { Metric } from './question-intent.js';
import { OVERVIEW_METRICS, type PlantedFigure, type PlantedMetric } from './report-figures.js';
import { amount, type Lang, percent } from './report-format.js';
import type { FoundCompany, ResearchFindings } from './research-findings.js';

export interface PlantedMistake extends PlantedFigure {
  /** The statement period of the figure (the company's period asked). */
  ref: PeriodRef;
  end_date: string;
  /** An amount in the statement's currency, or a percentage (42.1 = 42.1%). */
  trueValue: number;
  /** The figure as the report writes it, and as it should read. */
  written: string;
  truth: string;
}

export type { PlantedMetric };

export const MISTAKE_FACTOR = 1.12;
export const MISTAKE_POINTS = 3;

/** Statement amounts the findings line writes for a metric, in the order it writes them. */
function amountsOf(m: Metric, metrics: readonly Metric[], f: PeriodFigures): Array<[PlantedMetric, number | undefined]> {
  if (m === 'revenue' || (m === 'mix' && !metrics.includes('revenue'))) return [['revenue', f.revenue]];
  if (m === 'cash') return [['cash', f.cash]];
  if (m === 'cash_flow') return [['operating_cash_flow', f.operating_cash_flow]];
  if (m === 'balance') return [['total_assets', f.total_assets]];
  if (m === 'earnings') return [['net_profit', f.net_profit]];
  return [];
}

/**
 * The figure to plant for a company and the metrics its findings line covers: the first amount
 * whose wrong text differs from the true one, else its first margin; none without statements.
 */
export function plantTarget(c: FoundCompany, metrics: readonly Metric[], lang: Lang): PlantedMistake | undefined {
  const f = c.latest;
  if (!f) return undefined;
  const base = { symbol: c.symbol, ref: f.ref, end_date: f.end_date };
  for (const m of metrics) {
    for (const [metric, v] of amountsOf(m, metrics, f)) {
      if (v === undefined) continue;
      const planted = { ...base, metric, trueValue: v, writtenValue: v * MISTAKE_FACTOR };
      const written = amount(planted.writtenValue, c.currency, lang);
      const truth = amount(v, c.currency, lang);
      if (written !== truth) return { ...planted, written, truth };
    }
  }
  if (!metrics.includes('margins')) return undefined;
  const margin: [PlantedMetric, number | undefined] =
    f.gross_margin !== undefined ? ['gross_margin', f.gross_margin] : ['operating_margin', f.operating_margin];
  const [metric, v] = margin;
  if (v === undefined) return undefined;
  const writtenValue = v + MISTAKE_POINTS;
  return { ...base, metric, trueValue: v, writtenValue, written: percent(writtenValue), truth: percent(v) };
}

/** What a `[mistake]` report plants for these findings: about its first company, if any. */
export function plantedMistake(f: ResearchFindings): PlantedMistake | undefined {
  const first = f.companies[0];
  if (!f.focus.understood || !first) return undefined;
  return plantTarget(first, f.focus.metrics.length > 0 ? f.focus.metrics : OVERVIEW_METRICS, f.lang);
}
