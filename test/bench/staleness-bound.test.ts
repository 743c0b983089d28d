import { describe, expect, it } from 'vitest';
import { replayIdeal } from '../../bench/lib/ideal-scheduler.js';
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
    for (const policy of ['finals-first', 'oldest-first'] as const) {
      const ideal = replayIdeal(trace, model.perMinute, policy);
      for (const q of [50, 95]) {
        expect(stalenessLowerBoundMs(trace, model, q)).toBeLessThanOrEqual(percentile(ideal.samplesMs, q));
      }
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

describe('replayIdeal', () => {
  it('serves an ended run before an older event of a run still going, finals-first only', () => {
    // At t=1200 (the second slot) run "going" has an event from 0 pending and run "done" (ended at
    // 1000) one from 1000: finals-first shows "done" then, oldest-first shows "going".
    const trace: TracedEvent[] = [
      { runKey: 'first', atMs: 0 },
      { runKey: 'going', atMs: 0 },
      { runKey: 'going', atMs: 9_000 },
      { runKey: 'done', atMs: 1_000 },
    ];
    const wait = (policy: 'finals-first' | 'oldest-first') => replayIdeal(trace, 50, policy).samplesMs[3];
    expect(wait('finals-first')).toBe(200);
    expect(wait('oldest-first')).toBe(1_400);
  });
});
