/**
 * Polls the service for each watch's new documents and posts one alert per watch per poll,
 * exactly once across restarts and replicas, with the digest's machinery: per watch a lock (a
 * lease) while polling; an alert is claimed in the watch's state (pending, with its documents)
 * before posting and committed after (cursor and seen set advance only then). A poll that finds
 * a pending alert — its poster died, or its post failed — has the poster look for it in Slack
 * (message metadata) before posting it again, so nothing posts twice and nothing is lost.
 * A new alert whose documents (or earnings eve) came before this process could vouch for the store
 * (ClaimTrust: its start, or a rollback it noticed) may repeat one whose claim the store lost:
 * the poster is told the window to look in first.
 * Every service call takes from one budget shared by all watches and replicas; a 429 or an
 * outage leaves the state as it was, so the documents come with a later poll.
 * Symbol watches also post the eve of an earnings date, and a summary of the transcript or
 * filing that follows it. No Bolt in here: posting is the injected `postAlert`.
 */
import { randomUUID } from 'node:crypto';
import pRetry, { AbortError } from 'p-retry';
import { DEFAULT_DIGEST_RETRY, type DigestRetryPolicy } from './post-digest.js';
import { mapWithConcurrency } from './map-with-concurrency.js';
import { createTickLoop } from './tick-loop.js';
import { realTickTimer, type TickTimer } from './tick-timer.js';
import type { Logger } from '../observability/logger.js';
import type { ResearchService } from '../service/types.js';
import type { WatchAlert, WatchRecord, WatchState } from '../store/records.js';
import type { VersionedWatchState, Watches } from '../store/watches.js';
import type { WatchPollBudget } from '../store/watch-poll-budget.js';
import { findWatchAlerts } from './find-watch-alerts.js';
import type { PostWatchAlert, PostWatchAlertResult } from './post-watch-alert.js';
import { afterDocumentsPosted } from './select-new-documents.js';
import { ClaimTrust, type UnvouchedWindow } from './claim-trust.js';
import { watchProgress } from './watch-progress.js';

export type WatchPollOutcome =
  | 'posted'
  | 'nothing_new'
  | 'not_due'
  | 'locked'
  | 'budget_spent'
  | 'service_unavailable'
  /** The watch's workspace has no service connection (or installation) now: polled again once it has. */
  | 'workspace_unavailable'
  | 'failed'
  | 'channel_gone'
  | 'lock_lost';

export interface WatchPollReport {
  teamId: string;
  channelId: string;
  watchId: string;
  outcome: WatchPollOutcome;
  /** Alerts this poll posted. */
  posted: number;
  /** Pending alerts this poll settled (found in Slack, or posted at last: then counted in `posted` too). */
  recovered?: number;
}

export type WatchService = Pick<ResearchService, 'searchDocuments' | 'earningsCalendar' | 'getDocumentSummary'>;

export interface WatchPollerOptions {
  watches: Watches;
  budget: WatchPollBudget;
  /** The service of the watch's own workspace; throws when that workspace is not connected. */
  serviceFor(teamId: string): Promise<WatchService>;
  postAlert: PostWatchAlert;
  clock: () => number;
  timer?: TickTimer;
  logger: Logger;
  /** How often each watch is polled (and the poller ticks). */
  pollIntervalMs: number;
  instanceId?: string;
  lockTtlMs?: number;
  retry?: DigestRetryPolicy;
  concurrency?: number;
  /** What the store can vouch for (shared with the digest scheduler); this process's own by default. */
  trust?: ClaimTrust;
}

export interface WatchPoller {
  readonly instanceId: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One pass over every watch. Ticks never overlap. */
  tick(): Promise<WatchPollReport[]>;
}

const DEFAULT_LOCK_TTL_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

class LockLostError extends Error {
  override readonly name = 'LockLostError';
}

