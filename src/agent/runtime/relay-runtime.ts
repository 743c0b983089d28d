/**
 * The relay as the Slack listener layer sees it: start a run in a thread, resume runs a dead
 * process left behind, cancel, shut down. One runtime per process; leases in the store make
 * exactly one replica relay each run, and a replica that dies hands its runs over once its
 * leases expire.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { StreamingMode } from '../../config/relay-config.js';
import type { Logger } from '../../observability/logger.js';
import { isServiceError } from '../../service/errors/service-error.js';
import type { ResearchService } from '../../service/types.js';
import type { Leases } from '../../store/leases.js';
import type { RunRecord } from '../../store/records.js';
import { isActiveRunStatus, type RunStore } from '../../store/run-store.js';
import type { ThreadConversations } from '../../store/thread-conversations.js';
import type { RateBudget } from '../../slack-api/rate-budget.js';
import { chooseDeliveryPath } from '../sinks/choose-delivery-path.js';
import { leaseGuardedWriter } from '../sinks/lease-guarded-writer.js';
import { DEFAULT_NATIVE_STREAM_OPTIONS, type NativeStreamOptions } from '../sinks/native-stream-sink.js';
import { createRelayMetrics, type RelayMetrics, type RelayMetricsSnapshot } from '../sinks/relay-metrics.js';
import type { SlackWriter } from '../sinks/slack-writer.js';
import { createUpdateScheduler, type UpdateScheduler } from '../sinks/update-scheduler.js';
import type { RunDeps } from '../state/run-context.js';
import { relayRun, type RunHandle } from './relay-run.js';
import type { RunOutcome } from './run-phase.js';
import { restoreLostRun } from './restore-lost-run.js';
import { createRunLeases, type KeptLease } from './run-leases.js';
import { systemTimers, type Timers } from './timers.js';

export interface RelayStores {
  runs: Pick<RunStore, 'save' | 'saveProgress' | 'markEnded' | 'get' | 'listActive'>;
  leases: Pick<Leases, 'acquire' | 'renew' | 'release'>;
  threads: Pick<ThreadConversations, 'get' | 'save'>;
}

/** One workspace's service and Slack writer: what a run of that workspace uses. */
export interface RunWorkspace {
  service: ResearchService;
  slack: SlackWriter;
}

/**
 * Where runs get their service and Slack writer: the one workspace's, or each run's own. Exactly
 * one of the two, so a deployment of many workspaces needs no stand-in writer it never uses.
 */
export type RunWorkspaceSource =
  | (RunWorkspace & { workspaceFor?: never })
  | {
      /**
       * Many workspaces: each run uses its own workspace's service and bot token. Throws (typed, from
       * src/workspaces/) when the workspace is not connected or no longer installed.
       */
      workspaceFor(teamId: string): Promise<RunWorkspace>;
      service?: never;
      slack?: never;
    };

export type RelayRuntimeDeps = RunWorkspaceSource & RelaySharedDeps;

/** What every run of the process shares, whichever workspace it belongs to. */
export interface RelaySharedDeps {
  store: RelayStores;
  clock?: () => number;
  /** Lease renewals, the resume interval, silence timeouts, write pacing (default: Node's timers). */
  timers?: Timers;
  logger: Logger;
  /** Lease holder id of this process (unique per replica and start). */
  instanceId: string;
  streaming: StreamingMode;
  budget: RateBudget;
  /** A run silent this long ends with a clear message. */
  idleTimeoutMs: number;
  leaseMs: number;
  /** Binds the renderers to a run, once it knows its conversation (src/slack/agent/relay/create-run-renderer.ts). */
  rendererFor: RunDeps['rendererFor'];
  metrics?: RelayMetrics;
  native?: Partial<NativeStreamOptions>;
  offsetSaveIntervalMs?: number;
  /** A pending update older than this is logged and counted as a stall. */
  stallAfterMs?: number;
  /** When set, resumeOrphanedRuns also runs on this interval. */
  resumeIntervalMs?: number;
}

export interface StartRunRequest {
  teamId: string;
  channelId: string;
  /** The thread the run lives in (the asker's message ts for a new thread). */
  threadTs: string;
  askerUserId: string;
  question: string;
  documents?: Array<{ docId: string; docTitle: string }>;
  /** A reply the listener already posted in the thread, to update instead of posting one. */
  replyTs?: string;
  /**
   * What triggered the run (Slack event id or message ts). Runs with the same request id are the
   * same run: a redelivered event resumes it instead of starting a second one.
   */
  requestId?: string;
}

export type StartRunResult = { runId: string; started: boolean; reason?: 'already_running' | 'already_finished' };

export type CancelRunResult =
  | { ok: true; status: string }
  | { ok: false; reason: 'not_found' | 'already_finished' | 'not_started' | 'service_error'; message: string };

