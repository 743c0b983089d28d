/**
 * A channel's digest lock: the lease a replica holds while it works on that channel's due slot,
 * so two replicas never post for one channel at once. Named here, so the scheduler never spells
 * a lease name or key (keys.ts stays the only place that does).
 */
import { leaseNames } from './keys.js';
import type { Leases } from './leases.js';

export class DigestLocks {
  constructor(private readonly leases: Leases) {}

  /** Takes the channel's lock when free (the current holder re-acquiring it renews it). */
  acquire(teamId: string, channelId: string, holderId: string, ttlMs: number): Promise<boolean> {
    return this.leases.acquire(leaseNames.digest(teamId, channelId), holderId, ttlMs);
  }

  /** Extends our lock; false when it is no longer ours (expired, or taken over). */
  renew(teamId: string, channelId: string, holderId: string, ttlMs: number): Promise<boolean> {
    return this.leases.renew(leaseNames.digest(teamId, channelId), holderId, ttlMs);
  }

  /** Gives our lock up; false when it was not ours to release. */
  release(teamId: string, channelId: string, holderId: string): Promise<boolean> {
    return this.leases.release(leaseNames.digest(teamId, channelId), holderId);
  }

  holder(teamId: string, channelId: string): Promise<string | null> {
    return this.leases.holder(leaseNames.digest(teamId, channelId));
  }
}
