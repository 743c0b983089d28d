/**
 * The run leases of one process: exactly one replica relays a run, and a replica that dies hands
 * its runs over once their leases expire. Renewals run on the injected timers, every third of the
 * lease, so a test can drive them (and expire a lease by releasing it) instead of waiting.
 */
import type { Logger } from '../../observability/logger.js';
import { type Leases, leaseFor } from '../../store/leases.js';
import type { Timer, Timers } from './timers.js';

export interface RunLeases {
  acquire(runId: string): Promise<boolean>;
  release(runId: string): Promise<boolean>;
  /** Renews the lease until cancelled; calls `onLost` once another replica holds it. */
  keep(runId: string, onLost: () => void): Timer;
}

export function createRunLeases(deps: {
  leases: Pick<Leases, 'acquire' | 'renew' | 'release'>;
  holderId: string;
  leaseMs: number;
  timers: Timers;
  logger: Logger;
}): RunLeases {
  const { leases, holderId, leaseMs } = deps;
  return {
    acquire: (runId) => leases.acquire(leaseFor.run(runId), holderId, leaseMs),
    release: (runId) => leases.release(leaseFor.run(runId), holderId),
    keep(runId, onLost) {
      let lost = false;
      // The callback returns its promise so a test driving the timers can await the renewal.
      return deps.timers.every(Math.max(250, Math.floor(leaseMs / 3)), () =>
        leases.renew(leaseFor.run(runId), holderId, leaseMs).then(
          (mine) => {
            if (mine || lost) return;
            lost = true;
            deps.logger.warn('lost the lease of a run; another replica relays it now', { runId });
            onLost();
          },
          (error: unknown) => deps.logger.warn('could not renew a run lease', { runId, error }),
        ),
      );
    },
  };
}
