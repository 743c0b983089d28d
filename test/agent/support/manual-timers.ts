/**
 * Timers that only move when the test says so: `advance(ms)` moves a virtual clock and runs every
 * timer that falls due, in order, awaiting what each callback returns (a lease renewal, say), so
 * the test reads the outcome right after without waiting on the machine.
 */
import type { Timers } from '../../../src/agent/runtime/timers.js';

interface Scheduled {
  at: number;
  every: number | undefined;
  callback: () => unknown;
}

export interface ManualTimers extends Timers {
  now(): number;
  /** Timers not yet fired (or, for intervals, not cancelled). */
  pending(): number;
  advance(ms: number): Promise<void>;
}

export function createManualTimers(start = 0): ManualTimers {
  let now = start;
  const scheduled = new Set<Scheduled>();
  const add = (ms: number, callback: () => unknown, every: boolean) => {
    const entry: Scheduled = { at: now + ms, every: every ? ms : undefined, callback };
    scheduled.add(entry);
    return { cancel: () => scheduled.delete(entry) };
  };
  return {
    after: (ms, callback) => add(ms, callback, false),
    every: (ms, callback) => add(ms, callback, true),
    now: () => now,
    pending: () => scheduled.size,
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...scheduled].filter((s) => s.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        if (due.every === undefined) scheduled.delete(due);
        else due.at += due.every;
        await due.callback();
      }
      now = until;
    },
  };
}
