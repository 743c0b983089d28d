/**
 * The per-process scheduler every relay write goes through. Writes wait in a lane per workspace ×
 * method (× channel for channel-scoped methods); a lane grants a slot when the shared rate budget
 * allows: first to a run's final answer, then to the waiting request whose content has been
 * pending longest (so runs take turns: a run just served goes to the back). Finals first because
 * a finished run's one write shows all it will ever show, while a write of a run still going
 * shows a part and needs another: when the budget is short, finals first shows more content
 * sooner (replayed on the relay benchmark's trace: p95 staleness 48 s against 52 s oldest-first,
 * bench/lib/ideal-scheduler.ts), and the answers people wait for land first. The caller's `send` reads the newest state when it runs, so
 * one slot carries everything that arrived while waiting. A 429 blocks the lane for Retry-After
 * and the same request is retried first, with the newest state: nothing is lost or reordered.
 */
import type { Logger } from '../../observability/logger.js';
import { systemTimers, type Timer, type Timers } from '../runtime/timers.js';
import type { RateBudget } from '../../slack-api/rate-budget.js';
import { SLACK_RATE_LIMITS } from '../../slack-api/rate-limits.js';
import type { RelayMetrics } from './relay-metrics.js';
import { isSlackCallError } from '../../slack-api/slack-call-error.js';
import type { SlackMethod } from './slack-writer.js';

export interface SlotRequest {
  teamId: string;
  method: SlackMethod;
  /** Channel id; only channel-scoped methods (chat.postMessage, setStatus) use it. */
  channelId: string;
  runId: string;
  /** When the content this write carries became pending (its oldest unsent event's arrival). */
  since: number;
  /** The run's final answer (it has ended): served before progress of runs still going. */
  final?: boolean;
}

