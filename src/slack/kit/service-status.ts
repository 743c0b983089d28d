import type { ResearchService, CallOptions } from '../../service/types.js';
import { isServiceError } from '../../service/errors/service-error.js';

export interface ServiceStatusSnapshot {
  reachable: boolean | undefined;
  lastLatencyMs?: number;
  lastCheckedAtMs?: number;
  lastError?: { kind: string; atMs: number };
}

export interface ServiceStatus {
  snapshot(): ServiceStatusSnapshot;
  /** A cheap read of the service (trending concepts without docs); records the outcome. */
  probe(opts?: CallOptions): Promise<void>;
}

/**
 * Tracks whether the research service answers, for App Home and /readyz. Only the error kind is
 * kept: a message could carry request details that do not belong on a Home tab.
 */
export function createServiceStatus(
  service: ResearchService,
  clock: () => number = Date.now,
  options: {
    /**
     * The probe carries no key (many workspaces, each with its own): the service refusing the
     * missing key is an answer, so it counts as reachable.
     */
    authErrorIsReachable?: boolean;
  } = {},
): ServiceStatus {
  let state: ServiceStatusSnapshot = { reachable: undefined };
  return {
    snapshot: () => ({ ...state }),
    async probe(opts) {
      const started = clock();
      const answered = (): void => {
        state = { ...state, reachable: true, lastLatencyMs: clock() - started, lastCheckedAtMs: clock() };
      };
      try {
        await service.latestConcepts({ ...opts, includeDocs: false });
        answered();
      } catch (error) {
        const kind = isServiceError(error) ? error.kind : 'unknown';
        if (kind === 'auth' && options.authErrorIsReachable) return answered();
        state = { reachable: false, lastLatencyMs: clock() - started, lastCheckedAtMs: clock(), lastError: { kind, atMs: clock() } };
        throw error;
      }
    },
  };
}
