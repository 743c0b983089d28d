/**
 * The event-loop delay sampler on manual timers and a scripted histogram: it samples only while
 * work comes (one idle check armed while busy, nothing while idle), never records an idle spell
 * as a delay, and each take reports what was sampled since the one before, or nothing.
 */
import { describe, expect, it } from 'vitest';
import { type DelayHistogram, createEventLoopDelaySampler } from '../../../src/observability/metrics/event-loop-delay-sampler.js';
import { createManualTimers } from '../../agent/support/manual-timers.js';

/** A histogram whose samples the test records; it logs what the sampler asks of it. */
function scriptedHistogram() {
  let samples: number[] = [];
  const calls: string[] = [];
  let enabled = false;
  const histogram: DelayHistogram & { record(...ns: number[]): void } = {
    enable: () => {
      calls.push('enable');
      const was = enabled;
      enabled = true;
      return !was;
    },
    disable: () => {
      calls.push('disable');
      const was = enabled;
      enabled = false;
      return was;
    },
    reset: () => {
      calls.push('reset');
      samples = [];
    },
    get count() {
      return samples.length;
    },
    get min() {
      return samples.length ? Math.min(...samples) : 9223372036854776000;
    },
    get max() {
      return samples.length ? Math.max(...samples) : 0;
    },
    get mean() {
      return samples.reduce((a, b) => a + b, 0) / samples.length;
    },
    percentile: (p: number) => [...samples].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * samples.length) - 1)] ?? 0,
    record: (...ns) => {
      if (!enabled) throw new Error('recorded while disabled');
      samples.push(...ns);
    },
  };
  return { histogram, calls, isEnabled: () => enabled };
}

function build(busy = () => false) {
  const timers = createManualTimers();
  const h = scriptedHistogram();
  const sampler = createEventLoopDelaySampler({ timers, idleAfterMs: 10_000, histogram: h.histogram, busy });
  return { timers, h, sampler };
}

describe('the event-loop delay sampler', () => {
  it('samples nothing and arms nothing until work arrives', async () => {
    const { timers, h, sampler } = build();
    await timers.advance(60_000);
    expect(h.isEnabled()).toBe(false);
    expect(timers.pending()).toBe(0);
    expect(sampler.takeWindow()).toBeNull();
  });

  it('samples while work keeps coming, with one timer armed, and stops after a quiet period', async () => {
    const { timers, h, sampler } = build();
    sampler.workArrived();
    expect(h.isEnabled()).toBe(true);
    expect(timers.pending()).toBe(1);
    for (let i = 0; i < 5; i += 1) {
      await timers.advance(6_000);
      sampler.workArrived();
      sampler.workArrived();
      expect(timers.pending()).toBe(1);
      expect(h.isEnabled()).toBe(true);
    }
    // The last work came at 30 s: the check at 40 s saw it, the one at 50 s sees none.
    await timers.advance(19_999 - 10_000);
    expect(h.isEnabled()).toBe(true);
    await timers.advance(10_001);
    expect(h.isEnabled()).toBe(false);
    expect(sampler.sampling).toBe(false);
    expect(timers.pending()).toBe(0);
  });

  it('keeps sampling while work in progress says it is busy', async () => {
    let runs = 1;
    const { timers, h, sampler } = build(() => runs > 0);
    sampler.workArrived();
    await timers.advance(60_000);
    expect(h.isEnabled()).toBe(true);
    runs = 0;
    await timers.advance(10_000);
    expect(h.isEnabled()).toBe(false);
    expect(timers.pending()).toBe(0);
  });

  it('reports a spell that ended before the scrape once, then nothing; the idle spell is never a delay', async () => {
    const { timers, h, sampler } = build();
    sampler.workArrived();
    h.histogram.record(11e6, 12e6, 30e6);
    await timers.advance(10_000);
    expect(h.isEnabled()).toBe(false);
    // Reset when sampling stopped: Node would otherwise record the idle spell at the next enable.
    expect(h.calls.slice(-2)).toEqual(['disable', 'reset']);
    expect(sampler.takeWindow()).toEqual({ count: 3, min: 11e6, max: 30e6, mean: 53e6 / 3, p50: 12e6, p90: 30e6, p99: 30e6 });
    expect(sampler.takeWindow()).toBeNull();

    await timers.advance(3_600_000);
    sampler.workArrived();
    expect(h.calls.slice(-1)).toEqual(['enable']);
    h.histogram.record(10e6);
    expect(sampler.takeWindow()).toMatchObject({ count: 1, min: 10e6, max: 10e6 });
    // Taken while sampling: the next window starts empty.
    expect(sampler.takeWindow()).toBeNull();
  });

  it('merges two spells of one scrape: exact min, max and mean, each percentile the higher', async () => {
    const { timers, h, sampler } = build();
    sampler.workArrived();
    h.histogram.record(10e6, 10e6, 10e6, 50e6);
    await timers.advance(10_000);
    sampler.workArrived();
    h.histogram.record(20e6, 20e6, 20e6, 20e6);
    expect(sampler.takeWindow()).toEqual({ count: 8, min: 10e6, max: 50e6, mean: 20e6, p50: 20e6, p90: 50e6, p99: 50e6 });
  });

  it('stop() ends sampling and its timer', async () => {
    const { timers, h, sampler } = build();
    sampler.workArrived();
    sampler.stop();
    expect(h.isEnabled()).toBe(false);
    expect(timers.pending()).toBe(0);
  });
});
