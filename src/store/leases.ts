/**
 * Named leases (run relay, digest lock): the holder id is the value, so only the holder can
 * renew or release (compare-and-set), and a lease whose holder died expires with its TTL.
 */
import { keys, leaseNames } from './keys.js';

/** Lease names by what they guard (the store owns every name it keeps). */
export const leaseFor = {
  run: leaseNames.run,
} as const;
import type { StateStore } from './state-store.js';

export class Leases {
  constructor(private readonly store: StateStore) {}

  /** Takes the lease when free; the current holder re-acquiring it renews it. */
  async acquire(name: string, holderId: string, ttlMs: number): Promise<boolean> {
    const key = keys.lease(name);
    if (await this.store.setIfAbsent(key, holderId, ttlMs)) return true;
    return this.store.replaceIfEquals(key, holderId, holderId, ttlMs);
  }

  /** Extends the lease; false when it is no longer ours (expired, or taken over). */
  async renew(name: string, holderId: string, ttlMs: number): Promise<boolean> {
    return this.store.replaceIfEquals(keys.lease(name), holderId, holderId, ttlMs);
  }

  /** Gives the lease up; false when it was not ours to release. */
  async release(name: string, holderId: string): Promise<boolean> {
    return this.store.deleteIfEquals(keys.lease(name), holderId);
  }

  async holder(name: string): Promise<string | null> {
    return this.store.get(keys.lease(name));
  }
}
