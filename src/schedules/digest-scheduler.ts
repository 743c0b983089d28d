/**
 * Posts trending-concept digests on each subscription's schedule, exactly once per channel and
 * slot across restarts and replicas. Per due slot: take the channel's digest lock (a lease), claim
 * the slot's marker, post with retries, then mark the outcome. The lock keeps two replicas from
 * working on one channel at once; the marker, claimed before posting, keeps a slot from being
 * posted twice. A claim whose post failed for good, or whose replica died mid-post, stays pending
 * and is taken over by a later tick (once the lock is free) with `recovered: true`, so the poster
 * looks for its own message before posting: a post that may have landed is never repeated blind.
 * A slot past the grace window, or one the poster skips (its workspace is not connected), is
 * marked skipped with a log line, never dropped silently and never retried.
 * A fresh claim of a slot due before this process could vouch for the store (ClaimTrust: its start,
 * or a rollback it noticed) may repeat a claim the store lost: the poster is told to look first.
 * No Bolt in here: posting is the injected `postDigest`.
 */
import { randomUUID } from 'node:crypto';
import pRetry, { AbortError } from 'p-retry';
import type { Logger } from '../observability/logger.js';
import type { DigestLocks } from '../store/digest-locks.js';
import type { DigestMarkers } from '../store/digest-markers.js';
import type { DigestSubscription } from '../store/records.js';
import type { Subscriptions } from '../store/subscriptions.js';
import { ClaimTrust } from './claim-trust.js';
import { DigestLockLostError } from './digest-lock-lost-error.js';
import { DigestPostError } from './digest-post-error.js';
import { latestSlotAt } from './digest-schedule.js';
import { mapWithConcurrency } from './map-with-concurrency.js';
import {
  DEFAULT_DIGEST_RETRY,
  type DigestRetryPolicy,
  type PostDigest,
  type PostDigestContext,
  type PostDigestResult,
} from './post-digest.js';
import { createTickLoop } from './tick-loop.js';
import { realTickTimer, type TickTimer } from './tick-timer.js';

export { DEFAULT_DIGEST_RETRY, FAST_DIGEST_RETRY } from './post-digest.js';
export type { DigestRetryPolicy, PostDigest, PostDigestContext, PostDigestResult } from './post-digest.js';
export type { TickTimer } from './tick-timer.js';

export interface DigestSchedulerOptions {
  subscriptions: Subscriptions;
  markers: DigestMarkers;
  locks: DigestLocks;
  clock: () => number;
  /** Waits between ticks; real time by default, a manual clock's timer in tests. */
  timer?: TickTimer;
  postDigest: PostDigest;
  /** How late a slot may still be posted (e.g. after downtime). */
  graceMs: number;
  logger: Logger;
  /** Interval between ticks, on `timer`. */
  tickMs?: number;
  /** Told once when a subscription is paused because its channel is gone. */
  onPaused?: (subscription: DigestSubscription, reason: string) => void | Promise<void>;
  /** This replica's id (the lock and marker holder); unique per process by default. */
  instanceId?: string;
  /** Digest lock lease; must far exceed one post attempt, as it is renewed only between attempts. */
  lockTtlMs?: number;
  retry?: DigestRetryPolicy;
  /** Subscriptions processed at once in a tick. */
  concurrency?: number;
  /** What the store can vouch for (shared with the watch poller); this process's own by default. */
  trust?: ClaimTrust;
}

export type DigestSlotOutcome =
  | 'posted'
  | 'channel_gone'
  | 'failed'
  | 'skipped'
  | 'skipped_outside_grace'
  | 'already_handled'
  | 'locked'
  | 'lock_lost'
  | 'not_due'
  | 'invalid_schedule';

export interface DigestSlotReport {
  teamId: string;
  channelId: string;
  slotIso: string | null;
  outcome: DigestSlotOutcome;
}

export interface DigestScheduler {
  readonly instanceId: string;
  /** Runs a first tick at once (posting slots missed within grace), then every tickMs. */
  start(): Promise<void>;
  /** Stops ticking, ends retries, waits for the tick in progress and releases its locks. */
  stop(): Promise<void>;
  /** One pass over every active subscription. Ticks never overlap. */
  tick(): Promise<DigestSlotReport[]>;
}

const DEFAULT_TICK_MS = 30_000;
/** The marker's reason for a slot the poster skipped. */
const SKIPPED_BY_POSTER = 'skipped by the poster: the workspace cannot use the research service';
const DEFAULT_LOCK_TTL_MS = 5 * 60_000;