export function createWatchPoller(options: WatchPollerOptions): WatchPoller {
  const instanceId = options.instanceId ?? `watch-${randomUUID()}`;
  const logger = options.logger.child({ component: 'watch-poller', instanceId });
  const lockTtlMs = options.lockTtlMs ?? DEFAULT_LOCK_TTL_MS;
  const retry = options.retry ?? DEFAULT_DIGEST_RETRY;
  const timer = options.timer ?? realTickTimer;
  const { watches, budget, clock } = options;
  const trust = options.trust ?? new ClaimTrust(clock, logger);

  const loop = createTickLoop(runTick, {
    intervalMs: options.pollIntervalMs,
    timer,
    logger,
    name: 'watch poller',
    startFields: { pollIntervalMs: options.pollIntervalMs },
  });

  async function runTick(): Promise<WatchPollReport[]> {
    let all: WatchRecord[];
    try {
      all = (await watches.listAll()).filter((w) => w.paused !== true);
    } catch (error) {
      logger.error('watch tick could not list watches', { error });
      return [];
    }
    return mapWithConcurrency(all, Math.max(1, options.concurrency ?? 2), async (watch) => {
      const where = { teamId: watch.teamId, channelId: watch.channelId, watchId: watch.watchId };
      try {
        return { ...where, ...(await pollWatch(watch)) };
      } catch (error) {
        logger.error('watch poll failed', { ...where, error });
        return { ...where, outcome: 'failed' as const, posted: 0 };
      }
    });
  }

  async function pollWatch(watch: WatchRecord): Promise<{ outcome: WatchPollOutcome; posted: number }> {
    const nowMs = clock();
    // Cheap path: polled recently and nothing pending; no lock needed.
    const peek = await watches.getState(watch);
    if (peek.state) trust.sawEach(scopeOf(watch), watchProgress(peek.state));
    if (peek.state && !peek.state.pending && nowMs - peek.state.lastPollMs < options.pollIntervalMs)
      return { outcome: 'not_due', posted: 0 };
    if (!(await watches.acquireLock(watch, instanceId, lockTtlMs))) return { outcome: 'locked', posted: 0 };
    try {
      return await pollLocked(watch, nowMs);
    } finally {
      await watches.releaseLock(watch, instanceId).catch((error: unknown) => {
        logger.warn('watch lock release failed; it expires on its own', { watchId: watch.watchId, error });
      });
    }
  }

  async function pollLocked(watch: WatchRecord, nowMs: number): Promise<{ outcome: WatchPollOutcome; posted: number }> {
    const log = logger.child({ teamId: watch.teamId, channelId: watch.channelId, watchId: watch.watchId });
    let current = await watches.getState(watch);
    if (current.state === null) {
      // Removed while this tick was on its way: never leave state behind for a watch that is gone.
      if ((await watches.get(watch.teamId, watch.channelId, watch.watchId)) === null) return { outcome: 'not_due', posted: 0 };
      // A watch this process saw polled has no state now: the store was rolled back.
      trust.lacks(`${scopeOf(watch)}:poll`, 0);
      const initial: WatchState = { cursorMs: watch.createdAtMs, seen: {}, lastPollMs: 0, earningsEves: [] };
      current = (await watches.replaceState(watch, current, initial)) ?? (await watches.getState(watch));
    }
    let posted = 0;
    let recovered = 0;

    // An alert claimed earlier whose outcome is unknown: settle it before anything new.
    const pending = current.state?.pending;
    if (pending) {
      log.warn('watch alert left pending (its poster stopped or failed); checking Slack before posting it', {
        alertId: pending.alertId,
        previousHolder: pending.holderId,
      });
      const result = await postWithRetries(watch, pending.alertId, pending.alert, true, pending.createdAtMs);
      if (result !== 'posted') return { outcome: await settleFailure(watch, result, log), posted };
      const committed = await commit(watch, current, pending.alert, nowMs);
      if (committed === null) return { outcome: 'lock_lost', posted };
      current = committed;
      recovered = 1;
    }

    const state = current.state;
    if (state === null) return { outcome: 'lock_lost', posted };
    if (recovered === 0 && nowMs - state.lastPollMs < options.pollIntervalMs) return { outcome: 'not_due', posted };

    let service: WatchService;
    try {
      service = await options.serviceFor(watch.teamId);
    } catch (error) {
      log.warn('watch poll skipped: its workspace cannot reach the service now', { error });
      return { outcome: 'workspace_unavailable', posted };
    }
    const found = await findWatchAlerts({ service, budget, clock, retryAfterDefaultMs: options.pollIntervalMs }, watch, state, nowMs, log);
    if (found.kind !== 'alerts') return { outcome: found.kind, posted };
    let working = await watches.replaceState(watch, current, { ...state, lastPollMs: nowMs, ...found.stateChanges });
    if (working === null) return { outcome: 'lock_lost', posted };
    trust.sawEach(scopeOf(watch), watchProgress(working.state ?? state));

    for (const alert of found.alerts) {
      const alertId = randomUUID();
      const claimedState = working.state;
      if (claimedState === null) return { outcome: 'lock_lost', posted };
      const claimed = await watches.replaceState(watch, working, {
        ...claimedState,
        pending: { alertId, holderId: instanceId, createdAtMs: nowMs, alert },
      });
      if (claimed === null) return { outcome: 'lock_lost', posted };
      const unvouched = trust.unvouched(earliestAlertedMs(watch, alert));
      if (unvouched) log.info('watch alert may repeat one the store lost; the poster looks first', { alertId, ...unvouched });
      const result = await postWithRetries(watch, alertId, alert, false, nowMs, unvouched);
      if (result !== 'posted') return { outcome: await settleFailure(watch, result, log), posted };
      const committed = await commit(watch, claimed, alert, nowMs);
      if (committed === null) return { outcome: 'lock_lost', posted };
      working = committed;
      trust.sawEach(scopeOf(watch), watchProgress(committed.state ?? state));
      posted += 1;
      log.info('watch alert posted', { alertId, kind: alert.kind, documents: alert.kind === 'documents' ? alert.docs.length : 0 });
    }
    return { outcome: posted > 0 ? 'posted' : 'nothing_new', posted, ...(recovered > 0 ? { recovered } : {}) };
  }

  /** Clears the pending alert and records what it showed. Null when the state changed under us. */
  async function commit(watch: WatchRecord, claimed: VersionedWatchState, alert: WatchAlert, nowMs: number) {
    const state = claimed.state;
    if (state === null) return null;
    const { pending: _posted, ...rest } = state;
    const next: WatchState =
      alert.kind === 'documents'
        ? { ...rest, ...afterDocumentsPosted(state, alert.docs), ...(alert.summary ? { earningsSummaryDone: true } : {}) }
        : { ...rest, earningsEves: [...state.earningsEves, alert.date].slice(-8), earningsDate: alert.date, earningsSummaryDone: false };
    return watches.replaceState(watch, claimed, { ...next, lastPollMs: Math.max(next.lastPollMs, nowMs) });
  }

  async function settleFailure(watch: WatchRecord, result: PostWatchAlertResult | 'lock_lost', log: Logger): Promise<WatchPollOutcome> {
    if (result === 'lock_lost') {
      log.warn('watch lock lost between attempts; the pending alert goes to its new holder');
      return 'lock_lost';
    }
    if (result === 'channel_gone') {
      const reason = 'channel_gone: the channel is gone or the app was removed from it';
      await watches.pause(watch, reason).then(
        (changed) => changed && log.warn('watch paused: channel gone'),
        (error: unknown) => log.error('pausing the watch failed', { error }),
      );
      return 'channel_gone';
    }
    // Left pending: the next poll (any replica) checks Slack before posting it again.
    log.error('watch alert post failed after retries; left pending for the next poll', { attempts: retry.retries + 1 });
    return 'failed';
  }

  async function postWithRetries(
    watch: WatchRecord,
    alertId: string,
    alert: WatchAlert,
    recovered: boolean,
    claimedAtMs: number,
    unvouched?: UnvouchedWindow,
  ): Promise<PostWatchAlertResult | 'lock_lost'> {
    let unsure = recovered;
    try {
      return await pRetry(
        async (attempt) => {
          if (attempt > 1 && !(await watches.renewLock(watch, instanceId, lockTtlMs))) throw new AbortError(new LockLostError(alertId));
          // After a failed attempt the message may have landed: every later attempt looks first.
          const result = await options.postAlert(watch, alertId, alert, {
            attempt,
            recovered: unsure,
            claimedAtMs,
            ...(unvouched ? { unvouched } : {}),
          });
          unsure = true;
          if (result === 'retryable_error') throw new Error(`watch alert ${alertId} not posted (attempt ${attempt})`);
          return result;
        },
        {
          retries: retry.retries,
          minTimeout: retry.minTimeoutMs,
          maxTimeout: retry.maxTimeoutMs,
          factor: 2,
          signal: loop.signal,
        },
      );
    } catch (error) {
      // p-retry rejects an AbortError with the error it wraps; settleFailure logs what it means.
      if (error instanceof LockLostError) return 'lock_lost';
      // The last attempt's error: no attempt is logged as it fails.
      logger.warn('watch alert post failed', { watchId: watch.watchId, alertId, error });
      return 'retryable_error';
    }
  }

  return { instanceId, tick: loop.tick, start: loop.start, stop: loop.stop };
}

/** A watch's ClaimTrust scope: a watch removed and added again starts its own progress. */
function scopeOf(watch: WatchRecord): string {
  return `watch:${watch.teamId}:${watch.channelId}:${watch.watchId}:${watch.createdAtMs}`;
}

/** The earliest an alert of the same documents (or eve) can have been posted. */
function earliestAlertedMs(watch: WatchRecord, alert: WatchAlert): number {
  // An eve alert goes out on the day before the date, in the market's time zone.
  const from =
    alert.kind === 'documents' ? Math.min(...alert.docs.map((d) => d.publishedMs)) : Date.parse(`${alert.date}T00:00:00Z`) - 2 * DAY_MS;
  return Math.max(watch.createdAtMs, from);
}
