/**
 * Watchlists: the watches of each channel (and each user's DM), the poller's per-watch state
 * (cursor, seen documents, pending alert) and the lock a replica holds while it polls one watch.
 * State writes are compare-and-set against the text read, so a replica that lost its lock can
 * never overwrite what the new holder wrote.
 */
import { createHash } from 'node:crypto';
import { keys, leaseNames, TTL } from './keys.js';
import { readJsonRecord, updateJsonRecord } from './json-record.js';
import type { Leases } from './leases.js';
import type { WatchRecord, WatchState } from './records.js';
import type { StateStore } from './state-store.js';

/** The state as read, with its stored text (the compare-and-set's expectation). */
export interface VersionedWatchState {
  state: WatchState | null;
  raw: string | null;
}

/**
 * Watches per channel (or per user's DM): each costs service calls every poll from one shared
 * budget, so one channel cannot take it all; 20 covers a sector desk's names.
 */
export const WATCH_LIMITS = { perChannel: 20 } as const;

/** A watch's id: the same target and categories in the same channel are the same watch. */
export function watchIdOf(channelId: string, target: WatchRecord['target'], categories: readonly string[]): string {
  const what = target.kind === 'symbol' ? `s:${target.symbol}` : `k:${target.keyword.toLowerCase()}`;
  return createHash('sha256')
    .update(`${channelId}\n${what}\n${[...categories].sort().join(',')}`)
    .digest('hex')
    .slice(0, 16);
}

type WatchRef = Pick<WatchRecord, 'teamId' | 'channelId' | 'watchId'>;

export type WatchAddOutcome = 'added' | 'duplicate' | 'full';

/** A channel's slots: each watch id it holds (or is being added) with when it was claimed (epoch ms). */
interface WatchSlots {
  claims: Record<string, number>;
}

/** A claim this old without its watch is an add that died between its two writes: its slot is free again. */
const STALE_CLAIM_MS = 60_000;

export class Watches {
  constructor(
    private readonly store: StateStore,
    private readonly leases: Leases,
  ) {}

  async get(teamId: string, channelId: string, watchId: string): Promise<WatchRecord | null> {
    return readJsonRecord<WatchRecord>(this.store, keys.watch(teamId, channelId, watchId));
  }

  /**
   * Adds a watch unless the channel has it already or holds `limit` watches. The limit is atomic
   * (two adds at once never make 21 of 20): the add first claims a slot in the channel's
   * WatchSlots record by compare-and-set, then writes the watch. A claim whose watch never
   * appeared (its adder died between the two writes) frees its slot after STALE_CLAIM_MS, and
   * watches written without a claim (by an older version) are counted as claims.
   */
  async add(watch: WatchRecord, limit: number = WATCH_LIMITS.perChannel): Promise<WatchAddOutcome> {
    const recorded = new Map((await this.listForChannel(watch.teamId, watch.channelId)).map((w) => [w.watchId, w.createdAtMs]));
    const now = watch.createdAtMs;
    // Set by the change, which updateJsonRecord calls at least once (again on each conflict).
    let outcome!: WatchAddOutcome;
    await updateJsonRecord<WatchSlots>(this.store, keys.watchSlots(watch.teamId, watch.channelId), (current) => {
      const claims: Record<string, number> = {};
      for (const [id, at] of Object.entries(current?.claims ?? {})) {
        if (recorded.has(id) || now - at < STALE_CLAIM_MS) claims[id] = at;
      }
      for (const [id, at] of recorded) claims[id] ??= at;
      outcome = claims[watch.watchId] !== undefined ? 'duplicate' : Object.keys(claims).length >= limit ? 'full' : 'added';
      return outcome === 'added' ? { claims: { ...claims, [watch.watchId]: now } } : undefined;
    });
    if (outcome !== 'added') return outcome;
    const written = await this.store.setIfAbsent(keys.watch(watch.teamId, watch.channelId, watch.watchId), JSON.stringify(watch));
    return written ? 'added' : 'duplicate';
  }

