/**
 * The chart a comparison offers (ChartData, drawn by the chart renderers). One unit per chart:
 * amounts only when every company reports in the same currency; otherwise the first percentage
 * metric (a margin), which is comparable across currencies; undefined when neither is possible.
 */
import type { ChartData } from '../../../charts/chart-data.js';
import type { AlignedComparison } from './align-comparison.js';
import { companyHeading, COMPARE_PERIODS, type CompareMetricDef } from './compare-card.js';
import { periodsToShow } from './align-comparison.js';

export function compareChartData(aligned: AlignedComparison, metrics: readonly CompareMetricDef[], subject: string): ChartData | undefined {
  const sameCurrency = aligned.currencies.length <= 1;
  const metric =
    (sameCurrency ? metrics.find((m) => (m.kind ?? 'amount') === 'amount') : undefined) ?? metrics.find((m) => m.kind === 'percent');
  if (!metric) return undefined;
  // Oldest first on the x-axis.
  const listed = periodsToShow(aligned, COMPARE_PERIODS).reverse();
  // The chart draws the periods every company has reported, when there are two or more: a gap
  // reads as a fall to nothing (and Slack's native chart cannot draw one); the card still lists
  // every period.
  const complete = listed.filter((p) => {
    const i = aligned.periods.indexOf(p);
    return aligned.companies.every((c) => typeof c.values[metric.id]?.[i] === 'number');
  });
  const shown = complete.length >= 2 ? complete : listed;
  const idx = shown.map((p) => aligned.periods.indexOf(p));
  const series = aligned.companies.map((c) => ({ name: companyHeading(c), values: idx.map((i) => c.values[metric.id]?.[i] ?? null) }));
  if (!series.some((s) => s.values.some((v) => v !== null))) return undefined;
  const yTitle = metric.kind === 'percent' ? '%' : aligned.currencies[0] || undefined;
  return {
    kind: 'bar',
    title: `${metric.label} · ${subject}`,
    categories: shown.map((p) => p.label),
    series,
    ...(yTitle ? { yTitle } : {}),
  };
}
