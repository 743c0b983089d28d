/**
 * Whether a chart's value axis leaves zero out ("zooms"), one rule for the PNG and the native
 * block, so a chart that zooms can say so. Bars and areas never zoom: their length or area is the
 * amount, and a cut axis would exaggerate differences. A line zooms only when its values sit far
 * from zero: all on one side of it, the nearest farther from zero than the values spread
 * (a zero-based axis would squash the line into less than half the plot). Revenue from 27.5 to 88
 * is drawn from zero; a share price between 1,500 and 1,700 zooms. Pure.
 */
import type { ChartData } from './chart-data.js';

/** What a zoomed chart says about its axis (subtitle, alt text, the native block's axis title), unless it brings its own words. */
export const ZOOMED_AXIS_NOTE = 'axis not from zero';

export function valueAxisZooms(data: ChartData): boolean {
  if (data.kind !== 'line') return false;
  const values = data.series.flatMap((s) => s.values).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (values.length === 0) return false;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (lo <= 0 && hi >= 0) return false;
  const nearest = lo > 0 ? lo : -hi;
  return nearest > hi - lo;
}

/** The words a chart whose axis zooms says so with (its own, else English); undefined when it does not zoom. */
export function zoomedAxisNote(data: ChartData): string | undefined {
  if (!valueAxisZooms(data) || data.kind === 'pie') return undefined;
  return data.axisNote?.trim() || ZOOMED_AXIS_NOTE;
}
