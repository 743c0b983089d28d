/**
 * A thread's start claim: held by the run being started in a thread until the relay has written
 * its record (which then keeps the thread busy), so two questions arriving at the same moment in
 * an idle thread cannot both start a run in it. Named here, so listeners never spell a lease name.
 */
import { leaseNames } from './keys.js';
import type { Leases } from './leases.js';
import type { ThreadRef } from './thread-question-queue.js';

/** Long enough for the relay to write a run's first record; a claim a crash leaves behind expires. */
export const THREAD_START_CLAIM_MS = 30_000;

export class ThreadStartClaims {
  constructor(private readonly leases: Leases) {}

  /** True when `runId` now holds the thread's claim (a repeat of the same run renews it). */
  claim(thread: ThreadRef, runId: string): Promise<boolean> {
    return this.leases.acquire(this.name(thread), runId, THREAD_START_CLAIM_MS);
  }

  holder(thread: ThreadRef): Promise<string | null> {
    return this.leases.holder(this.name(thread));
  }

  release(thread: ThreadRef, runId: string): Promise<boolean> {
    return this.leases.release(this.name(thread), runId);
  }

  private name(thread: ThreadRef): string {
    return leaseNames.threadStart(thread.teamId, thread.channelId, thread.threadTs);
  }
}
