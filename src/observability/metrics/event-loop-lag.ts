/**
 * The event-loop delay gauges under prom-client's default names, read from Node's own delay
 * histogram at scrape time and reset after, without the two costly parts of the default collector:
 * its standard deviation walks the whole histogram (about 0.2 ms of CPU per scrape, most of a
 * scrape's cost), and its `nodejs_eventloop_lag_seconds` waits for a setImmediate per scrape.
 * The histogram samples only while the app works (event-loop-delay-sampler.ts): a scrape reports
 * the delays sampled since the previous scrape, and zeros when the app did no work in between
 * (nothing ran, so nothing waited), never a stale window that would hold an alert up while idle.
 * @see https://nodejs.org/api/perf_hooks.html#perf_hooksmonitoreventloopdelayoptions
 * @see https://github.com/siimon/prom-client/blob/master/lib/metrics/eventLoopLag.js
 */
import { Gauge, type Registry } from 'prom-client';
import type { EventLoopDelaySampler } from './event-loop-delay-sampler.js';

/** What the default collector registers; replaced as a whole (its gauges are all set by one collect). */
export const DEFAULT_EVENT_LOOP_LAG_METRICS = [
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_min_seconds',
  'nodejs_eventloop_lag_max_seconds',
  'nodejs_eventloop_lag_mean_seconds',
  'nodejs_eventloop_lag_stddev_seconds',
  'nodejs_eventloop_lag_p50_seconds',
  'nodejs_eventloop_lag_p90_seconds',
  'nodejs_eventloop_lag_p99_seconds',
];

const NS_PER_SECOND = 1e9;

export function registerEventLoopLag(register: Registry, sampler: Pick<EventLoopDelaySampler, 'takeWindow'>): void {
  const gauge = (name: string, help: string, collect?: () => void) =>
    new Gauge({ name: `nodejs_eventloop_lag_${name}_seconds`, help, registers: [register], ...(collect ? { collect } : {}) });
  // Registered first: the registry reads its metrics in order, each right after its collect, so
  // this one collect sets every gauge of the scrape (as the default collector does).
  gauge('min', 'The minimum recorded event loop delay.', function (this: Gauge) {
    const window = sampler.takeWindow();
    this.set((window?.min ?? 0) / NS_PER_SECOND);
    max.set((window?.max ?? 0) / NS_PER_SECOND);
    mean.set((window?.mean ?? 0) / NS_PER_SECOND);
    p50.set((window?.p50 ?? 0) / NS_PER_SECOND);
    p90.set((window?.p90 ?? 0) / NS_PER_SECOND);
    p99.set((window?.p99 ?? 0) / NS_PER_SECOND);
  });
  const max = gauge('max', 'The maximum recorded event loop delay.');
  const mean = gauge('mean', 'The mean of the recorded event loop delays.');
  const p50 = gauge('p50', 'The 50th percentile of the recorded event loop delays.');
  const p90 = gauge('p90', 'The 90th percentile of the recorded event loop delays.');
  const p99 = gauge('p99', 'The 99th percentile of the recorded event loop delays.');
}
