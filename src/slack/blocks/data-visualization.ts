/**
 * ChartData → Slack's native `data_visualization` block, or null when the data does not fit it
 * (then the chart goes out as a PNG). Field names: Slack's block reference as mirrored by the
 * slack-messaging crate's tables (the stored Slack docs hold only the 2026-06-16 changelog entry);
 * limits: slack-facts §8, in limits.ts. @slack/types 3.2.0 does not type this block yet.
 * @see https://docs.slack.dev/reference/block-kit/blocks/data-visualization-block
 */
import type { ChartData, PieChartData, SeriesChartData } from '../../charts/chart-data.js';
import { zoomedAxisNote } from '../../charts/value-axis-zoom.js';
import { clampPlainText } from './clamp-text.js';
import { plainText } from './escape.js';
import { SLACK_LIMITS } from './limits.js';

export interface DataPoint {
  label: string;
  value: number;
}

export type NativeChart =
  | { type: 'pie'; segments: DataPoint[] }
  | {
      type: 'bar' | 'area' | 'line';
      series: Array<{ name: string; data: DataPoint[] }>;
      axis_config: { categories: string[]; x_label?: string; y_label?: string };
    };

export interface DataVisualizationBlock {
  type: 'data_visualization';
  title: string;
  chart: NativeChart;
  block_id?: string;
}

/** A label made inert (no mentions) and cut to Slack's limit. */
const label = (text: string, max: number): string => clampPlainText(plainText(text).trim() || '—', max);

const allDistinct = (values: string[]): boolean => new Set(values).size === values.length;

export function dataVisualizationBlock(data: ChartData): DataVisualizationBlock | null {
  const chart = data.kind === 'pie' ? pieChart(data) : seriesChart(data);
  return chart ? { type: 'data_visualization', title: label(data.title, SLACK_LIMITS.dataVizTitleChars), chart } : null;
}

function pieChart(data: PieChartData): NativeChart | null {
  const { segments } = data;
  if (segments.length === 0 || segments.length > SLACK_LIMITS.dataVizSegmentsMax) return null;
  if (!segments.every((s) => Number.isFinite(s.value) && s.value > 0)) return null;
  const out = segments.map((s) => ({ label: label(s.label, SLACK_LIMITS.dataVizLabelChars), value: s.value }));
  return allDistinct(out.map((s) => s.label)) ? { type: 'pie', segments: out } : null;
}

function seriesChart(data: SeriesChartData): NativeChart | null {
  const { categories, series } = data;
  if (series.length === 0 || series.length > SLACK_LIMITS.dataVizSeriesMax) return null;
  if (categories.length === 0 || categories.length > SLACK_LIMITS.dataVizPointsPerSeries) return null;
  // Every series needs a number for every category: a gap cannot be drawn natively.
  if (!series.every((s) => s.values.length === categories.length && s.values.every((v) => v !== null && Number.isFinite(v)))) return null;
  const labels = categories.map((c) => label(c, SLACK_LIMITS.dataVizLabelChars));
  const names = series.map((s) => label(s.name, SLACK_LIMITS.dataVizLabelChars));
  // Labels cut to 20 characters may collide; then points would be ambiguous.
  if (!allDistinct(labels) || !allDistinct(names)) return null;
  return {
    type: data.kind,
    series: series.map((s, i) => ({
      name: names[i] as string,
      data: s.values.map((v, j) => ({ label: labels[j] as string, value: v as number })),
    })),
    axis_config: {
      categories: labels,
      ...(data.xTitle ? { x_label: label(data.xTitle, SLACK_LIMITS.dataVizAxisLabelChars) } : {}),
      ...yLabel(data),
    },
  };
}

/**
 * The unit, and for a line far from zero that the axis zooms: the block has no subtitle, and its
 * axis title is read with the axis (the playground draws such a line zoomed, value-axis-zoom.ts).
 */
function yLabel(data: SeriesChartData): { y_label?: string } {
  const note = zoomedAxisNote(data);
  if (!note) return data.yTitle ? { y_label: label(data.yTitle, SLACK_LIMITS.dataVizAxisLabelChars) } : {};
  const noted = label(note, SLACK_LIMITS.dataVizAxisLabelChars);
  if (!data.yTitle) return { y_label: `${noted.charAt(0).toUpperCase()}${noted.slice(1)}` };
  const room = SLACK_LIMITS.dataVizAxisLabelChars - [...noted].length - 2;
  return { y_label: `${label(data.yTitle, Math.max(1, room))}, ${noted}` };
}
