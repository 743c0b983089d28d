/**
 * Node's timers, except those of one chosen duration, which wait for the test to fire them: a
 * test drives the relay's silence timeout (or any one timer) without waiting for it, while the
 * HTTP calls, the scheduler and the emulators keep their real timers. Intervals of another chosen
 * duration (lease renewals, say) can be held too, and ticked by the test.
 */
import { systemTimers, type Timers } from '../../../src/agent/runtime/timers.js';

export interface SteerableTimers extends Timers {
  /** How many timers of the held duration are waiting now. */
  held(): number;
  /** Fires every held timer now; returns how many fired. */
  fireHeld(): number;
  /** Runs every held interval once, awaiting what each returns (a lease renewal's outcome). */
  tickHeldIntervals(): Promise<void>;
}

export function createSteerableTimers(heldMs: number, options: { heldIntervalMs?: number } = {}): SteerableTimers {
  const waiting = new Set<() => void>();
  const intervals = new Set<() => unknown>();
  return {
    after(ms, callback, timerOptions) {
      if (ms !== heldMs) return systemTimers.after(ms, callback, timerOptions);
      waiting.add(callback);
      return { cancel: () => waiting.delete(callback) };
    },
    every(ms, callback, timerOptions) {
      if (ms !== options.heldIntervalMs) return systemTimers.every(ms, callback, timerOptions);
      intervals.add(callback);
      return { cancel: () => intervals.delete(callback) };
    },
    held: () => waiting.size,
    fireHeld() {
      const due = [...waiting];
      waiting.clear();
      for (const callback of due) callback();
      return due.length;
    },
    async tickHeldIntervals() {
      await Promise.all([...intervals].map((callback) => callback()));
    },
  };
}
