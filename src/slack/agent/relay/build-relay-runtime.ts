/**
 * Wires the relay the way the app runs it: Slack writes through a WebClient that never sleeps
 * through rate limits, the budget and domain stores over the process's StateStore, the renderers
 * of src/slack/blocks/agent. main.ts (and the crash-test worker) call this; nothing else is needed.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Config } from '../../../config.js';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { ResearchService } from '../../../service/types.js';
import { Leases } from '../../../store/leases.js';
import { RunStore } from '../../../store/run-store.js';
import type { StateStore } from '../../../store/state-store.js';
import { ThreadConversations } from '../../../store/thread-conversations.js';
import { createRunRenderer } from './create-run-renderer.js';
import { createRateBudget } from '../../../slack-api/rate-budget.js';
import { createRelayRuntime, type RelayRuntime, type RelayRuntimeDeps } from '../../../agent/runtime/relay-runtime.js';
import type { SlackWriter } from '../../../agent/sinks/slack-writer.js';
import { withChartFallback } from './chart-fallback-writer.js';
import { createWebClientWriter, createWriterFromClient } from './web-client-writer.js';

export interface BuildRelayRuntimeOptions {
  config: Pick<Config, 'streaming' | 'agentIdleTimeoutMs' | 'runLeaseMs'>;
  /** Bot token and Web API base URL; or a ready SlackWriter (the playground's emulator client). */
  slack: { botToken: string; apiUrl?: string } | { writer: SlackWriter } | 'per-workspace';
  service: ResearchService;
  /**
   * Many workspaces: each run's own service and Web API client (src/workspaces/). The writer over
   * each client is built once per client and gets the chart fallback like the single one.
   */
  workspaceFor?(teamId: string): Promise<{ service: ResearchService; client: WebClient }>;
  store: StateStore;
  logger: Logger;
  /**
   * Lease holder id. Stable per replica (config INSTANCE_ID, e.g. the pod name): a replica restarted
   * after a crash takes its runs back at once instead of waiting for their leases to expire.
   */
  instanceId?: string;
  clock?: () => number;
  demo?: boolean;
  /** Hosts whose links in agent answers may keep a plain label (present-link.ts). */
  trustedLinkHosts?: readonly string[];
  /** How often to look for runs a dead replica left (default: every lease period). */
  resumeIntervalMs?: number;
  overrides?: Partial<RelayRuntimeDeps>;
}

/**
 * Unique per process start: two replicas on one host (or two test instances) must never share a
 * lease holder id. A stable id comes from config (INSTANCE_ID) when the deployment has one.
 */
export function defaultInstanceId(): string {
  return `${os.hostname()}-${randomUUID().slice(0, 8)}`;
}

export function buildRelayRuntime(options: BuildRelayRuntimeOptions): RelayRuntime {
  const clock = options.clock ?? Date.now;
  const { store } = options;
  const slack =
    options.slack === 'per-workspace'
      ? noDefaultWriter()
      : withChartFallback(
          'writer' in options.slack
            ? options.slack.writer
            : createWebClientWriter({
                token: options.slack.botToken,
                logger: options.logger,
                ...(options.slack.apiUrl ? { apiUrl: options.slack.apiUrl } : {}),
              }),
          options.logger,
        );
  const workspaceFor = options.workspaceFor;
  const writers = new WeakMap<WebClient, SlackWriter>();
  const writerOf = (client: WebClient): SlackWriter => {
    let writer = writers.get(client);
    if (!writer) {
      writer = withChartFallback(createWriterFromClient(client), options.logger);
      writers.set(client, writer);
    }
    return writer;
  };
  return createRelayRuntime({
    service: options.service,
    slack,
    ...(workspaceFor
      ? {
          workspaceFor: async (teamId: string) => {
            const { service, client } = await workspaceFor(teamId);
            return { service, slack: writerOf(client) };
          },
        }
      : {}),
    store: { runs: new RunStore(store, clock), leases: new Leases(store), threads: new ThreadConversations(store, clock) },
    clock,
    logger: options.logger,
    instanceId: options.instanceId ?? defaultInstanceId(),
    streaming: options.config.streaming,
    budget: createRateBudget({ store, clock }),
    idleTimeoutMs: options.config.agentIdleTimeoutMs,
    leaseMs: options.config.runLeaseMs,
    rendererFor: createRunRenderer({
      clock,
      ...(options.demo ? { demo: true } : {}),
      ...(options.trustedLinkHosts ? { trustedLinkHosts: options.trustedLinkHosts } : {}),
    }),
    resumeIntervalMs: options.resumeIntervalMs ?? options.config.runLeaseMs,
    ...options.overrides,
  });
}

/**
 * With many workspaces every run writes with its own workspace's writer (`workspaceFor`); the
 * runtime's default writer is then never the right one, so any use of it fails loudly.
 */
function noDefaultWriter(): SlackWriter {
  return new Proxy({} as SlackWriter, {
    get: () => () => Promise.reject(new Error('a run wrote without its workspace’s Slack writer')),
  });
}
