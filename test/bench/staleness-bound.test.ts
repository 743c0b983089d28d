import { describe, expect, it } from 'vitest';
import { replayOldestFirst } from '../../bench/lib/ideal-scheduler.js';
import { budgetExcess, lastFinalLowerBoundMs, stalenessLowerBoundMs, type TracedEvent } from '../../bench/lib/staleness-bound.js';
import { percentile } from '../../bench/lib/stats.js';

const model = { perMinute: 50, burst: 2 };

/** k runs, one event per run every `everyMs` from 0 to `durationMs`, phases spread evenly. */
function buildSteadyTrace(k: number, durationMs: number, everyMs: number): TracedEvent[] {
  const events: TracedEvent[] = [];
  for (let r = 0; r < k; r += 1) {
    for (let t = (r * everyMs) / k; t <= durationMs; t += everyMs) events.push({ runKey: `r${r}`, atMs: t });
  }
  return events;
}

describe('stalenessLowerBoundMs', () => {
  it('approaches 0.95·60·k/B for runs continuously active far longer than 60·k/B', () => {
    const k = 5; // 60·k/B = 6 s
    const bound = stalenessLowerBoundMs(buildSteadyTrace(k, 300_000, 200), model, 95, { gridMs: 5_000 });
    expect(bound).toBeGreaterThan(0.9 * 0.95 * 6_000);
    expect(bound).toBeLessThanOrEqual(0.95 * 6_000 + 100);
  });

  it('never exceeds what a feasible schedule reaches on the same trace', () => {
    const trace = buildSteadyTrace(20, 30_000, 300);
    const ideal = replayOldestFirst(trace, model.perMinute);
    for (const q of [50, 95]) {
      expect(stalenessLowerBoundMs(trace, model, q)).toBeLessThanOrEqual(percentile(ideal.samplesMs, q));
    }
  });
});

describe('lastFinalLowerBoundMs', () => {
  it('puts the last of N finals of a burst 60·(N − β)/B after it', () => {
    expect(lastFinalLowerBoundMs(Array(50).fill(10_000), model)).toBe(10_000 + (60_000 * 48) / 50);
  });
});

describe('budgetExcess', () => {
  it('accepts strict pacing and flags a burst beyond β', () => {
    expect(budgetExcess([0, 1200, 2400, 3600], model)).toBeLessThanOrEqual(0);
    expect(budgetExcess([0, 1, 2, 3], model)).toBeGreaterThan(0);
  });
});
