/**
 * Timers whose periodic callbacks of one period share one wake-up: each wake-up of an idle
 * process costs CPU (about 0.7 ms on a small VM), and the background sweeps all run every lease
 * period (issue 33). Callbacks run in the order they joined, each as its own interval would have
 * run it; one-shot timers pass through. Every beat is a background timer: for background work only.
 */
import type { Timer, Timers } from '../agent/runtime/timers.js';

export function shareBeats(timers: Timers): Timers {
  const beats = new Map<number, { callbacks: Set<() => unknown>; timer: Timer }>();
  return {
    after: (ms, callback, options) => timers.after(ms, callback, options),
    every(ms, callback) {
      let beat = beats.get(ms);
      if (!beat) {
        const callbacks = new Set<() => unknown>();
        // What each returns is awaited together, as a test's timers await one interval's.
        const timer = timers.every(ms, () => Promise.all([...callbacks].map((run) => run())), { background: true });
        beat = { callbacks, timer };
        beats.set(ms, beat);
      }
      // Its own function: the same callback joined twice runs twice, as two intervals would.
      const run = (): unknown => callback();
      beat.callbacks.add(run);
      return {
        cancel() {
          const current = beats.get(ms);
          if (!current?.callbacks.delete(run) || current.callbacks.size > 0) return;
          current.timer.cancel();
          beats.delete(ms);
        },
      };
    },
  };
}
