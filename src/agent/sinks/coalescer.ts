/**
 * Holds the newest pending view of a run and a single write loop for it: while one write is in
 * flight or waiting for its slot, newer views replace the pending one (coalescing), and the write
 * takes whatever is newest at the moment it is sent. A failed write puts its content back as
 * pending (keeping the older arrival time) and retries after a back-off.
 */
import type { Logger } from '../../observability/logger.js';
import { backoffDelayMs } from '../../slack-api/rate-limit-wait.js';
import type { Timers } from '../runtime/timers.js';
import type { RelayMetrics } from './relay-metrics.js';
import type { RunView } from '../state/run-view.js';
import { RunStopped } from '../events/next-within.js';
import { SlotAbortedError } from './update-scheduler.js';

export interface PendingContent {
  view: RunView;
  /** Arrival of the oldest event not yet shown. */
  since: number;
  /** Events folded into this content. */
  events: number;
}

export interface WriteHandle {
  /** Arrival of the oldest unsent event, for fair ordering. */
  readonly since: number;
  /** Aborted when the sink closes: a write still waiting for its slot leaves the queue. */
  readonly signal: AbortSignal;
  /** Takes the newest content for sending (call when the slot is granted). */
  take(): PendingContent;
  /** Gives content back after a failed send (it merges with anything newer). */
  restore(content: PendingContent): void;
  /** Records a successful send of `content`. */
  shown(content: PendingContent): void;
}

export interface Coalescer {
  offer(view: RunView, arrivedAtMs: number): void;
  /** Stops the loop after the in-flight write; pending content is dropped. */
  close(): Promise<void>;
  /** Resolves when nothing is pending or in flight. */
  idle(): Promise<void>;
  /** Arrival of the oldest event not shown yet, if any. */
  pendingSince(): number | undefined;
  /** The newest view offered. */
  latest(): RunView | undefined;
}

export function createCoalescer(options: {
  write: (handle: WriteHandle) => Promise<void>;
  metrics: RelayMetrics;
  logger: Logger;
  clock: () => number;
  timers: Timers;
  maxBackoffMs?: number;
}): Coalescer {
  let latest: RunView | undefined;
  let since: number | undefined;
  let events = 0;
  let running: Promise<void> | undefined;
  let closed = false;
  let failures = 0;
  let wakeBackoff: (() => void) | undefined;
  const abort = new AbortController();

  const handle: WriteHandle = {
    get since() {
      return since ?? options.clock();
    },
    signal: abort.signal,
    take() {
      // The loop only writes after an offer, so there is always a view to take.
      if (latest === undefined) throw new Error('coalescer: nothing offered to take');
      const content: PendingContent = { view: latest, since: since ?? options.clock(), events };
      since = undefined;
      events = 0;
      return content;
    },
    restore(content) {
      since = since === undefined ? content.since : Math.min(since, content.since);
      events += content.events;
    },
    shown(content) {
      failures = 0;
      options.metrics.recordStaleness(Math.max(0, options.clock() - content.since));
      if (content.events > 1) options.metrics.countCoalesced(content.events - 1);
    },
  };

  const loop = async (): Promise<void> => {
    while (!closed && since !== undefined) {
      try {
        await options.write(handle);
      } catch (error) {
        // Stopped (or no longer this process's run to write): nothing to retry.
        if (closed || error instanceof SlotAbortedError || error instanceof RunStopped) break;
        failures += 1;
        const delay = backoffDelayMs('relayWrite', failures, error, options.maxBackoffMs);
        options.logger.warn('relay progress write failed; will retry with the newest state', { error, delayMs: delay });
        await new Promise<void>((resolve) => {
          const t = options.timers.after(delay, resolve);
          wakeBackoff = () => {
            t.cancel();
            resolve();
          };
        });
        wakeBackoff = undefined;
      }
    }
  };

  const kick = (): void => {
    if (running || closed) return;
    running = loop().finally(() => {
      running = undefined;
      if (!closed && since !== undefined) kick();
    });
  };

  return {
    offer(view, arrivedAtMs) {
      if (closed) return;
      latest = view;
      if (since === undefined) since = arrivedAtMs;
      events += 1;
      kick();
    },
    pendingSince: () => since,
    latest: () => latest,
    async close() {
      closed = true;
      abort.abort();
      wakeBackoff?.();
      await running;
    },
    async idle() {
      while (running) await running;
    },
  };
}
