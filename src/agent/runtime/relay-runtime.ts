/**
 * The relay as the Slack listener layer sees it: start a run in a thread, resume runs a dead
 * process left behind, cancel, shut down. One runtime per process; leases in the store make
 * exactly one replica relay each run, and a replica that dies hands its runs over once its
 * leases expire.
 */
import type { RunRecord } from '../../store/records.js';
import { isActiveRunStatus } from '../../store/run-store.js';
import { leaseGuardedWriter } from '../sinks/lease-guarded-writer.js';
import { createRelayMetrics, type RelayMetricsSnapshot } from '../sinks/relay-metrics.js';
import type { RunDeps } from '../state/run-context.js';
import { newRunRecord } from './new-run-record.js';
import { relayRun, type RunHandle } from './relay-run.js';
import type { RelayRuntimeDeps } from './relay-runtime-deps.js';
import { type CancelRunResult, createRunCancels } from './run-cancels.js';
import type { RunOutcome } from './run-phase.js';
import { restoreLostRun } from './restore-lost-run.js';
import { runIdFor } from './run-id-for.js';
import { createRunLeases, type KeptLease } from './run-leases.js';
import { sharedRunDeps } from './shared-run-deps.js';
import type { StartRunRequest, StartRunResult } from './start-run-request.js';
import { systemTimers } from './timers.js';

// The runtime's entry point: its callers import these from here.
export type { RelayRuntimeDeps, RelaySharedDeps, RelayStores, RunWorkspace, RunWorkspaceSource } from './relay-runtime-deps.js';
export type { CancelRunResult } from './run-cancels.js';
export { runIdFor } from './run-id-for.js';
export type { StartRunRequest, StartRunResult } from './start-run-request.js';

export interface RelayRuntime {
  /** This process's instance id, the holder of its leases (exports take theirs under it too). */
  readonly instanceId: string;
  startRun(request: StartRunRequest): Promise<StartRunResult>;
  /** Takes over runs in progress whose lease expired. Returns the run ids taken. */
  resumeOrphanedRuns(): Promise<string[]>;
  cancelRun(runId: string, byUserId: string): Promise<CancelRunResult>;
  /** SIGTERM: stop relaying, save offsets, release leases (unless told not to, to simulate a crash). */
  shutdown(options?: { releaseLeases?: boolean }): Promise<void>;
  /** Resolves when this process stops relaying the run (undefined if it does not relay it). */
  waitForRun(runId: string): Promise<RunOutcome | undefined>;
  /** Run ids this process relays now. */
  activeRunIds(): string[];
  /**
   * The workspaces were uninstalled: their runs here stop relaying (no more Slack or service
   * calls) and their leases are released; their records are about to be deleted.
   */
  stopWorkspaceRuns(teamIds: readonly string[]): Promise<void>;
  /**
   * Calls `listener` each time a run this process relays ends (after its record is marked ended),
   * resumed runs included: its thread is free for the next question (start-queued-questions.ts).
   */
  onRunEnded(listener: (run: RunRecord) => void): void;
  getMetrics(): RelayMetricsSnapshot;
}

interface LocalRun {
  handle: RunHandle;
  lease: KeptLease;
  /** Resolves once the relay stopped and the runtime let go of the run (lease released if it ended). */
  settled: Promise<void>;
}

