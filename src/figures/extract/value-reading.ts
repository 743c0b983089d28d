/**
 * What a value reads as for the metric it is paired with: the level, a growth on a year earlier
 * or a change in points; none when its unit does not fit the metric (a percent for cash, points
 * for revenue, a growth of a margin that may be relative or in points).
 */
import { type FigureMeasure, type FigureMetric, metricsIn } from '../figure-types.js';
import type { ValueMatch } from './read-value.js';

const AMOUNT_METRICS = metricsIn('amount');
export const EPS_METRICS = metricsIn('per_share');

/** What a value reads as, for its metric; undefined when its unit does not fit the metric. */
export function reading(
  metric: FigureMetric,
  termMeasure: FigureMeasure | undefined,
  v: ValueMatch,
  after: string,
  bracketGrowth: boolean,
): { metric: FigureMetric; measure: FigureMeasure } | undefined {
  const unit = v.value.unit;
  // "营收同比增长15.7%至1,741.4亿元": the growth word's percent is growth; its amount is still the level.
  if (termMeasure === 'yoy_growth' && unit === 'percent') return { metric, measure: 'yoy_growth' };
  if (AMOUNT_METRICS.has(metric)) {
    // "净利润同比增加5亿元": a difference on a year earlier, which the checker compares as one.
    // "$1.2" with no scale word is never a company's revenue or cash: a price or a misread scale ("$1.2T").
    if (unit === 'amount' && Math.abs(v.value.value) < 1e6 && v.value.rounding < 1) return undefined;
    if (unit === 'amount') return { metric, measure: v.measure === 'yoy_change' ? 'yoy_change' : 'level' };
    if (unit !== 'percent') return undefined;
    if (v.measure === 'yoy_growth' || bracketGrowth) return { metric, measure: 'yoy_growth' };
    return undefined;
  }
  if (EPS_METRICS.has(metric)) {
    // "EPS rose 12% to $1.23": an amount with no scale word, after an EPS word, is per share.
    if (unit === 'per_share' || (unit === 'amount' && v.value.rounding < 0.5))
      return { metric, measure: v.measure === 'yoy_change' ? 'yoy_change' : 'level' };
    return unit === 'percent' && v.measure === 'yoy_growth' ? { metric, measure: 'yoy_growth' } : undefined;
  }
  // Ratios: a percent is the level, points the change; "+2%" of a margin may be relative or points.
  // A margin written as an amount ("毛利率92.7亿元") is kept: the checker compares it with the profit line.
  if (unit === 'amount') return v.measure ? undefined : { metric, measure: 'level' };
  if (unit === 'points') return v.measure === 'yoy_change' ? { metric, measure: 'yoy_change' } : undefined;
  if (unit !== 'percent' || v.measure) return undefined;
  if (/^\s*of\s+(?!(?:its\s+|the\s+|total\s+)?(?:revenue|sales|turnover|total\s+assets|assets|them|it)\b)/i.test(after)) return undefined;
  return { metric, measure: 'level' };
}
