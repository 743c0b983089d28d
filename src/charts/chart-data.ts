/**
 * What a chart shows, apart from how it is drawn. The same data becomes Slack's native
 * `data_visualization` block (small series, see slack-facts §8) or a PNG rendered on the server
 * (price history and anything larger). Producers (cards, compare, the agent's report) build this;
 * they never build ECharts options or blocks themselves.
 */
export type ChartData = SeriesChartData | PieChartData;

/** Line, bar or area: one value per category for each series (null where a period has none). */
export interface SeriesChartData {
  kind: 'line' | 'bar' | 'area';
  /** Full title; each renderer clamps it to its own limit (the native block allows 50). */
  title: string;
  /** X-axis labels in display order (oldest first), in the one period-label scheme. */
  categories: string[];
  series: ChartSeries[];
  xTitle?: string;
  /** The axis unit, e.g. "CNY m" or "%"; one unit per chart, never mixed. */
  yTitle?: string;
  /** What the chart says when its value axis does not start at zero, in the chart's language (default: value-axis-zoom.ts). */
  axisNote?: string;
}

export interface ChartSeries {
  name: string;
  values: Array<number | null>;
}

/** A share chart (revenue mix): positive values only. */
export interface PieChartData {
  kind: 'pie';
  title: string;
  segments: Array<{ label: string; value: number }>;
}
