/**
 * What the index card and the company price card both say about a run of daily prices: the
 * period's high and low (with their days), the change over the period, the latest day's range
 * and the arrow of its change.
 */
import { escapeMrkdwn } from '../../blocks/escape.js';
import { formatNumber, isNum, MISSING } from '../../blocks/format.js';

/** The fields of a daily price both cards read (IndexPriceItem and StockPriceItem have them). */
export interface DailyPrice {
  date: string;
  close?: number | undefined;
  dayHigh?: number | undefined;
  dayLow?: number | undefined;
  changePercent?: number | undefined;
}

export interface Extreme {
  value?: number;
  date?: string;
}

export interface PriceSummary {
  high: Extreme;
  low: Extreme;
  /** Percent from the oldest close to the latest; undefined with one day or no closes. */
  periodChange: number | undefined;
  /** An emoji and a space for the latest day's direction, or ''. */
  arrow: string;
  /** The latest day's low – high, or MISSING. */
  range: string;
}

/** The day with the highest (dir 1) or lowest (dir −1) value of `pick`. */
function extreme(items: readonly DailyPrice[], pick: (i: DailyPrice) => number | undefined, dir: 1 | -1): Extreme {
  let best: { value: number; date: string } | undefined;
  for (const i of items) {
    const v = pick(i);
    if (isNum(v) && (!best || dir * v > dir * best.value)) best = { value: v, date: i.date };
  }
  return best ?? {};
}

/** `newestFirst` holds at least one day, sorted newest first. */
export function summarisePrices(newestFirst: readonly DailyPrice[]): PriceSummary {
  const latest = newestFirst[0];
  const oldest = newestFirst[newestFirst.length - 1];
  const periodChange =
    latest && oldest && oldest !== latest && isNum(latest.close) && isNum(oldest.close) && oldest.close !== 0
      ? ((latest.close - oldest.close) / oldest.close) * 100
      : undefined;
  const change = latest?.changePercent;
  const arrow = !isNum(change) ? '' : change > 0 ? ':small_red_triangle: ' : change < 0 ? ':small_red_triangle_down: ' : '';
  const range =
    latest && isNum(latest.dayLow) && isNum(latest.dayHigh) ? `${formatNumber(latest.dayLow)} – ${formatNumber(latest.dayHigh)}` : MISSING;
  return {
    high: extreme(newestFirst, (i) => i.dayHigh ?? i.close, 1),
    low: extreme(newestFirst, (i) => i.dayLow ?? i.close, -1),
    periodChange,
    arrow,
    range,
  };
}

/**
 * The title of the window's change, naming what it is computed on (the window's first close to
 * its latest), unlike the day's change, which the service gives.
 */
export const periodChangeTitle = (oldest: { date?: string } | undefined): string =>
  oldest?.date ? `Change since the ${escapeMrkdwn(oldest.date)} close` : 'Change over the window';

/** "1,234.5 (2025-06-30)". */
export const withDate = (e: Extreme): string => `${formatNumber(e.value)}${e.date ? ` (${escapeMrkdwn(e.date)})` : ''}`;
