/**
 * Amounts over periods (a statement's key lines) as a chart in ONE unit: the unit keeps the
 * median magnitude between 10 and 10,000 of it, the rule the cards' tables use (chooseUnit in
 * src/slack/blocks/format.ts, which this pure leaf may not import; a test keeps them equal).
 * The statement cards' Chart button and the agent's report both draw their trends with it. Pure.
 */
import type { ChartData } from './chart-data.js';

export interface AmountTrend {
  /** Line by default; bar for flows that change sign (cash flows). */
  kind?: 'line' | 'bar';
  title: string;
  /** Period labels, oldest first (the one period-label scheme). */
  categories: string[];
  /** Raw amounts in `currency`, one per category (null where a period has none). */
  lines: Array<{ name: string; values: Array<number | null> }>;
  currency: string;
  /** A fixed unit in the chart's language (亿元: divisor 1e8); default: the cards' rule below, in English. */
  unit?: { divisor: number; label: string };
  axisNote?: string;
}

const UNITS = [
  { divisor: 1e12, name: 'trillions' },
  { divisor: 1e9, name: 'billions' },
  { divisor: 1e6, name: 'millions' },
  { divisor: 1e3, name: 'thousands' },
  { divisor: 1, name: '' },
] as const;

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function buildAmountTrendChart(trend: AmountTrend): ChartData | null {
  const lines = trend.lines.filter((l) => l.values.length === trend.categories.length && l.values.some(isNum));
  if (trend.categories.length === 0 || lines.length === 0) return null;
  const mags = lines
    .flatMap((l) => l.values)
    .filter(isNum)
    .map((v) => Math.abs(v))
    .filter((v) => v > 0)
    .sort((a, b) => a - b);
  const median = mags[Math.floor(mags.length / 2)] ?? 0;
  const auto = UNITS.find((u) => median >= u.divisor * 10) ?? UNITS[4];
  const unit = trend.unit ?? auto;
  const scaled = (v: number | null): number | null => (isNum(v) ? Math.round((v / unit.divisor) * 100) / 100 : null);
  const cur = trend.currency.trim() || 'reported currency';
  return {
    kind: trend.kind ?? 'line',
    title: trend.title,
    categories: trend.categories,
    series: lines.map((l) => ({ name: l.name, values: l.values.map(scaled) })),
    yTitle: trend.unit ? trend.unit.label : auto.name ? `${cur} ${auto.name}` : cur,
    ...(trend.axisNote ? { axisNote: trend.axisNote } : {}),
  };
}
