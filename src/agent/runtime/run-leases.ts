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

export interface RunLeases {
  acquire(runId: string): Promise<boolean>;
  release(runId: string): Promise<boolean>;
  /** Renews the lease until cancelled; takes it back when nobody holds it, else reports it lost. */
  keep(runId: string, handlers: KeepLeaseHandlers): Timer;
}

export function createRunLeases(deps: {
  leases: Pick<Leases, 'acquire' | 'renew' | 'release'>;
  holderId: string;
  leaseMs: number;
  timers: Timers;
  logger: Logger;
}): RunLeases {
  const { leases, holderId, leaseMs } = deps;
  const acquire = (runId: string) => leases.acquire(leaseFor.run(runId), holderId, leaseMs);
  const release = (runId: string) => leases.release(leaseFor.run(runId), holderId);

  /** The lease was not ours at renewal: true when it is ours again (and what was lost restored). */
  const takeBack = async (runId: string, handlers: KeepLeaseHandlers): Promise<boolean> => {
    // Acquire is atomic (set-if-absent): it fails only while another replica holds the lease.
    if (!(await acquire(runId))) return false;
    deps.logger.warn('took back the lease of a run: nobody held it (the store may have lost it)', { runId });
    try {
      await handlers.onTakenBack();
    } catch (error) {
      deps.logger.error('could not restore a run taken back; retrying at the next renewal', { runId, error });
      await release(runId);
    }
    return true;
  };

  return {
    acquire,
    release,
    keep(runId, handlers) {
      let lost = false;
      // A renewal slowed by an outage must not overlap the next one (two take-backs at once).
      let renewing = false;
      const renew = async (): Promise<void> => {
        if (lost || (await leases.renew(leaseFor.run(runId), holderId, leaseMs))) return;
        if (await takeBack(runId, handlers)) return;
        lost = true;
        deps.logger.warn('lost the lease of a run; another replica relays it now', { runId });
        handlers.onLost();
      };
      // The callback returns its promise so a test driving the timers can await the renewal.
      return deps.timers.every(Math.max(250, Math.floor(leaseMs / 3)), () => {
        if (renewing) return undefined;
        renewing = true;
        return renew()
          .catch((error: unknown) => deps.logger.warn('could not renew a run lease', { runId, error }))
          .finally(() => {
            renewing = false;
          });
      });
    },
  };
}