export interface UpdateScheduler {
  /** Runs `send` in its turn; an aborted request leaves the queue and rejects with `SlotAbortedError`. */
  schedule<T>(request: SlotRequest, send: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Requests waiting now (for tests and shutdown). */
  pending(): number;
  close(): void;
}

export interface UpdateSchedulerOptions {
  budget: RateBudget;
  metrics: RelayMetrics;
  logger: Logger;
  clock: () => number;
  /** Lane wake-ups and stall checks (default: Node's timers). */
  timers?: Timers;
  /** A request waiting longer than this is reported as a stall (once per request). */
  stallAfterMs?: number;
}

/** A scheduled write that left the queue unsent (its run closed, or the scheduler did). */
export class SlotAbortedError extends Error {
  override readonly name = 'SlotAbortedError';
  constructor(readonly method: string) {
    super(`relay write of ${method} was withdrawn before it was sent`);
  }
}

interface Waiter {
  request: SlotRequest;
  reject: (error: unknown) => void;
  seq: number;
  stallReported: boolean;
  attempt: () => void;
}

interface Lane {
  waiters: Waiter[];
  timer: Timer | undefined;
  pumping: boolean;
}

export function createUpdateScheduler(options: UpdateSchedulerOptions): UpdateScheduler {
  const { budget, metrics, logger, clock } = options;
  const timers = options.timers ?? systemTimers;
  const stallAfterMs = options.stallAfterMs ?? 30_000;
  const lanes = new Map<string, Lane>();
  let seq = 0;
  let closed = false;

  const laneKey = (r: SlotRequest): string =>
    SLACK_RATE_LIMITS[r.method].scope === 'channel' ? `${r.teamId}|${r.method}|${r.channelId}` : `${r.teamId}|${r.method}`;

  // Armed while some lane has waiters and stopped by the first check that finds none: an idle
  // process has no wake-up of its own here (issue 33), and a busy one does not re-arm per write.
  let stallTimer: Timer | undefined;
  const checkStalls = (): void => {
    const now = clock();
    let waiting = 0;
    for (const lane of lanes.values()) {
      waiting += lane.waiters.length;
      for (const w of lane.waiters) {
        if (!w.stallReported && now - w.request.since > stallAfterMs) {
          w.stallReported = true;
          metrics.countStall();
          logger.warn('relay update stalled', {
            runId: w.request.runId,
            method: w.request.method,
            waitingMs: now - w.request.since,
            queued: lane.waiters.length,
          });
        }
      }
    }
    if (waiting === 0) {
      stallTimer?.cancel();
      stallTimer = undefined;
    }
  };
  const watchForStalls = (): void => {
    if (!closed) stallTimer ??= timers.every(Math.min(1000, stallAfterMs), checkStalls, { background: true });
  };

  const wake = (key: string, lane: Lane, inMs: number): void => {
    if (lane.timer || closed) return;
    lane.timer = timers.after(Math.max(1, inMs), () => {
      lane.timer = undefined;
      void pump(key, lane);
    });
  };

  const pump = async (key: string, lane: Lane): Promise<void> => {
    if (lane.pumping || closed) return;
    lane.pumping = true;
    try {
      for (let head = lane.waiters[0]; head !== undefined && !closed; head = lane.waiters[0]) {
        const decision = await budget.tryTake(head.request.teamId, head.request.method, head.request.channelId).catch((error: unknown) => {
          logger.error('rate budget unavailable', { error, method: head.request.method });
          return { granted: false as const, retryInMs: 1000 };
        });
        if (!decision.granted) {
          wake(key, lane, decision.retryInMs);
          return;
        }
        // Re-pick after the await: an older request may have joined, or the head withdrawn.
        lane.waiters.sort(byTurn);
        const chosen = lane.waiters.shift();
        chosen?.attempt();
      }
    } finally {
      lane.pumping = false;
    }
    if (lane.waiters.length === 0 && !lane.timer) lanes.delete(key);
  };

  const byTurn = (a: Waiter, b: Waiter): number =>
    Number(b.request.final === true) - Number(a.request.final === true) || a.request.since - b.request.since || a.seq - b.seq;

  const enqueue = (waiter: Waiter): void => {
    const key = laneKey(waiter.request);
    let lane = lanes.get(key);
    if (!lane) {
      lane = { waiters: [], timer: undefined, pumping: false };
      lanes.set(key, lane);
    }
    lane.waiters.push(waiter);
    lane.waiters.sort(byTurn);
    watchForStalls();
    void pump(key, lane);
  };

  return {
    schedule<T>(request: SlotRequest, send: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (closed || signal?.aborted) {
          reject(new SlotAbortedError(request.method));
          return;
        }
        const onAbort = (): void => {
          const lane = lanes.get(laneKey(request));
          const at = lane ? lane.waiters.indexOf(waiter) : -1;
          if (lane && at >= 0) {
            lane.waiters.splice(at, 1);
            reject(new SlotAbortedError(request.method));
          }
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const waiter: Waiter = {
          request,
          reject,
          seq: ++seq,
          stallReported: false,
          attempt: () => {
            if (signal?.aborted) {
              reject(new SlotAbortedError(request.method));
              return;
            }
            metrics.countCall(request.method);
            send().then(
              (value) => {
                signal?.removeEventListener('abort', onAbort);
                resolve(value);
              },
              (error: unknown) => {
                if (isSlackCallError(error) && error.rateLimited) {
                  metrics.countRateLimited(request.method);
                  const retryAfterMs = error.retryAfterMs ?? 1000;
                  logger.warn('slack rate limited a relay write', {
                    runId: request.runId,
                    method: request.method,
                    retryAfterMs,
                  });
                  void budget
                    .block(request.teamId, request.method, request.channelId, clock() + retryAfterMs)
                    .catch((e: unknown) => logger.error('could not record rate-limit block', { error: e }))
                    .finally(() => enqueue(waiter));
                  return;
                }
                signal?.removeEventListener('abort', onAbort);
                reject(error);
              },
            );
          },
        };
        enqueue(waiter);
      });
    },
    pending: () => [...lanes.values()].reduce((n, l) => n + l.waiters.length, 0),
    close() {
      closed = true;
      stallTimer?.cancel();
      stallTimer = undefined;
      for (const lane of lanes.values()) {
        lane.timer?.cancel();
        for (const w of lane.waiters) w.reject(new SlotAbortedError(w.request.method));
      }
      lanes.clear();
    },
  };
}
