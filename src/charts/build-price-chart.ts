/**
 * Daily closes of a company or an index over a window, oldest first. Pure; shared by the price
 * cards' Chart button and the agent's report (src/agent may import src/charts, not src/slack).
 */
import type { ChartData } from './chart-data.js';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export interface PriceDay {
  date: string;
  close?: number;
  name?: string;
  currency?: string;
}

export interface PriceChartContext {
  /** The company or index, e.g. "NVIDIA (US:NVDA)". */
  title: string;
  /** The axis title; default "<currency> per share". */
  unit?: string;
  /** What the chart shows and its series' name, in the chart's language (default "daily close", "Close"). */
  what?: string;
  seriesName?: string;
}

export function buildPriceChart(items: PriceDay[], ctx: PriceChartContext): ChartData | null {
  const days = items.filter((d) => typeof d.date === 'string' && isNum(d.close)).sort((a, b) => a.date.localeCompare(b.date));
  if (days.length < 2) return null;
  const currency = days[days.length - 1]?.currency?.trim();
  return {
    kind: 'line',
    title: `${ctx.title} · ${ctx.what ?? 'daily close'}`,
    categories: days.map((d) => d.date.slice(0, 10)),
    series: [{ name: ctx.seriesName ?? 'Close', values: days.map((d) => d.close as number) }],
    yTitle: ctx.unit ?? (currency ? `${currency} per share` : 'Close'),
  };
}
