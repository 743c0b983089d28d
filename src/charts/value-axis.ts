/**
 * A series chart's value axis: a round extent and round ticks (d3-array's nice/ticks: steps of
 * 1, 2 or 5 times a power of ten), from zero unless the line zooms (value-axis-zoom.ts). The PNG
 * draws exactly these ticks, and the playground draws native charts with the same d3 functions,
 * so both read alike. Pure.
 * @see https://d3js.org/d3-array/ticks
 */
import { nice, tickStep, ticks } from 'd3-array';
import type { SeriesChartData } from './chart-data.js';
import { valueAxisZooms } from './value-axis-zoom.js';

/** About this many ticks (d3 picks a round step near it). */
const TICK_COUNT = 5;

export interface ValueAxis {
  min: number;
  max: number;
  step: number;
  ticks: number[];
  /** Decimals that tell every tick apart (a step of 0.005 needs three). */
  decimals: number;
  zooms: boolean;
}

export function valueAxis(data: SeriesChartData): ValueAxis {
  const values = data.series.flatMap((s) => s.values).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const zooms = valueAxisZooms(data);
  let lo = values.length > 0 ? Math.min(...values) : 0;
  let hi = values.length > 0 ? Math.max(...values) : 1;
  if (!zooms) [lo, hi] = [Math.min(lo, 0), Math.max(hi, 0)];
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  const [min, max] = nice(lo, hi, TICK_COUNT);
  const step = tickStep(min, max, TICK_COUNT);
  return { min, max, step, ticks: ticks(min, max, TICK_COUNT), decimals: Math.max(0, -Math.floor(Math.log10(step))), zooms };
}
