/**
 * Assembles Research Desk from its parts (src/composition/): the workspaces, the agent relay, the
 * listeners and the Bolt app, the schedules. Everything it talks to is passed in (service client,
 * state store, Slack connection, clock), so main.ts wires real services and tests wire the emulators.
 */
import type { DocumentAddOptions } from './slack/kit/listener-deps.js';
import os from 'node:os';
import type { RelayRuntime } from './agent/runtime/relay-runtime.js';
import { systemTimers, type Timers } from './agent/runtime/timers.js';
import { buildDeskApp } from './composition/build-desk-app.js';
import { buildDeskRelay } from './composition/build-desk-relay.js';
import { buildListenerDeps, type DeferredStartOptions } from './composition/build-listener-deps.js';
import { buildSchedules } from './composition/build-schedules.js';
import { buildSlackClients } from './composition/build-slack-clients.js';
import { buildWorkspaces } from './composition/build-workspaces.js';
import type { DeskConnection, MultiWorkspaceSettings } from './composition/desk-connection.js';
import { startBackgroundWork } from './composition/start-background-work.js';
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { StreamingMode } from './config/relay-config.js';
import { type CallObserver, combineCallObservers } from './observability/call-observer.js';
import type { Logger } from './observability/logger.js';
import { createDeskMetrics, type DeskMetrics } from './observability/metrics/desk-metrics.js';
import type { WrapPhase } from './observability/tracing/wrap-phase.js';
import type { DrainState } from './slack/app/drain-state.js';
import { startDeskMetrics } from './composition/start-desk-metrics.js';
import type { DigestRetryPolicy, DigestScheduler } from './schedules/digest-scheduler.js';
import type { TickTimer } from './schedules/tick-timer.js';
import type { WatchPoller } from './schedules/watch-poller.js';
import type { ResearchService } from './service/types.js';
import type { DeferredWorkQueue } from './slack/kit/deferred-work-queue.js';
import { defaultDistribution, type AppDistribution } from './slack-api/app-distribution.js';
import { createRateBudget } from './slack-api/rate-budget.js';
import { createAppStores, type AppStores } from './store/app-stores.js';
import { randomInstanceId } from './store/default-instance-id.js';
import { createSecretBox } from './secrets/secret-box.js';
import type { StateStore } from './store/state-store.js';
import type { Workspaces } from './workspaces/workspaces.js';

