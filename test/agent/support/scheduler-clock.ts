/**
 * Virtual time for the update scheduler (and whatever shares its clock: the rate budget, the Slack
 * emulator's rate limits): manual timers whose lane wake-ups are recorded, so a test asserts the
 * waits the scheduler asked for and moves time to each one instead of waiting it out.
 */
import type { Timers } from '../../../src/agent/runtime/timers.js';
import { eventually } from './eventually.js';
import { createManualTimers, type ManualTimers } from './manual-timers.js';

export interface SchedulerClock {
  now: () => number;
  timers: Timers;
  /** Every one-shot wait asked for (the scheduler's lane wake-ups), in ms, in order. */
  waits: number[];
  /** Moves time by `ms`, running every timer that falls due. */
  advance(ms: number): Promise<void>;
  /**
   * Moves time to each wake-up the scheduler waits on until `done()` holds. Time moves only once
   * the scheduler is idle (a wake-up pending and `busy()` false, e.g. no write in flight), so the
   * outcome never depends on the machine's speed.
   */
  driveUntil(done: () => boolean, busy?: () => boolean): Promise<void>;
}

export function createSchedulerClock(start = Date.parse('2025-03-10T00:00:00.000Z')): SchedulerClock {
  const manual: ManualTimers = createManualTimers(start);
  const waits: number[] = [];
  const wakeUps = new Set<number>();
  const timers: Timers = {
    after(ms, callback, options) {
      waits.push(ms);
      const due = manual.now() + ms;
      wakeUps.add(due);
      const timer = manual.after(
        ms,
        () => {
          wakeUps.delete(due);
          return callback();
        },
        options,
      );
      return {
        cancel: () => {
          wakeUps.delete(due);
          timer.cancel();
        },
      };
    },
    every: (ms, callback, options) => manual.every(ms, callback, options),
  };
  return {
    now: manual.now,
    timers,
    waits,
    advance: (ms) => manual.advance(ms),
    async driveUntil(done, busy = () => false) {
      while (!done()) {
        await eventually(
          async () => done() || (!busy() && wakeUps.size > 0),
          (idle) => idle,
        );
        if (done()) return;
        await manual.advance(Math.min(...wakeUps) - manual.now());
      }
    },
  };
}
