/**
 * A series chart thinned to at most `maxPoints` categories, evenly spaced, the first and the last
 * always kept, each kept point labelled with its own category (a date stays its date): a long
 * daily series still fits a chart that holds few points. Pure; a chart already small enough,
 * or a pie, comes back unchanged.
 */
import type { ChartData } from './chart-data.js';

export function sampleSeriesChart(data: ChartData, maxPoints: number): ChartData {
  if (data.kind === 'pie' || data.categories.length <= maxPoints || maxPoints < 2) return data;
  const n = data.categories.length;
  const picks = [...new Set(Array.from({ length: maxPoints }, (_, i) => Math.round((i * (n - 1)) / (maxPoints - 1))))];
  return {
    ...data,
    categories: picks.map((i) => data.categories[i] as string),
    series: data.series.map((s) => ({ ...s, values: picks.map((i) => s.values[i] ?? null) })),
  };
}
