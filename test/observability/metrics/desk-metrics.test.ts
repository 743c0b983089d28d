import perfHooks from 'node:perf_hooks';
import { describe, expect, it, vi } from 'vitest';
import { createDeskMetrics } from '../../../src/observability/metrics/desk-metrics.js';
import { createManualTimers } from '../../agent/support/manual-timers.js';

describe('createDeskMetrics', () => {
  it('exports both vote series at 0 before any vote, so the first vote shows as an increase', async () => {
    const text = await createDeskMetrics().registry.metrics();
    for (const series of ['research_desk_feedback_votes_total', 'research_desk_feedback_votes_withdrawn_total'])
      for (const vote of ['positive', 'negative']) expect(text).toContain(`${series}{vote="${vote}"} 0\n`);
  });

  it('counts a vote as it is recorded and a changed vote on both sides', async () => {
    const metrics = createDeskMetrics();
    metrics.voteRecorded('positive', null);
    metrics.voteRecorded('negative', 'positive');
    const text = await metrics.registry.metrics();
    expect(text).toContain('research_desk_feedback_votes_total{vote="positive"} 1\n');
    expect(text).toContain('research_desk_feedback_votes_total{vote="negative"} 1\n');
    expect(text).toContain('research_desk_feedback_votes_withdrawn_total{vote="positive"} 1\n');
    expect(metrics.votes()).toEqual({ positive: 0, negative: 1 });
  });
});

describe('the event-loop delay gauges of createDeskMetrics', () => {
  const lag = (text: string, name: string): number =>
    Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]);

  it('wake no idle process: every histogram enabled before any work ticks at most once in 24 days', () => {
    const enabled: number[] = [];
    const real = perfHooks.monitorEventLoopDelay;
    const spy = vi.spyOn(perfHooks, 'monitorEventLoopDelay').mockImplementation((options) => {
      const histogram = real(options);
      const enable = histogram.enable.bind(histogram);
      histogram.enable = () => {
        enabled.push(options?.resolution ?? 10);
        return enable();
      };
      return histogram;
    });
    try {
      const metrics = createDeskMetrics();
      // prom-client's own histogram, whose gauges are replaced: enabled, at the largest resolution.
      expect(enabled).toEqual([2 ** 31 - 1]);
      expect(metrics.eventLoopDelay.sampling).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it('report zeros while the app did no work, and the delays sampled once a Slack event or a call arrives', async () => {
    const timers = createManualTimers();
    let samples: number[] = [];
    let enabled = false;
    const histogram = {
      enable: () => {
        enabled = true;
        return true;
      },
      disable: () => {
        enabled = false;
        return true;
      },
      reset: () => {
        samples = [];
      },
      get count() {
        return samples.length;
      },
      get min() {
        return Math.min(...samples);
      },
      get max() {
        return Math.max(...samples);
      },
      get mean() {
        return samples.reduce((a, b) => a + b, 0) / samples.length;
      },
      percentile: () => Math.max(...samples),
    };
    const metrics = createDeskMetrics({ eventLoopDelay: { timers, histogram, idleAfterMs: 10_000 } });
    for (const name of ['min', 'max', 'mean', 'p50', 'p90', 'p99']) expect(lag(await metrics.registry.metrics(), name)).toBe(0);

    await metrics.commands.process({ body: { type: 'event_callback' }, ack: async () => undefined }, async () => undefined);
    expect(enabled).toBe(true);
    samples.push(10_000_000, 30_000_000);
    const text = await metrics.registry.metrics();
    expect([lag(text, 'min'), lag(text, 'max'), lag(text, 'mean'), lag(text, 'p99')]).toEqual([0.01, 0.03, 0.02, 0.03]);

    // Quiet for the idle period: sampling stops; an outbound call starts it again.
    await timers.advance(10_000);
    expect(enabled).toBe(false);
    metrics.callObserver.start('service', 'GET /search/documents')({ status: 200 });
    expect(enabled).toBe(true);
    // A run in progress keeps it sampling with no event or call.
    metrics.readRuns(() => ({ active: 1, deferred: 0 }));
    await timers.advance(60_000);
    expect(enabled).toBe(true);
    metrics.eventLoopDelay.stop();
    expect(enabled).toBe(false);
    expect(timers.pending()).toBe(0);
  });
});