export function createRelayRuntime(deps: RelayRuntimeDeps): RelayRuntime {
  const clock = deps.clock ?? Date.now;
  const timers = deps.timers ?? systemTimers;
  const metrics = deps.metrics ?? createRelayMetrics();
  const log = deps.logger.child({ component: 'relay-runtime', instanceId: deps.instanceId });
  const runDeps = sharedRunDeps(deps, { clock, timers, metrics, log });
  const leases = createRunLeases({
    leases: deps.store.leases,
    holderId: deps.instanceId,
    leaseMs: deps.leaseMs,
    timers,
    logger: log,
    clock,
  });
  const local = new Map<string, LocalRun>();
  const runEndedListeners: Array<(run: RunRecord) => void> = [];
  const announceEnd = (run: RunRecord): void => {
    for (const listener of runEndedListeners) {
      try {
        listener(run);
      } catch (error) {
        log.error('a run-ended listener threw', { runId: run.runId, error });
      }
    }
  };
  // Run ids between the duplicate check and drive(): the same request twice in this process.
  const starting = new Set<string>();
  let shuttingDown = false;
  let resuming: Promise<string[]> | undefined;

  /** The deps of one run: its own workspace's service and Slack writer when there are many. */
  const depsFor = async (teamId: string): Promise<RunDeps> => ({
    ...runDeps,
    ...(deps.workspaceFor ? await deps.workspaceFor(teamId) : { service: deps.service, slack: deps.slack }),
  });

  const cancels = createRunCancels({
    runs: deps.store.runs,
    localRun: (runId) => local.get(runId)?.handle,
    serviceFor: async (teamId) => (await depsFor(teamId)).service,
    log,
  });

  const drive = (record: RunRecord, resumed: boolean, workspaceDeps: RunDeps): RunHandle => {
    // The lease first: every Slack write of the run confirms it (lease-guarded-writer.ts).
    let handle: RunHandle | undefined;
    const lease = leases.keep(record.runId, {
      onLost: () => {
        if (handle && local.get(record.runId)?.handle === handle) void handle.stop({ leaseLost: true });
      },
      onTakenBack: async () => {
        if (handle) await takeBack(handle);
      },
    });
    handle = relayRun(record, { ...workspaceDeps, slack: leaseGuardedWriter(workspaceDeps.slack, lease.confirm) }, { resumed });
    const settled = handle.done
      .then(
        async (outcome) => {
          if (!outcome.ended) return;
          try {
            await leases.release(record.runId);
          } finally {
            announceEnd(handle.record());
          }
        },
        (error: unknown) => log.error('run relay failed', { runId: record.runId, error }),
      )
      .catch((error: unknown) => log.warn('could not release a run lease', { runId: record.runId, error }))
      .finally(() => {
        lease.cancel();
        if (local.get(record.runId)?.handle === handle) local.delete(record.runId);
        cancels.forget(record.runId);
      });
    local.set(record.runId, { handle, lease, settled });
    return handle;
  };

  /** Takes over a run whose relay stopped, from its stored record, as after a crash. */
  const resumeRun = async (runId: string): Promise<boolean> => {
    if (local.has(runId) || shuttingDown) return false;
    if (!(await leases.acquire(runId))) return false;
    // Re-read under the lease: the previous holder may have written since the listing.
    const fresh = await deps.store.runs.get(runId);
    if (!fresh || !isActiveRunStatus(fresh.status)) {
      await leases.release(runId);
      return false;
    }
    let workspaceDeps: RunDeps;
    try {
      workspaceDeps = await depsFor(fresh.teamId);
    } catch (error) {
      // Its workspace was uninstalled or disconnected: nobody can relay it; its data goes with the workspace.
      log.warn('a run cannot resume: its workspace has no installation or service connection', { runId, error });
      await deps.store.runs.markEnded(runId, 'failed');
      await leases.release(runId);
      return false;
    }
    log.info('resuming a run whose relay stopped', { runId, offset: fresh.lastOffset });
    drive(fresh, true, workspaceDeps);
    return true;
  };

  /**
   * This relay's lease was taken back (nobody held it): restore what the store lost, or, when
   * another replica moved the run on meanwhile, stop and resume the run from its record.
   */
  const takeBack = async (handle: RunHandle): Promise<void> => {
    const verdict = await restoreLostRun(handle, { runs: deps.store.runs, threads: deps.store.threads, logger: log });
    const run = local.get(handle.runId);
    if (verdict === 'continue' || run?.handle !== handle) return;
    log.warn('another relay wrote this run while its lease was lapsed; resuming it from its record', { runId: handle.runId });
    await handle.stop({ leaseLost: true });
    await run.settled;
    if (!(await resumeRun(handle.runId))) await leases.release(handle.runId);
  };

  const resumeOrphanedRuns = async (): Promise<string[]> => {
    if (shuttingDown) return [];
    const taken: string[] = [];
    for (const record of await deps.store.runs.listActive()) {
      if (await resumeRun(record.runId)) taken.push(record.runId);
    }
    return taken;
  };

  const resumeTimer = deps.resumeIntervalMs
    ? timers.every(
        deps.resumeIntervalMs,
        () => {
          resuming ??= resumeOrphanedRuns()
            .catch((error: unknown) => {
              log.error('resuming orphaned runs failed', { error });
              return [];
            })
            .finally(() => {
              resuming = undefined;
            });
        },
        { background: true },
      )
    : undefined;

  const startFresh = async (request: StartRunRequest, runId: string): Promise<StartRunResult> => {
    // First: a workspace that cannot run (not connected) gets its typed error before anything is saved.
    const workspaceDeps = await depsFor(request.teamId);
    const existing = request.requestId ? await deps.store.runs.get(runId) : null;
    if (existing) {
      if (existing.status !== 'starting' && existing.status !== 'running') {
        return { runId, started: false, reason: 'already_finished' };
      }
      if (!local.has(runId) && (await leases.acquire(runId))) {
        drive(existing, true, workspaceDeps);
      }
      return { runId, started: false, reason: 'already_running' };
    }
    const record = newRunRecord(request, runId, clock(), deps.streaming);
    if (!(await leases.acquire(runId))) {
      return { runId, started: false, reason: 'already_running' };
    }
    // Saved before any external step: from here on a crash is recoverable by resumeOrphanedRuns.
    await deps.store.runs.save(record);
    drive(record, false, workspaceDeps);
    return { runId, started: true };
  };

  return {
    instanceId: deps.instanceId,
    async startRun(request) {
      if (shuttingDown) throw new Error('relay runtime is shutting down');
      const runId = runIdFor(request);
      if (starting.has(runId)) return { runId, started: false, reason: 'already_running' };
      starting.add(runId);
      try {
        return await startFresh(request, runId);
      } finally {
        starting.delete(runId);
      }
    },

    resumeOrphanedRuns,

    cancelRun: (runId, byUserId) => cancels.cancel(runId, byUserId),

    async shutdown(options = {}) {
      shuttingDown = true;
      resumeTimer?.cancel();
      // Never rejects: its failures are logged where it is started.
      await resuming;
      const runs = [...local.entries()];
      await Promise.all(
        runs.map(async ([runId, run]) => {
          run.lease.cancel();
          await run.handle.stop();
          if (options.releaseLeases !== false) {
            await leases.release(runId).catch((error: unknown) => log.warn('could not release a run lease at shutdown', { runId, error }));
          }
        }),
      );
      runDeps.scheduler.close();
    },

    async waitForRun(runId) {
      const run = local.get(runId);
      if (!run) return undefined;
      // A failed relay is logged by drive(); here it reads as "no outcome".
      const [settled] = await Promise.allSettled([run.handle.done]);
      return settled.status === 'fulfilled' ? settled.value : undefined;
    },
    activeRunIds: () => [...local.keys()],
    async stopWorkspaceRuns(teamIds) {
      const teams = new Set(teamIds);
      const runs = [...local.entries()].filter(([, run]) => teams.has(run.handle.record().teamId));
      await Promise.all(
        runs.map(async ([runId, run]) => {
          run.lease.cancel();
          await run.handle.stop();
          // Its relay is gone from this process (activeRunIds) before its workspace's data is deleted.
          await run.settled;
          await leases.release(runId).catch((error: unknown) => log.warn('could not release a run lease', { runId, error }));
          log.info('run stopped: its workspace was uninstalled', { runId });
        }),
      );
    },
    onRunEnded(listener) {
      runEndedListeners.push(listener);
    },
    getMetrics: () => metrics.snapshot(),
  };
}
