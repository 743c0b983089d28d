/** What the relay runtime is built from (createRelayRuntime). */
import type { StreamingMode } from '../../config/relay-config.js';
import type { Logger } from '../../observability/logger.js';
import type { WrapPhase } from '../../observability/tracing/wrap-phase.js';
import type { ResearchService } from '../../service/types.js';
import type { Leases } from '../../store/leases.js';
import type { RunStore } from '../../store/run-store.js';
import type { ThreadConversations } from '../../store/thread-conversations.js';
import type { RateBudget } from '../../slack-api/rate-budget.js';
import type { NativeStreamOptions } from '../sinks/native-stream-sink.js';
import type { RelayMetrics } from '../sinks/relay-metrics.js';
import type { SlackWriter } from '../sinks/slack-writer.js';
import type { RunDeps } from '../state/run-context.js';
import type { Timers } from './timers.js';

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
  /**
   * Checks a completed report's figures against the statements of the run's own workspace service
   * (src/slack/agent/figures/check-run-figures.ts); absent: no check (FIGURE_CHECK=off).
   */
  checkFigures?: RunDeps['checkFigures'];
  /** Reads ahead for the figure check while a run goes on (with checkFigures, from the same checker). */
  warmFigures?: RunDeps['warmFigures'];
  /** Binds the renderers to a run, once it knows its conversation (src/slack/agent/relay/create-run-renderer.ts). */
  rendererFor: RunDeps['rendererFor'];
  metrics?: RelayMetrics;
  native?: Partial<NativeStreamOptions>;
  offsetSaveIntervalMs?: number;
  /** A pending update older than this is logged and counted as a stall. */
  stallAfterMs?: number;
  /** When set, resumeOrphanedRuns also runs on this interval. */
  resumeIntervalMs?: number;
  /** Wraps each relay phase of every run (tracing: a span per phase); absent, phases run bare. */
  wrapPhase?: WrapPhase;
}