export interface ResearchDeskOptions {
  connection: DeskConnection;
  /** With OAuth installs: keys sealing stored tokens and service keys (newest first), and the service accounts. */
  multiWorkspace?: MultiWorkspaceSettings;
  /** Sets the rate tier of history and replies; default internal with a bot token, non-marketplace with OAuth. */
  distribution?: AppDistribution | undefined;
  port: number;
  host?: string;
  /** The metrics server's port (METRICS_PORT), on `host`; unset: no metrics server, and no metrics unless `metrics` is given. */
  metricsPort?: number;
  /**
   * The desk's Prometheus metrics; made here when only `metricsPort` is set. main.ts makes them
   * before the service client, whose calls they count through `serviceClientFactory`.
   */
  metrics?: DeskMetrics;
  service: ResearchService;
  /** The service's base URL, shown on App Home (default: "embedded demo" for the demo, else "configured"). */
  serviceBaseUrl?: string;
  /** The workspace directory; by default the single team of `service` and the bot token (tests pass their own). */
  workspaces?: Workspaces;
  store: StateStore;
  logger: Logger;
  clock?: () => number;
  streaming: StreamingMode;
  documentUrlDomains: string[];
  /** Hosts whose links in agent answers keep a plain label; default the document domains. */
  trustedLinkHosts?: string[];
  agentIdleTimeoutMs: number;
  /** Token usage under agent answers (AGENT_USAGE_FOOTER=on); off by default. */
  showAgentUsage?: boolean;
  /** Figures of completed answers checked against the statements (FIGURE_CHECK); on by default. */
  figureCheck?: boolean;
  /** Adding files to research folders: size limit, processing deadline, poll timers (issue 31; defaults in build-listener-deps.ts). */
  documentAdds?: DocumentAddOptions;
  runLeaseMs: number;
  digestGraceMs: number;
  /** The service is the embedded demo emulator. */
  demo: boolean;
  /** Lease holder id: main.ts passes the replica's stable one (resolve-instance-id.ts); else random per start. */
  instanceId?: string;
  /** How often the digest scheduler looks for due slots. */
  digestTickMs?: number;
  /** Retries of a digest post that failed (DEFAULT_DIGEST_RETRY: about half a minute in all). */
  digestRetry?: DigestRetryPolicy;
  /** Bounds and backoff of runs waiting out an outage (DEFERRED_START_DEFAULTS). */
  deferredStarts?: DeferredStartOptions;
  /** How often to look for queued questions whose thread's run ended in a process that died (default: runLeaseMs). */
  queuedQuestionSweepMs?: number;
  /** The sweep's timer (default: Node's timers). */
  timers?: Timers;
  /** How often each watch is polled (default 5 minutes). */
  watchPollMs?: number;
  /** Service calls the watch poller may make per minute, shared by every replica (default 30). */
  watchCallsPerMinute?: number;
  /** Retries of a watch alert post (default as digests). */
  watchRetry?: DigestRetryPolicy;
  /** The watch poller's timer between polls (real time by default; tests drive ticks themselves). */
  watchTimer?: TickTimer;
  /**
   * Told of every Slack Web API call and response_url post of the desk's clients and Bolt's
   * (src/observability/call-observer.ts). The service's calls are observed by the service client
   * itself: pass the same observers to serviceClientFactory (src/composition/service-client-factory.ts).
   */
  callObservers?: readonly CallObserver[];
  /** Bolt global middleware, registered with app.use before every listener (e.g. a span per Slack request). */
  slackMiddleware?: readonly Middleware<AnyMiddlewareArgs>[];
  /** Wraps each relay phase of an agent run (tracing: a span per phase); absent, phases run bare. */
  wrapPhase?: WrapPhase;
  /** Begun by the signal handler (close-on-signals.ts): /readyz answers 503 `draining` from then on. */
  drain?: DrainState;
}

export interface ResearchDesk {
  port: number;
  relay: RelayRuntime;
  stores: AppStores;
  digests: DigestScheduler;
  /** Watchlist polling and alerts. */
  watches: WatchPoller;
  /** Each workspace's Slack client and service. */
  workspaces: Workspaces;
  /** Agent runs waiting out an outage to start. */
  deferredStarts: DeferredWorkQueue;
  /** The metrics (a metrics port or `metrics` given) and the metrics server's port (a metrics port given). */
  metrics?: DeskMetrics;
  metricsPort?: number;
  /** Stops listening, saves offsets and (unless told not to) releases leases. */
  stop(options?: { releaseLeases?: boolean }): Promise<void>;
}

