/**
 * Node's timers, except those of one chosen duration, which wait for the test to fire them: a
 * test drives the relay's silence timeout (or any one timer) without waiting for it, while the
 * HTTP calls, the scheduler and the emulators keep their real timers.
 */
import { systemTimers, type Timers } from '../../../src/agent/runtime/timers.js';

export interface SteerableTimers extends Timers {
  /** How many timers of the held duration are waiting now. */
  held(): number;
  /** Fires every held timer now; returns how many fired. */
  fireHeld(): number;
}

export function createSteerableTimers(heldMs: number): SteerableTimers {
  const waiting = new Set<() => void>();
  return {
    after(ms, callback, options) {
      if (ms !== heldMs) return systemTimers.after(ms, callback, options);
      waiting.add(callback);
      return { cancel: () => waiting.delete(callback) };
    },
    every: (ms, callback, options) => systemTimers.every(ms, callback, options),
    held: () => waiting.size,
    fireHeld() {
      const due = [...waiting];
      waiting.clear();
      for (const callback of due) callback();
      return due.length;
    },
  };
}
