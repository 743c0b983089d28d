/**
 * The chart a comparison offers (ChartData, drawn by the chart renderers), by calendar period. One unit per chart:
 * amounts only when every company reports in the same currency; otherwise the first percentage
 * metric (a margin), which is comparable across currencies; undefined when neither is possible.
 */
import { buildAmountTrendChart } from '../../../charts/build-amount-trend-chart.js';
import type { ChartData } from '../../../charts/chart-data.js';
import { companiesChartTitle } from '../../../charts/companies-chart-title.js';
import type { AlignedComparison } from './align-comparison.js';
import { companyHeading, COMPARE_PERIODS, type CompareMetricDef } from './compare-card.js';
import { rowsToShow } from './align-comparison.js';

export function compareChartData(aligned: AlignedComparison, metrics: readonly CompareMetricDef[]): ChartData | undefined {
  const sameCurrency = aligned.currencies.length <= 1;
  const metric =
    (sameCurrency ? metrics.find((m) => (m.kind ?? 'amount') === 'amount') : undefined) ?? metrics.find((m) => m.kind === 'percent');
  if (!metric) return undefined;
  // Calendar rows oldest first on the x-axis, then the trailing twelve months: each category is
  // one span of time for every company.
  const listed = rowsToShow(aligned, COMPARE_PERIODS).filter((r) => r.kind === 'calendar' || r.kind === 'ttm');
  const ordered = [...listed.filter((r) => r.kind === 'calendar').reverse(), ...listed.filter((r) => r.kind === 'ttm')];
  // The chart draws the rows every company is in, when there are any: a gap reads as a fall to
  // nothing (and Slack's native chart cannot draw one); the card still lists every row. Companies
  // whose years never pair (NVIDIA's to January, Apple's to September) meet in the TTM row alone.
  const complete = ordered.filter((r) => {
    const i = aligned.rows.indexOf(r);
    return aligned.companies.every((c) => typeof c.values[metric.id]?.[i] === 'number');
  });
  const shown = complete.length > 0 ? complete : ordered.filter((r) => r.kind === 'calendar');
  const idx = shown.map((r) => aligned.rows.indexOf(r));
  const series = aligned.companies.map((c) => ({ name: companyHeading(c), values: idx.map((i) => c.values[metric.id]?.[i] ?? null) }));
  if (!series.some((s) => s.values.some((v) => v !== null))) return undefined;
  // Named by its companies (the native block holds 50 characters: names, then symbols, when longer).
  const title = companiesChartTitle(
    aligned.companies.map((c) => ({ symbol: c.symbol, ...(c.name ? { name: c.name } : {}) })),
    metric.label,
  );
  const categories = shown.map((r) => r.label);
  if (metric.kind !== 'percent') {
    // Amounts in one unit ("USD billions"), as the statement charts draw them.
    return buildAmountTrendChart({ kind: 'bar', title, categories, lines: series, currency: aligned.currencies[0] ?? '' }) ?? undefined;
  }
  return { kind: 'bar', title, categories, series, yTitle: '%' };
}
