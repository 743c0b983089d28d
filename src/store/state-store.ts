/**
 * The primitive key-value store every piece of state sits on. Two implementations serve the app:
 * Redis (`redis-state-store.ts`, for production and several replicas) and an embedded,
 * file-backed store (`file-state-store.ts`, the default without REDIS_URL); a third, in memory
 * (`memory-state-store.ts`), serves unit tests. Key names and TTLs
 * belong to `keys.ts`; domain stores (runs, subscriptions, …) are built on top of this.
 *
 * Every operation is atomic with respect to other callers of the same store.
 */
export interface StateStore {
  readonly kind: 'redis' | 'file' | 'memory';
  get(key: string): Promise<string | null>;
  /** Sets a value; with ttlMs it expires after that many milliseconds. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets only when the key is absent (SET NX PX). Returns whether it was set. */
  setIfAbsent(key: string, value: string, ttlMs?: number, options?: ClaimOptions): Promise<boolean>;
  /**
   * Adds `member` to the set at `key` when it is not in it; returns whether it was added. A member
   * is kept at least `ttlMs` after its add: Redis keeps the whole set until `ttlMs` after its last
   * new member; a store without sets keeps each member as an entry of its own, `key:member`. For claims
   * too many to be a key each (replay claims: one per command): a set per time bucket keeps the
   * keyspace, and so every listing's walk of it, the size of the buckets, not of the traffic.
   */
  addToSet(key: string, member: string, ttlMs: number, options?: ClaimOptions): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes only when the current value equals `expected` (releasing a lease one holds). */
  deleteIfEquals(key: string, expected: string): Promise<boolean>;
  /** Replaces the value (and TTL) only when the current value equals `expected` (renewing a lease). */
  replaceIfEquals(key: string, expected: string, value: string, ttlMs?: number): Promise<boolean>;
  /** Adds `by` to an integer counter, creating it with the TTL when new. Returns the new value. */
  increment(key: string, by: number, ttlMs: number): Promise<number>;
  /** Every live key that starts with `prefix` (order unspecified). */
  keys(prefix: string): Promise<string[]>;
  /**
   * Rewrites what keeps deleted values at rest, so none stays on disk once it resolves (an
   * uninstall promises its data is gone): the file store's journal holds every write until it is
   * compacted. A no-op where a delete leaves nothing behind (memory; Redis, whose persistence is
   * the operator's). Optional, so a store wrapped for a test need not forward it.
   */
  compact?(): Promise<void>;
  /** Verifies the store answers (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A set member's own entry in a store without sets (addToSet). */
export const setMemberKey = (key: string, member: string): string => `${key}:${member}`;

export interface ClaimOptions {
  /**
   * false: resolve once the write is applied where every caller sees it, before it is on disk (the
   * file store's journal then writes it with the next group commit, a loop turn later). For a
   * short-lived dedupe mark on a latency-critical path, whose loss in a crash within that turn
   * only lets the same request through once more after the restart. Default true.
   */
  awaitDurable?: boolean;
}
