/**
 * The run leases of one process: exactly one replica relays a run, and a replica that dies hands
 * its runs over once their leases expire. Renewals run on the injected timers, every third of the
 * lease, so a test can drive them (and expire a lease by releasing it) instead of waiting.
 *
 * A renewal that finds the lease no longer ours is checked before the run is given up: when nobody
 * holds it (Redis restarted empty, or the lease lapsed while this process stalled), no replica
 * relays the run, so it is taken back; only a lease another replica holds means a takeover.
 */
import type { Logger } from '../../observability/logger.js';
import { type Leases, leaseFor } from '../../store/leases.js';
import type { Timer, Timers } from './timers.js';

export interface KeepLeaseHandlers {
  /** Another replica holds the lease now: stop relaying. Called once. */
  onLost(): void;
  /**
   * Nobody held the lease and it is ours again: restore what the store may have lost with it.
   * A rejection gives the lease up again, so the next renewal retries the whole take-back.
   */
  onTakenBack(): Promise<void>;
}

/** A lease this process keeps renewing for one run. */
export interface KeptLease extends Timer {
  /**
   * Whether this process may still write for the run, asked right before each Slack write: true
   * at once while the last renewal leaves at least one renewal interval of the lease, else after
   * renewing it now. A process that stalled past its lease (a busy machine, a long GC) thereby
   * learns that another replica took the run over before it writes over that replica's messages,
   * instead of at its next timer tick. False only when another replica holds the lease; when the
   * store cannot answer, the relay goes on as its renewals do.
   * @see https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html (process pauses)
   */
  confirm(): Promise<boolean>;
}

export interface RunLeases {
  acquire(runId: string): Promise<boolean>;
  release(runId: string): Promise<boolean>;
  /** Renews the lease until cancelled; takes it back when nobody holds it, else reports it lost. */
  keep(runId: string, handlers: KeepLeaseHandlers): KeptLease;
}

export function createRunLeases(deps: {
  leases: Pick<Leases, 'acquire' | 'renew' | 'release'>;
  holderId: string;
  leaseMs: number;
  timers: Timers;
  logger: Logger;
  /** The clock renewals are timed by (the lease's own TTL runs in the store). */
  clock?: () => number;
}): RunLeases {
  const { leases, holderId, leaseMs } = deps;
  const clock = deps.clock ?? Date.now;
  const renewEveryMs = Math.max(250, Math.floor(leaseMs / 3));
  const acquire = (runId: string) => leases.acquire(leaseFor.run(runId), holderId, leaseMs);
  const release = (runId: string) => leases.release(leaseFor.run(runId), holderId);

  return {
    acquire,
    release,
    keep(runId, handlers) {
      let lost = false;
      // Until the first renewal the lease's end is not known here (it was acquired by the caller).
      let heldUntil = Number.NEGATIVE_INFINITY;
      // One look at the store at a time: the timer and the writes asking at once share it, so a
      // lease is never taken back twice at once.
      let checking: Promise<boolean> | undefined;
      let restoring: Promise<void> | undefined;

      /** Nobody held the lease and it is ours again: restore what was lost, or give it up again. */
      const restore = async (): Promise<void> => {
        try {
          await handlers.onTakenBack();
        } catch (error) {
          deps.logger.error('could not restore a run taken back; retrying at the next renewal', { runId, error });
          heldUntil = Number.NEGATIVE_INFINITY;
          await release(runId).catch((e: unknown) => deps.logger.warn('could not give up a run lease', { runId, error: e }));
        }
      };

      /** One look at the store: whether this process may go on writing (false once another replica holds the lease). */
      const checkOnce = async (): Promise<boolean> => {
        if (lost) return false;
        const startedAt = clock();
        try {
          if (await leases.renew(leaseFor.run(runId), holderId, leaseMs)) {
            heldUntil = startedAt + leaseMs;
            return true;
          }
          // Acquire is atomic (set-if-absent): it fails only while another replica holds the lease.
          if (await acquire(runId)) {
            heldUntil = startedAt + leaseMs;
            deps.logger.warn('took back the lease of a run: nobody held it (the store may have lost it)', { runId });
            // Not awaited by a write asking: restoring may stop this relay, which waits for that write.
            // (It never rejects, so the renewal timer may await it once it has settled, too.)
            restoring = restore();
            return true;
          }
        } catch (error) {
          // The store cannot answer: go on, as the renewals do.
          deps.logger.warn('could not renew a run lease', { runId, error });
          return true;
        }
        lost = true;
        deps.logger.warn('lost the lease of a run; another replica relays it now', { runId });
        handlers.onLost();
        return false;
      };
      const check = (): Promise<boolean> => {
        checking ??= checkOnce().finally(() => {
          checking = undefined;
        });
        return checking;
      };

      // The callback returns its promise so a test driving the timers can await the renewal.
      const timer = deps.timers.every(renewEveryMs, async () => {
        await check();
        await restoring;
      });
      return {
        cancel: () => timer.cancel(),
        async confirm() {
          if (!lost && clock() < heldUntil - renewEveryMs) return true;
          return check();
        },
      };
    },
  };
}