export interface RelayRuntime {
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

/**
 * A run's id starts with its workspace's team id (`T123-r-…`): its keys then fall under that
 * workspace's prefixes (src/store/keys.ts), which is what uninstalling deletes.
 */
export function runIdFor(request: Pick<StartRunRequest, 'teamId' | 'channelId' | 'requestId'>): string {
  if (!request.requestId) return `${request.teamId}-${randomUUID()}`;
  const digest = createHash('sha256').update(`${request.teamId}|${request.channelId}|${request.requestId}`).digest('hex');
  return `${request.teamId}-r-${digest.slice(0, 24)}`;
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
  const scheduler: UpdateScheduler = createUpdateScheduler({
    budget: deps.budget,
    metrics,
    logger: log,
    clock,
    timers,
    ...(deps.stallAfterMs !== undefined ? { stallAfterMs: deps.stallAfterMs } : {}),
  });
  const leases = createRunLeases({
    leases: deps.store.leases,
    holderId: deps.instanceId,
    leaseMs: deps.leaseMs,
    timers,
    logger: log,
    clock,
  });
  const runDeps: Omit<RunDeps, keyof RunWorkspace> = {
    scheduler,
    runs: deps.store.runs,
    threads: deps.store.threads,
    metrics,
    logger: deps.logger.child({ instanceId: deps.instanceId }),
    clock,
    timers,
    streaming: deps.streaming,
    idleTimeoutMs: deps.idleTimeoutMs,
    offsetSaveIntervalMs: deps.offsetSaveIntervalMs ?? 2000,
    native: { ...DEFAULT_NATIVE_STREAM_OPTIONS, ...deps.native },
    rendererFor: deps.rendererFor,
  };
  const local = new Map<string, LocalRun>();
  /**
   * Cancels asked of the service by this process, by run id: a second Cancel or Stop (two clicks,
   * the Cancel button and the native Stop) gets the first one's answer instead of a second request.
   * A failed request is forgotten so that it may be tried again.
   */
  const cancels = new Map<string, Promise<CancelRunResult>>();
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
        cancels.delete(record.runId);
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
    const now = clock();
    const record: RunRecord = {
      runId,
      teamId: request.teamId,
      channelId: request.channelId,
      threadTs: request.threadTs,
      replyTs: request.replyTs ? [request.replyTs] : [],
      conversationId: '',
      assistantMessageId: '',
      lastOffset: -1,
      status: 'starting',
      askerUserId: request.askerUserId,
      question: request.question,
      startedAtMs: now,
      updatedAtMs: now,
      delivery: chooseDeliveryPath(deps.streaming, request.channelId),
      ...(request.documents && request.documents.length > 0 ? { documents: request.documents } : {}),
    };
    if (!(await leases.acquire(runId))) {
      return { runId, started: false, reason: 'already_running' };
    }
    // Saved before any external step: from here on a crash is recoverable by resumeOrphanedRuns.
    await deps.store.runs.save(record);
    drive(record, false, workspaceDeps);
    return { runId, started: true };
  };

  async function cancelOnce(runId: string, byUserId: string): Promise<CancelRunResult> {
    const record = local.get(runId)?.handle.record() ?? (await deps.store.runs.get(runId));
    if (!record) return { ok: false, reason: 'not_found', message: 'That run is no longer known.' };
    if (record.status !== 'starting' && record.status !== 'running') {
      return { ok: false, reason: 'already_finished', message: 'That run has already finished.' };
    }
    if (!record.assistantMessageId) {
      return { ok: false, reason: 'not_started', message: 'The run is still starting; try again in a moment.' };
    }
    const here = local.get(runId);
    if (here) here.handle.noteCancel(byUserId);
    else {
      // Another replica relays it: it reads who cancelled from the record when the run ends.
      const stored = await deps.store.runs.get(runId);
      if (stored && (stored.status === 'starting' || stored.status === 'running')) {
        await deps.store.runs.save({ ...stored, cancelledBy: byUserId });
      }
    }
    try {
      const { service } = await depsFor(record.teamId);
      const result = await service.cancelRun(record.conversationId, record.assistantMessageId, { correlationId: runId });
      log.info('run cancel requested', { runId, byUserId, status: result.status });
      return { ok: true, status: result.status };
    } catch (error) {
      // An unknown conversation or message is a 400 "Invalid conversation_id" there: not found.
      if (isServiceError(error) && error.kind === 'not_found') {
        log.info('the service no longer knows the run to cancel', { runId });
        return { ok: false, reason: 'not_found', message: 'The research service no longer knows this run, so it can’t be cancelled.' };
      }
      log.warn('the service refused to cancel a run', { runId, error });
      return { ok: false, reason: 'service_error', message: 'The research service could not cancel the run.' };
    }
  }

  return {
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

    cancelRun(runId, byUserId) {
      const earlier = cancels.get(runId);
      const status = local.get(runId)?.handle.record().status;
      // Once the run has ended here, a late click gets "already finished" like any other.
      if (earlier && (status === undefined || status === 'starting' || status === 'running')) return earlier;
      const request = cancelOnce(runId, byUserId);
      cancels.set(runId, request);
      void request.then((result) => {
        if (!result.ok) cancels.delete(runId);
      });
      return request;
    },
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
      scheduler.close();
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
