/**
 * Wires the relay the way the app runs it: Slack writes through a WebClient that never sleeps
 * through rate limits, the domain stores over the process's StateStore, the renderers of
 * src/slack/agent/cards. The composition root (src/composition/) and the crash-test worker call
 * this; the budget and the instance id are the process's own, built once by the caller.
 */
import type { WebClient } from '@slack/web-api';
import type { RelayConfig } from '../../../config/relay-config.js';
import type { Logger } from '../../../observability/logger.js';
import type { ResearchService } from '../../../service/types.js';
import { Leases } from '../../../store/leases.js';
import { RunStore } from '../../../store/run-store.js';
import type { StateStore } from '../../../store/state-store.js';
import { ThreadConversations } from '../../../store/thread-conversations.js';
import type { RateBudget } from '../../../slack-api/rate-budget.js';
import {
  createRelayRuntime,
  type RelayRuntime,
  type RelaySharedDeps,
  type RunWorkspaceSource,
} from '../../../agent/runtime/relay-runtime.js';
import type { SlackWriter } from '../../../agent/sinks/slack-writer.js';
import { runFigureChecker } from '../figures/check-run-figures.js';
import { createRunRenderer } from './create-run-renderer.js';
import { withChartFallback } from './chart-fallback-writer.js';
import { createWebClientWriter, createWriterFromClient } from './web-client-writer.js';

/**
 * One workspace: its service, and its bot token (or a ready writer, the playground's emulator
 * client). Many workspaces: each run's own service and Web API client (src/workspaces/).
 */
export type RelayWorkspaces =
  | { service: ResearchService; slack: { botToken: string; apiUrl?: string } | { writer: SlackWriter } }
  | { workspaceFor(teamId: string): Promise<{ service: ResearchService; client: WebClient }> };

export type BuildRelayRuntimeOptions = RelayWorkspaces & {
  config: RelayConfig;
  store: StateStore;
  logger: Logger;
  /**
   * Lease holder id. Stable per replica (src/store/default-instance-id.ts): a replica restarted
   * after a crash takes its runs back at once instead of waiting for their leases to expire.
   */
  instanceId: string;
  /** The process's one budget: the listeners' paced posts share its windows with the relay's writes. */
  budget: RateBudget;
  clock?: () => number;
  demo?: boolean;
  /** Hosts whose links in agent answers may keep a plain label (present-link.ts). */
  trustedLinkHosts?: readonly string[];
  /** How often to look for runs a dead replica left (default: every lease period). */
  resumeIntervalMs?: number;
  /** Wraps each relay phase of a run (tracing: a span per phase); absent, phases run bare. */
  wrapPhase?: RelaySharedDeps['wrapPhase'];
  /** Tuning a bench or test sets; what the app wires is named above. */
  overrides?: Partial<Pick<RelaySharedDeps, 'timers' | 'metrics' | 'native' | 'offsetSaveIntervalMs' | 'stallAfterMs' | 'checkFigures'>>;
};

export function buildRelayRuntime(options: BuildRelayRuntimeOptions): RelayRuntime {
  const clock = options.clock ?? Date.now;
  const { store, config } = options;
  return createRelayRuntime({
    ...workspaceSource(options),
    store: { runs: new RunStore(store, clock), leases: new Leases(store), threads: new ThreadConversations(store, clock) },
    clock,
    logger: options.logger,
    instanceId: options.instanceId,
    streaming: config.streaming,
    budget: options.budget,
    idleTimeoutMs: config.agentIdleTimeoutMs,
    leaseMs: config.runLeaseMs,
    rendererFor: createRunRenderer({
      clock,
      ...(options.demo ? { demo: true } : {}),
      ...(options.trustedLinkHosts ? { trustedLinkHosts: options.trustedLinkHosts } : {}),
      ...(config.showAgentUsage ? { showUsage: true } : {}),
    }),
    // Each run checks with its own workspace's service (RunDeps.service), never another's.
    ...(config.figureCheck !== false ? figureCheckDeps(options.logger) : {}),
    resumeIntervalMs: options.resumeIntervalMs ?? config.runLeaseMs,
    ...(options.wrapPhase ? { wrapPhase: options.wrapPhase } : {}),
    ...options.overrides,
  });
}

/** Every writer gets the chart fallback; with many workspaces, one writer per client, built once. */
function workspaceSource(options: BuildRelayRuntimeOptions): RunWorkspaceSource {
  const { logger } = options;
  if ('workspaceFor' in options) {
    const writers = new WeakMap<WebClient, SlackWriter>();
    const writerOf = (client: WebClient): SlackWriter => {
      let writer = writers.get(client);
      if (!writer) {
        writer = withChartFallback(createWriterFromClient(client), logger);
        writers.set(client, writer);
      }
      return writer;
    };
    return {
      workspaceFor: async (teamId: string) => {
        const { service, client } = await options.workspaceFor(teamId);
        return { service, slack: writerOf(client) };
      },
    };
  }
  const { slack } = options;
  const writer =
    'writer' in slack
      ? slack.writer
      : createWebClientWriter({ token: slack.botToken, logger, ...(slack.apiUrl ? { apiUrl: slack.apiUrl } : {}) });
  return { service: options.service, slack: withChartFallback(writer, logger) };
}

/** The figure check and its reading ahead, sharing what they read (FIGURE_CHECK=on). */
function figureCheckDeps(logger: Logger): Pick<RelaySharedDeps, 'checkFigures' | 'warmFigures'> {
  const checker = runFigureChecker({ logger });
  return { checkFigures: checker.check, warmFigures: checker.warm };
}