  /** Removes a watch, its state and its slot. Returns whether there was one. */
  async remove(teamId: string, channelId: string, watchId: string): Promise<boolean> {
    const key = keys.watch(teamId, channelId, watchId);
    const existed = (await this.store.get(key)) !== null;
    await this.store.delete(key);
    await this.store.delete(keys.watchState(teamId, channelId, watchId));
    await updateJsonRecord<WatchSlots>(this.store, keys.watchSlots(teamId, channelId), (current) => {
      if (current?.claims[watchId] === undefined) return undefined;
      const { [watchId]: _freed, ...claims } = current.claims;
      return { claims };
    });
    return existed;
  }

  /** Pauses a watch whose channel is gone. True only for the call that changed it. */
  async pause(ref: WatchRef, reason: string): Promise<boolean> {
    let changed!: boolean;
    await updateJsonRecord<WatchRecord>(this.store, keys.watch(ref.teamId, ref.channelId, ref.watchId), (current) => {
      changed = current !== null && current.paused !== true;
      return current === null || current.paused === true ? undefined : { ...current, paused: true, pausedReason: reason };
    });
    return changed;
  }

  listForChannel(teamId: string, channelId: string): Promise<WatchRecord[]> {
    return this.list(keys.watchPrefix(teamId, channelId));
  }

  listForTeam(teamId: string): Promise<WatchRecord[]> {
    return this.list(keys.watchPrefix(teamId));
  }

  listAll(): Promise<WatchRecord[]> {
    return this.list(keys.watchPrefix());
  }

  async getState(ref: WatchRef): Promise<VersionedWatchState> {
    const raw = await this.store.get(keys.watchState(ref.teamId, ref.channelId, ref.watchId));
    // Stryker disable next-line ConditionalExpression: equivalent, JSON.parse(null) is null too (the check is for the type).
    return { raw, state: raw === null ? null : (JSON.parse(raw) as WatchState) };
  }

  /** Writes `next` only when the stored state is still `expected.raw`. */
  async replaceState(ref: WatchRef, expected: VersionedWatchState, next: WatchState): Promise<VersionedWatchState | null> {
    const key = keys.watchState(ref.teamId, ref.channelId, ref.watchId);
    const raw = JSON.stringify(next);
    const written =
      expected.raw === null ? await this.store.setIfAbsent(key, raw) : await this.store.replaceIfEquals(key, expected.raw, raw);
    return written ? { raw, state: next } : null;
  }

  /**
   * Records the ts of a posted alert, from the poster's answer or from Slack's push
   * (message_metadata_posted): a pending alert whose ts is known was posted, no read of Slack needed.
   */
  async recordAlertTs(ref: WatchRef, alertId: string, ts: string): Promise<void> {
    await this.store.set(keys.watchAlertTs(ref.teamId, ref.channelId, ref.watchId, alertId), ts, TTL.watchAlertTsMs);
  }

  /** The ts of the alert, if one was recorded. */
  async getAlertTs(ref: WatchRef, alertId: string): Promise<string | null> {
    return this.store.get(keys.watchAlertTs(ref.teamId, ref.channelId, ref.watchId, alertId));
  }

  /** The lock of one watch's poll: two replicas never poll (and post) one watch at once. */
  acquireLock(ref: WatchRef, holderId: string, ttlMs: number): Promise<boolean> {
    return this.leases.acquire(leaseNames.watch(ref.teamId, ref.channelId, ref.watchId), holderId, ttlMs);
  }

  renewLock(ref: WatchRef, holderId: string, ttlMs: number): Promise<boolean> {
    return this.leases.renew(leaseNames.watch(ref.teamId, ref.channelId, ref.watchId), holderId, ttlMs);
  }

  releaseLock(ref: WatchRef, holderId: string): Promise<boolean> {
    return this.leases.release(leaseNames.watch(ref.teamId, ref.channelId, ref.watchId), holderId);
  }

  private async list(prefix: string): Promise<WatchRecord[]> {
    const found = await this.store.keys(prefix);
    const records = await Promise.all(found.map((key) => readJsonRecord<WatchRecord>(this.store, key)));
    return records
      .filter((w): w is WatchRecord => w !== null)
      .sort((a, b) => a.teamId.localeCompare(b.teamId) || a.channelId.localeCompare(b.channelId) || a.createdAtMs - b.createdAtMs);
  }
}