export async function startResearchDesk(options: ResearchDeskOptions): Promise<ResearchDesk> {
  const { logger, store, demo } = options;
  const clock = options.clock ?? Date.now;
  // One lease holder id and one Slack rate budget for the process: the relay, the schedules and the
  // listeners share them (the budget's windows, through the store, with every replica too).
  const instanceId = options.instanceId ?? randomInstanceId(os.hostname());
  const distribution = options.distribution ?? defaultDistribution('oauth' in options.connection);
  const budget = createRateBudget({ store, clock, distribution });
  // Credentials kept in the store (a workflow step's token) are sealed with the deployment's keys, when it has them.
  const stores = createAppStores(store, clock, options.multiWorkspace && createSecretBox(options.multiWorkspace.encryptionKeys));

  const metrics = options.metrics ?? (options.metricsPort !== undefined ? createDeskMetrics() : undefined);
  // No observer, no layer (combineCallObservers gives undefined).
  const observers = [...(metrics ? [metrics.callObserver] : []), ...(options.callObservers ?? [])];
  const callObserver = combineCallObservers(observers);
  const { tables, clientFor } = buildSlackClients({ apiUrl: options.connection.apiUrl, logger, distribution, callObserver });
  const { workspaces, installer, onForget, close: closeWorkspaces } = buildWorkspaces({ ...options, clock, clientFor });

  const trustedLinkHosts = options.trustedLinkHosts ?? options.documentUrlDomains;
  const relay = buildDeskRelay({
    config: {
      streaming: options.streaming,
      agentIdleTimeoutMs: options.agentIdleTimeoutMs,
      runLeaseMs: options.runLeaseMs,
      showAgentUsage: options.showAgentUsage ?? false,
      figureCheck: options.figureCheck ?? true,
    },
    workspaces,
    store,
    logger,
    instanceId,
    budget,
    clock,
    demo,
    trustedLinkHosts,
    onStaleness: metrics?.recordStaleness,
    wrapPhase: options.wrapPhase,
  });

  const listeners = buildListenerDeps({
    workspaces,
    stores,
    relay,
    budget,
    logger,
    clock,
    demo,
    trustedLinkHosts,
    showAgentUsage: options.showAgentUsage ?? false,
    figureCheck: options.figureCheck ?? true,
    documentUrlDomains: options.documentUrlDomains,
    service: options.service,
    multiWorkspace: options.multiWorkspace !== undefined,
    deferredStarts: options.deferredStarts,
    documentAdds: options.documentAdds,
    onQuestionQueued: metrics?.questionQueued,
  });
  const slackApp = buildDeskApp({
    connection: options.connection,
    installer,
    port: options.port,
    host: options.host,
    logger,
    store,
    stores,
    listeners,
    tables,
    callObserver,
    slackMiddleware: options.slackMiddleware,
    commandTiming: metrics?.commands,
    drain: options.drain,
  });
  const schedules = buildSchedules({
    ...options,
    stores,
    workspaces,
    deps: listeners.deps,
    clock,
    instanceId,
    posted: metrics && { digest: metrics.digestPosted, alert: metrics.alertPosted },
  });

  const { port } = await slackApp.start();
  const metricsServer =
    metrics &&
    (await startDeskMetrics({
      metrics,
      relay,
      deferredStarts: listeners.deferredStarts,
      stores,
      port: options.metricsPort,
      host: options.host ?? '0.0.0.0',
      logger,
    }).catch(async (error: unknown) => {
      await slackApp.stop();
      throw error;
    }));
  logger.info('research desk started', { port, slack: options.connection.mode, instanceId, demo });
  const background = startBackgroundWork({
    relay,
    schedules,
    deps: listeners.deps,
    logger,
    timers: options.timers ?? systemTimers,
    questionSweepMs: options.queuedQuestionSweepMs ?? options.runLeaseMs,
  });
  // An uninstalled workspace's runs stop before its data is deleted (multi-workspaces.ts).
  onForget?.((teamIds) => relay.stopWorkspaceRuns(teamIds));

  let stopped = false;
  return {
    port,
    relay,
    stores,
    workspaces,
    digests: schedules.digests,
    watches: schedules.watches,
    deferredStarts: listeners.deferredStarts,
    ...(metrics ? { metrics } : {}),
    ...(metricsServer ? { metricsPort: metricsServer.port } : {}),
    async stop(stopOptions) {
      if (stopped) return;
      stopped = true;
      await background.stop();
      // Before the relay stops: waiting askers are told (while Slack is still reachable) to ask again.
      await listeners.deferredStarts.close();
      await relay.shutdown({ releaseLeases: stopOptions?.releaseLeases ?? true });
      await slackApp.stop().catch((error: unknown) => logger.warn('stopping the Slack app failed', { error }));
      await metricsServer?.close().catch((error: unknown) => logger.warn('stopping the metrics server failed', { error }));
      // The workspaces' own service clients (their connections), once nothing uses them.
      await closeWorkspaces?.();
    },
  };
}
