/**
 * What one scrape of the event-loop delay gauges reports: a summary of the delays Node sampled
 * since the previous scrape, in nanoseconds as Node's histogram gives them.
 * @see https://nodejs.org/api/perf_hooks.html#class-histogram
 */

export interface DelayWindow {
  count: number;
  min: number;
  max: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
}

/** The part of Node's histogram a window is read from. */
export type DelayHistogramReading = { readonly count: number; readonly min: number; readonly max: number; readonly mean: number } & {
  percentile(percentile: number): number;
};

/** The histogram's samples as a window; null when it has none (its min is then 2**63 and its mean NaN). */
export function readDelayWindow(histogram: DelayHistogramReading): DelayWindow | null {
  if (histogram.count === 0) return null;
  return {
    count: histogram.count,
    min: histogram.min,
    max: histogram.max,
    mean: histogram.mean,
    p50: histogram.percentile(50),
    p90: histogram.percentile(90),
    p99: histogram.percentile(99),
  };
}

/**
 * Two windows of one scrape (two busy spells with an idle one between) as one: min, max and mean
 * exact; each percentile the higher of the two, an upper bound of the union's (which lies between
 * them), since a summary keeps no samples to merge.
 */
export function mergeDelayWindows(a: DelayWindow | null, b: DelayWindow | null): DelayWindow | null {
  if (!a || !b) return a ?? b;
  const count = a.count + b.count;
  return {
    count,
    min: Math.min(a.min, b.min),
    max: Math.max(a.max, b.max),
    mean: (a.mean * a.count + b.mean * b.count) / count,
    p50: Math.max(a.p50, b.p50),
    p90: Math.max(a.p90, b.p90),
    p99: Math.max(a.p99, b.p99),
  };
}
