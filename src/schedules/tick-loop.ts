/**
 * The loop both background pollers run (digest scheduler, watch poller): one tick at start, then
 * one every `intervalMs` on an injected timer; ticks never overlap (a caller during a tick shares
 * its result); stop() cancels the timer, aborts `signal` (ending retry waits) and waits for the
 * tick in progress. A start after a stop begins a new timer chain; one from before never runs on.
 */
import type { Logger } from '../observability/logger.js';
import type { TickTimer } from './tick-timer.js';

export interface TickLoop<R> {
  tick(): Promise<R>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Aborted by stop(): pass it to waits that should end then. */
  readonly signal: AbortSignal;
  /** True from stop() until the next start(). */
  readonly stopped: boolean;
}

export interface TickLoopOptions {
  intervalMs: number;
  timer: TickTimer;
  logger: Logger;
  /** "digest scheduler", "watch poller": for its log lines and abort reason. */
  name: string;
  /** Logged with "<name> started". */
  startFields?: Record<string, unknown>;
}

export function createTickLoop<R>(runTick: () => Promise<R>, options: TickLoopOptions): TickLoop<R> {
  let running: Promise<R> | undefined;
  let cancelTimer: (() => void) | undefined;
  let stopping = new AbortController();
  let started = false;
  let stopped = false;
  /** Bumped by start() so a timer chain from before a stop/start never runs twice. */
  let generation = 0;

  const tick = (): Promise<R> => {
    running ??= runTick().finally(() => {
      running = undefined;
    });
    return running;
  };

  const scheduleNext = (forGeneration: number): void => {
    if (!started || forGeneration !== generation) return;
    cancelTimer = options.timer.schedule(() => {
      cancelTimer = undefined;
      // runTick logs its own failures and never rejects; finally keeps the chain going regardless.
      void tick().finally(() => scheduleNext(forGeneration));
    }, options.intervalMs);
  };

  return {
    tick,
    get signal() {
      return stopping.signal;
    },
    get stopped() {
      return stopped;
    },
    async start() {
      if (started) return;
      started = true;
      stopped = false;
      generation += 1;
      const current = generation;
      stopping = new AbortController();
      options.logger.info(`${options.name} started`, options.startFields ?? {});
      await tick();
      scheduleNext(current);
    },
    async stop() {
      started = false;
      stopped = true;
      cancelTimer?.();
      cancelTimer = undefined;
      stopping.abort(new Error(`${options.name} stopping`));
      await running;
      options.logger.info(`${options.name} stopped`);
    },
  };
}