export function createDigestScheduler(options: DigestSchedulerOptions): DigestScheduler {
  const instanceId = options.instanceId ?? `digest-${randomUUID()}`;
  const logger = options.logger.child({ component: 'digest-scheduler', instanceId });
  const tickMs = options.tickMs ?? DEFAULT_TICK_MS;
  const lockTtlMs = options.lockTtlMs ?? DEFAULT_LOCK_TTL_MS;
  const retry = options.retry ?? DEFAULT_DIGEST_RETRY;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const { subscriptions, markers, locks, clock } = options;
  const tickTimer = options.timer ?? realTickTimer;
  const trust = options.trust ?? new ClaimTrust(clock, logger);

  const loop = createTickLoop(runTick, {
    intervalMs: tickMs,
    timer: tickTimer,
    logger,
    name: 'digest scheduler',
    startFields: { tickMs, graceMs: options.graceMs },
  });

  async function runTick(): Promise<DigestSlotReport[]> {
    if (loop.stopped) return [];
    let active: DigestSubscription[];
    try {
      active = (await subscriptions.listAll()).filter((sub) => !sub.paused);
    } catch (error) {
      logger.error('digest tick could not list subscriptions', { error });
      return [];
    }
    const nowMs = clock();
    return mapWithConcurrency(active, concurrency, async (sub) => {
      try {
        return await processSubscription(sub, nowMs);
      } catch (error) {
        logger.error('digest slot processing failed', { error, teamId: sub.teamId, channelId: sub.channelId });
        return { teamId: sub.teamId, channelId: sub.channelId, slotIso: null, outcome: 'failed' as const };
      }
    });
  }

  async function processSubscription(sub: DigestSubscription, nowMs: number): Promise<DigestSlotReport> {
    const where = { teamId: sub.teamId, channelId: sub.channelId };
    let slotIso: string | null;
    try {
      slotIso = latestSlotAt(sub, nowMs);
    } catch (error) {
      logger.error('digest subscription has an invalid schedule', { ...where, error });
      return { ...where, slotIso: null, outcome: 'invalid_schedule' };
    }
    // Slots from before the subscription existed are not missed digests.
    if (slotIso === null || Date.parse(slotIso) < sub.createdAtMs) return { ...where, slotIso, outcome: 'not_due' };
    const report = (outcome: DigestSlotOutcome): DigestSlotReport => ({ ...where, slotIso, outcome });

    // Cheap path on most ticks: the slot is already done; no lock needed.
    const seen = await markers.getSlot(sub.teamId, sub.channelId, slotIso);
    if (seen === null) trust.lacks(scopeOf(sub), Date.parse(slotIso));
    else trust.saw(scopeOf(sub), Date.parse(slotIso));
    if (seen !== null && seen.state !== 'pending') return report('already_handled');

    if (!(await locks.acquire(sub.teamId, sub.channelId, instanceId, lockTtlMs))) return report('locked');
    try {
      return report(await processSlotLocked(sub, slotIso, nowMs));
    } finally {
      await locks.release(sub.teamId, sub.channelId, instanceId).catch((error: unknown) => {
        logger.warn('digest lock release failed; it expires on its own', { ...where, error });
      });
    }
  }

  /** Runs with the channel's digest lock held. */
  async function processSlotLocked(sub: DigestSubscription, slotIso: string, nowMs: number): Promise<DigestSlotOutcome> {
    const where = { teamId: sub.teamId, channelId: sub.channelId, slot: slotIso };
    const lateMs = nowMs - Date.parse(slotIso);
    let recovered = false;
    // No claim before ours: the slot is new, unless the store lost one (a slot is posted within grace).
    let unvouched = trust.unvouched(Math.max(Date.parse(slotIso), sub.createdAtMs), Date.parse(slotIso) + options.graceMs);

    if (!(await markers.claimSlot(sub.teamId, sub.channelId, slotIso, instanceId))) {
      const marker = await markers.getSlot(sub.teamId, sub.channelId, slotIso);
      if (marker === null || marker.state !== 'pending') return 'already_handled';
      // Pending under a lock we now hold: its holder died (or lost its lock) mid-attempt.
      if (!(await markers.takeOverSlot(sub.teamId, sub.channelId, slotIso, marker.holderId, instanceId))) {
        return 'already_handled';
      }
      recovered = true;
      unvouched = undefined;
      logger.warn('digest slot left pending by a replica that stopped mid-post; taking it over', {
        ...where,
        previousHolder: marker.holderId,
      });
    }

    // Our claim is in the store now: its loss would be a rollback.
    trust.saw(scopeOf(sub), Date.parse(slotIso));

    if (lateMs > options.graceMs) {
      await markers.completeSlot(sub.teamId, sub.channelId, slotIso, instanceId, 'skipped', 'outside grace window');
      logger.warn('digest slot missed beyond the grace window; skipped', { ...where, lateMs, graceMs: options.graceMs });
      return 'skipped_outside_grace';
    }

    if (unvouched) logger.info('digest slot has no claim, but one may have been lost with the store; the poster looks first', where);
    const result = await postWithRetries(sub, slotIso, { recovered, ...(unvouched ? { unvouched } : {}) });
    if (result === 'posted') {
      await markers.completeSlot(sub.teamId, sub.channelId, slotIso, instanceId, 'posted');
      logger.info('digest posted', { ...where, lateMs });
      return 'posted';
    }
    if (result === 'channel_gone') {
      const reason = 'channel_gone: the channel is gone or the app was removed from it';
      await markers.completeSlot(sub.teamId, sub.channelId, slotIso, instanceId, 'channel_gone', reason);
      if (await subscriptions.pause(sub.teamId, sub.channelId, reason)) {
        logger.warn('digest subscription paused: channel gone', where);
        await Promise.resolve(options.onPaused?.({ ...sub, paused: true, pausedReason: reason }, reason)).catch((error: unknown) =>
          logger.error('onPaused callback failed', { ...where, error }),
        );
      }
      return 'channel_gone';
    }
    if (result === 'skipped') {
      // Not a failure to retry: this slot's digest cannot be made. The subscription stays, for later slots.
      await markers.completeSlot(sub.teamId, sub.channelId, slotIso, instanceId, 'skipped', SKIPPED_BY_POSTER);
      logger.warn('digest slot skipped: its workspace cannot use the research service (not connected or not installed)', where);
      return 'skipped';
    }
    if (result === 'lock_lost') {
      // Our claim stays pending; the replica that now holds the lock takes it over.
      logger.warn('digest lock lost between attempts; leaving the slot to its new holder', where);
      return 'lock_lost';
    }
    // A failed attempt may still have landed (an unknown outcome whose check then failed too): a
    // released slot would be claimed afresh and posted blind. Left pending under our id, the next
    // tick (ours or another replica's) takes it over as recovered and checks Slack first.
    logger.error('digest post failed after retries; slot left pending for the next tick while within grace', {
      ...where,
      attempts: retry.retries + 1,
      recovered,
    });
    return 'failed';
  }

  async function postWithRetries(
    sub: DigestSubscription,
    slotIso: string,
    context: Omit<PostDigestContext, 'attempt'>,
  ): Promise<PostDigestResult | 'lock_lost'> {
    let lastAttempt: Promise<PostDigestResult> | undefined;
    try {
      return await pRetry(
        async (attempt) => {
          if (attempt > 1 && !(await locks.renew(sub.teamId, sub.channelId, instanceId, lockTtlMs))) {
            throw new AbortError(new DigestLockLostError(sub.teamId, sub.channelId));
          }
          lastAttempt = options.postDigest(sub, slotIso, { ...context, attempt });
          const result = await lastAttempt;
          if (result === 'retryable_error') throw new DigestPostError(sub.teamId, sub.channelId, slotIso, attempt);
          return result;
        },
        {
          retries: retry.retries,
          minTimeout: retry.minTimeoutMs,
          maxTimeout: retry.maxTimeoutMs,
          factor: 2,
          signal: loop.signal,
          onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
            logger.warn('digest post attempt failed', {
              teamId: sub.teamId,
              channelId: sub.channelId,
              slot: slotIso,
              attempt: attemptNumber,
              retriesLeft,
              error,
            });
          },
        },
      );
    } catch (error) {
      const where = { teamId: sub.teamId, channelId: sub.channelId, slot: slotIso };
      // The caller logs the outcome; failed attempts were logged as they failed (onFailedAttempt).
      logger.debug('digest post retries ended', { ...where, error });
      // p-retry rejects an AbortError with the error it wraps.
      if (error instanceof DigestLockLostError) return 'lock_lost';
      if (loop.signal.aborted && lastAttempt !== undefined) {
        // Stopped mid-retry: an attempt still in flight may yet post; its outcome decides.
        return lastAttempt.catch((attemptError: unknown) => {
          logger.warn('digest post attempt in flight at stop failed', { ...where, error: attemptError });
          return 'retryable_error' as const;
        });
      }
      return 'retryable_error';
    }
  }

  return { instanceId, tick: loop.tick, start: loop.start, stop: loop.stop };
}

/** A subscription's ClaimTrust scope: a new schedule (or a new subscription) starts its own progress. */
function scopeOf(sub: DigestSubscription): string {
  return `digest:${sub.teamId}:${sub.channelId}:${sub.cadence}:${sub.weekday ?? ''}:${sub.time}:${sub.timeZone}:${sub.createdAtMs}`;
}
