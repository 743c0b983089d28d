/**
 * Work a listener could not start because something it needs (the state store, the service) was
 * briefly down. Slack does not redeliver an event the app has acked, so this process keeps the
 * work and tries again itself: in memory (the store is what is down), bounded in count, each
 * entry with a deadline, retried with backoff, oldest first. Every entry ends in exactly one of
 * `attempt` answering 'done' or `giveUp` — the caller tells the user either way, so nothing is
 * dropped silently.
 *
 * One attempt at a time, the oldest entry first: while it still fails, the others would fail for
 * the same reason, so they wait instead of each spending a timeout on the same outage.
 * @see https://docs.slack.dev/apis/events-api/#retries (Slack retries only unacknowledged events)
 */
import { systemTimers, type Timer, type Timers } from '../../agent/runtime/timers.js';
import type { Logger } from '../../observability/logger.js';

/** 'done': the work started (or ended for good, the user told); 'retry': still cannot start. */
export type AttemptOutcome = 'done' | 'retry';
export type GiveUpReason = 'deadline' | 'shutdown';

export interface DeferredJob {
  /** The same key twice is one entry (a redelivered event). */
  key: string;
  attempt(): Promise<AttemptOutcome>;
  /** The work will never start: tell the user. */
  giveUp(reason: GiveUpReason): Promise<void>;
}

export type EnqueueResult = { accepted: true; duplicate: boolean; deadlineAtMs: number } | { accepted: false; reason: 'full' | 'closed' };

export interface DeferredWorkMetrics {
  /** Entries waiting now. */
  depth: number;
  capacity: number;
  /** Entries accepted since start. */
  queued: number;
  /** Entries whose attempt ended them ('done'). */
  started: number;
  /** Entries given up at their deadline. */
  expired: number;
  /** Entries refused because the queue was full. */
  rejectedFull: number;
  /** Entries given up because the process stopped. */
  abandonedAtShutdown: number;
}

export interface DeferredWorkQueue {
  enqueue(job: DeferredJob): EnqueueResult;
  /** How long an entry waits at most, for messages that promise it. */
  readonly maxWaitMs: number;
  metrics(): DeferredWorkMetrics;
  /** Stops retrying, waits for the attempt in progress and gives every remaining entry up ('shutdown'). */
  close(): Promise<void>;
}

export interface DeferredWorkQueueOptions {
  capacity: number;
  maxWaitMs: number;
  /** Delay before the first retry, doubled after each failed one up to `maxBackoffMs`. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  logger: Logger;
  clock?: () => number;
  timers?: Timers;
}

/** Production bounds: a question older than 10 minutes is better asked again than answered late. */
export const DEFERRED_START_DEFAULTS = {
  capacity: 200,
  maxWaitMs: 10 * 60_000,
  initialBackoffMs: 1_000,
  maxBackoffMs: 10_000,
} as const;

interface Entry {
  job: DeferredJob;
  deadlineAtMs: number;
}

export function createDeferredWorkQueue(options: DeferredWorkQueueOptions): DeferredWorkQueue {
  const clock = options.clock ?? Date.now;
  const timers = options.timers ?? systemTimers;
  const log = options.logger.child({ component: 'deferred-work-queue' });
  const entries: Entry[] = [];
  const counts = { queued: 0, started: 0, expired: 0, rejectedFull: 0, abandonedAtShutdown: 0 };
  let backoffMs = options.initialBackoffMs;
  let timer: Timer | undefined;
  let pass: Promise<void> | undefined;
  let closed = false;

  const giveUp = async (entry: Entry, reason: GiveUpReason): Promise<void> => {
    try {
      await entry.job.giveUp(reason);
    } catch (error) {
      log.error('giving up deferred work failed', { key: entry.job.key, reason, error });
    }
  };

  const attempt = async (entry: Entry): Promise<AttemptOutcome> => {
    try {
      return await entry.job.attempt();
    } catch (error) {
      // A throwing attempt is a bug in the job; retrying it is bounded by its deadline.
      log.error('deferred work attempt threw; retrying it later', { key: entry.job.key, error });
      return 'retry';
    }
  };

  const expireDue = async (): Promise<void> => {
    const now = clock();
    for (const entry of entries.filter((e) => e.deadlineAtMs <= now)) {
      entries.splice(entries.indexOf(entry), 1);
      counts.expired += 1;
      log.warn('deferred work given up at its deadline', { key: entry.job.key });
      await giveUp(entry, 'deadline');
    }
  };

  const schedule = (): void => {
    if (closed || timer || pass || entries.length === 0) return;
    // Wake at the next retry, or sooner when the oldest entry's deadline comes first.
    const untilDeadline = Math.max(0, Math.min(...entries.map((e) => e.deadlineAtMs)) - clock());
    timer = timers.after(Math.min(backoffMs, untilDeadline), () => {
      timer = undefined;
      pass = runPass().finally(() => {
        pass = undefined;
        schedule();
      });
      return pass;
    });
  };

  const runPass = async (): Promise<void> => {
    await expireDue();
    while (!closed && entries.length > 0) {
      const head = entries[0] as Entry;
      const outcome = await attempt(head);
      if (outcome === 'retry') {
        backoffMs = Math.min(backoffMs * 2, options.maxBackoffMs);
        log.info('deferred work still cannot start; retrying later', { key: head.job.key, retryInMs: backoffMs, depth: entries.length });
        await expireDue();
        return;
      }
      entries.splice(entries.indexOf(head), 1);
      counts.started += 1;
      backoffMs = options.initialBackoffMs;
      log.info('deferred work started', { key: head.job.key, depth: entries.length });
      await expireDue();
    }
  };

  return {
    maxWaitMs: options.maxWaitMs,

    enqueue(job) {
      if (closed) return { accepted: false, reason: 'closed' };
      const existing = entries.find((e) => e.job.key === job.key);
      if (existing) return { accepted: true, duplicate: true, deadlineAtMs: existing.deadlineAtMs };
      if (entries.length >= options.capacity) {
        counts.rejectedFull += 1;
        log.warn('deferred work refused: the queue is full', { key: job.key, capacity: options.capacity });
        return { accepted: false, reason: 'full' };
      }
      const deadlineAtMs = clock() + options.maxWaitMs;
      entries.push({ job, deadlineAtMs });
      counts.queued += 1;
      log.info('work deferred until it can start', { key: job.key, depth: entries.length });
      schedule();
      return { accepted: true, duplicate: false, deadlineAtMs };
    },

    metrics: () => ({ depth: entries.length, capacity: options.capacity, ...counts }),

    async close() {
      if (closed) return;
      closed = true;
      timer?.cancel();
      timer = undefined;
      await pass;
      const left = entries.splice(0);
      counts.abandonedAtShutdown += left.length;
      if (left.length > 0) log.warn('stopping with deferred work that never started', { count: left.length });
      for (const entry of left) await giveUp(entry, 'shutdown');
    },
  };
}
