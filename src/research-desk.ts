/**
 * Assembles Research Desk from its parts: the Bolt app and its listeners, the agent relay, the
 * digest scheduler. Everything it talks to is passed in (service client, state store, Slack
 * connection, clock), so main.ts wires real services and tests wire the emulators.
 */
import type { StreamingMode } from './config/relay-config.js';
import type { RelayRuntime } from './agent/runtime/relay-runtime.js';
import os from 'node:os';
import { buildRelayRuntime } from './slack/agent/relay/build-relay-runtime.js';
import { randomInstanceId } from './store/default-instance-id.js';
import type { Logger } from './observability/logger.js';
import type { WebClient } from '@slack/web-api';
import { createWebClient } from './slack-api/create-web-client.js';
import { createRateBudget } from './slack-api/rate-budget.js';
import { createTableSupport } from './slack-api/table-fallback-fetch.js';
import { downgradeTables } from './slack/blocks/downgrade-tables.js';
import type { ResearchService } from './service/types.js';
import { createAppStores, type AppStores } from './store/app-stores.js';
import type { StateStore } from './store/state-store.js';
import { createSlackApp, type SlackTransport } from './slack/app/create-slack-app.js';
import { createInstaller, type Installer } from './slack/app/oauth-installer.js';
import { BOT_SCOPES } from './slack-api/bot-scopes.js';
import { createSecretBox } from './secrets/secret-box.js';
import { Installations } from './store/installations.js';
import { OrgWorkspaces } from './store/org-workspaces.js';
import { ServiceConnections } from './store/service-connections.js';
import { createMultiWorkspaces, type MultiWorkspaces } from './workspaces/multi-workspaces.js';
import { createSingleWorkspace } from './workspaces/single-workspace.js';
import type { ClosableService, Workspaces } from './workspaces/workspaces.js';
import { createServiceStatus } from './slack/kit/service-status.js';
import { metricsRoute } from './slack/app/metrics-route.js';
import { installListeners } from './slack/register-listeners.js';
import {
  createDeferredWorkQueue,
  DEFERRED_START_DEFAULTS,
  type DeferredWorkQueue,
  type DeferredWorkQueueOptions,
} from './slack/kit/deferred-work-queue.js';
import type { ListenerDeps } from './slack/kit/listener-deps.js';
import { startNextQueuedQuestion, startWaitingQuestions } from './slack/agent/runs/start-queued-questions.js';
import { systemTimers, type Timers } from './agent/runtime/timers.js';
import { createDigestScheduler, type DigestRetryPolicy, type DigestScheduler } from './schedules/digest-scheduler.js';
import { createSlackDigestPoster } from './slack/concepts/digest/post-digest-to-slack.js';
import type { TickTimer } from './schedules/tick-timer.js';
import { createSlackWatchPoster } from './slack/watch/post-watch-alert-to-slack.js';
import { WatchPollBudget } from './store/watch-poll-budget.js';
import { createWatchPoller, type WatchPoller } from './schedules/watch-poller.js';

const DEFAULT_WATCH_POLL_MS = 5 * 60_000;
const DEFAULT_WATCH_CALLS_PER_MINUTE = 30;

/** OAuth distribution (src/slack/app/oauth-installer.ts): the app's credentials at Slack and where installs go. */
export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
  redirectUri?: string;
  /** Slack's authorize page; the emulator's in tests and the playground. */
  authorizationUrl?: string;
  /** Where the "installed" page sends the user (the app's Home tab); Slack's deep link by default. */
  homeUrlFor?: Parameters<typeof createInstaller>[0]['homeUrlFor'];
}

/** Many workspaces: each connects its own account with the research service. */
export interface ServiceAccounts {
  defaultBaseUrl: string;
  allowCustomBaseUrl: boolean;
  create(credentials: { baseUrl: string; apiKey: string }): ClosableService;
}

/** One workspace (the environment's bot token) or OAuth installs into many. */
export type DeskConnection = SlackTransport & ({ botToken: string } | { oauth: OAuthSettings });

export interface ResearchDeskOptions {
  connection: DeskConnection;
  /** With OAuth installs: keys sealing stored tokens and service keys (newest first), and the service accounts. */
  multiWorkspace?: { encryptionKeys: readonly Buffer[]; serviceAccounts: ServiceAccounts };
  port: number;
  host?: string;
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
  runLeaseMs: number;
  digestGraceMs: number;
  /** The service is the embedded demo emulator. */
  demo: boolean;
  /** Lease holder id; unique per process start by default (main.ts passes a stable one, default-instance-id.ts). */
  instanceId?: string;
  /** How often the digest scheduler looks for due slots. */
  digestTickMs?: number;
  /** Retries of a digest post that failed (DEFAULT_DIGEST_RETRY: about half a minute in all). */
  digestRetry?: DigestRetryPolicy;
  /** Bounds and backoff of runs waiting out an outage (DEFERRED_START_DEFAULTS). */
  deferredStarts?: Partial<Pick<DeferredWorkQueueOptions, 'capacity' | 'maxWaitMs' | 'initialBackoffMs' | 'maxBackoffMs'>>;
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
  /** Stops listening, saves offsets and (unless told not to) releases leases. */
  stop(options?: { releaseLeases?: boolean }): Promise<void>;
}

export async function startResearchDesk(options: ResearchDeskOptions): Promise<ResearchDesk> {
  const clock = options.clock ?? Date.now;
  const logger = options.logger;
  const instanceId = options.instanceId ?? randomInstanceId(os.hostname());
  const stores = createAppStores(options.store, clock);
  // With many workspaces the process probes the service's address with no workspace's key: an
  // answer refusing the missing key still shows the service is up.
  const serviceStatus = createServiceStatus(options.service, clock, { authErrorIsReachable: options.multiWorkspace !== undefined });

  // The relay and the digest poster write with their own Web API client; Bolt builds the
  // listeners' clients. All come from one factory under one policy (create-web-client.ts).
  // What Slack takes of data_table / table here is learned once per process and shared by every client.
  const tables = createTableSupport({ downgrade: downgradeTables, logger });
  const clientFor = (token: string) =>
    createWebClient({ token, ...(options.connection.apiUrl ? { apiUrl: options.connection.apiUrl } : {}), logger, policy: 'app', tables });
  const { workspaces, installer, onForget, closeWorkspaces } = buildWorkspaces(options, clientFor, clock);
  // One rate budget for the process: the relay's writes and the listeners' paced posts share
  // its windows (and, through the store, every replica's).
  const budget = createRateBudget({ store: options.store, clock });
  const trustedLinkHosts = options.trustedLinkHosts ?? options.documentUrlDomains;
  const relay = buildRelayRuntime({
    config: { streaming: options.streaming, agentIdleTimeoutMs: options.agentIdleTimeoutMs, runLeaseMs: options.runLeaseMs },
    // Each run writes with its own workspace's client and calls its own workspace's service.
    workspaceFor: async (teamId: string) => {
      const ref = { teamId };
      const [service, client] = await Promise.all([workspaces.service(ref), workspaces.slackClient(ref)]);
      return { service, client };
    },
    store: options.store,
    logger,
    instanceId,
    budget,
    clock,
    demo: options.demo,
    trustedLinkHosts,
  });

  // Acked events that could not start a run during an outage wait here (Slack will not redeliver them).
  const deferredStarts = createDeferredWorkQueue({ ...DEFERRED_START_DEFAULTS, ...options.deferredStarts, logger, clock });

  const deps: ListenerDeps = {
    workspaces,
    stores,
    relay,
    budget,
    logger,
    clock,
    demo: options.demo,
    documentUrlDomains: options.documentUrlDomains,
    trustedLinkHosts,
    serviceStatus,
    deferredStarts,
    startQueuedQuestions: (thread) => {
      startNextQueuedQuestion(deps, thread, { log: logger }).catch((error: unknown) =>
        logger.error('starting a queued question failed', { channel: thread.channelId, thread_ts: thread.threadTs, error }),
      );
    },
  };
  // A run that ends frees its thread for the question waiting behind it (on whichever replica relayed it).
  relay.onRunEnded((run) => deps.startQueuedQuestions(run));
  const slackApp = createSlackApp({
    connection: installer
      ? { ...transportOf(options.connection), installer }
      : (options.connection as SlackTransport & { botToken: string }),
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
    logger,
    readiness: [
      { name: 'service', check: () => serviceStatus.probe() },
      { name: 'store', check: () => options.store.ping() },
    ],
    extraRoutes: [
      metricsRoute(() => relay.getMetrics(), {
        deferredStarts: () => deferredStarts.metrics(),
        feedback: () => stores.feedback.totals(),
      }),
    ],
    register: (app) => installListeners(app, deps),
    signedRequests: stores.signedRequests,
    tables,
  });

  const digests = createDigestScheduler({
    subscriptions: stores.subscriptions,
    markers: stores.digestMarkers,
    locks: stores.digestLocks,
    clock,
    graceMs: options.digestGraceMs,
    logger,
    instanceId,
    ...(options.digestTickMs ? { tickMs: options.digestTickMs } : {}),
    ...(options.digestRetry ? { retry: options.digestRetry } : {}),
    postDigest: createSlackDigestPoster({ workspaces, deps }),
    onPaused: (subscription, reason) =>
      logger.warn('digest subscription paused', { team: subscription.teamId, channel: subscription.channelId, reason }),
  });

  const watches = createWatchPoller({
    watches: stores.watches,
    budget: new WatchPollBudget(options.store, {
      callsPerWindow: options.watchCallsPerMinute ?? DEFAULT_WATCH_CALLS_PER_MINUTE,
      windowMs: 60_000,
      clock,
    }),
    serviceFor: (teamId) => workspaces.service({ teamId }),
    postAlert: createSlackWatchPoster({ workspaces, logger }),
    clock,
    logger,
    instanceId,
    pollIntervalMs: options.watchPollMs ?? DEFAULT_WATCH_POLL_MS,
    ...(options.watchRetry ? { retry: options.watchRetry } : {}),
    ...(options.watchTimer ? { timer: options.watchTimer } : {}),
  });

  const { port } = await slackApp.start();
  logger.info('research desk started', { port, slack: options.connection.mode, instanceId, demo: options.demo });
  // Runs a dead process left behind continue in their own Slack messages.
  void relay.resumeOrphanedRuns().then(
    (runIds) => logger.info('runs resumed at start', { runIds }),
    (error: unknown) => logger.error('resuming orphaned runs failed', { error }),
  );
  digests.start();
  void watches.start();
  // Questions queued in threads whose run ended while no process was there to start them.
  const sweepQueuedQuestions = () =>
    startWaitingQuestions(deps, { log: logger }).catch((error: unknown) => logger.error('starting waiting questions failed', { error }));
  void sweepQueuedQuestions();
  const questionSweep = (options.timers ?? systemTimers).every(
    options.queuedQuestionSweepMs ?? options.runLeaseMs,
    () => void sweepQueuedQuestions(),
    {
      background: true,
    },
  );

  // An uninstalled workspace's runs stop before its data is deleted (multi-workspaces.ts).
  onForget?.((teamIds) => relay.stopWorkspaceRuns(teamIds));

  let stopped = false;
  return {
    port,
    relay,
    stores,
    digests,
    watches,
    workspaces,
    deferredStarts,
    async stop(stopOptions) {
      if (stopped) return;
      stopped = true;
      digests.stop();
      await watches.stop();
      questionSweep.cancel();
      // Before the relay stops: waiting askers are told (while Slack is still reachable) to ask again.
      await deferredStarts.close();
      await relay.shutdown({ releaseLeases: stopOptions?.releaseLeases ?? true });
      await slackApp.stop().catch((error: unknown) => logger.warn('stopping the Slack app failed', { error }));
      // The workspaces' own service clients (their connections), once nothing uses them.
      await closeWorkspaces?.();
    },
  };
}

function transportOf(connection: DeskConnection): SlackTransport {
  const apiUrl = connection.apiUrl ? { apiUrl: connection.apiUrl } : {};
  return connection.mode === 'http'
    ? { mode: 'http', signingSecret: connection.signingSecret, ...apiUrl }
    : { mode: 'socket', appToken: connection.appToken, ...apiUrl };
}

/**
 * One workspace with the environment's token and service key, or OAuth installs: installations
 * and service keys sealed in the state store, each workspace's clients built on demand.
 */
function buildWorkspaces(
  options: ResearchDeskOptions,
  clientFor: (token: string) => WebClient,
  clock: () => number,
): {
  workspaces: Workspaces;
  installer?: Installer;
  onForget?: MultiWorkspaces['onForget'];
  closeWorkspaces?: MultiWorkspaces['close'];
} {
  const { connection } = options;
  if ('botToken' in connection) {
    return {
      // One team: its bot token and service key from the environment (a test may pass its own directory).
      workspaces:
        options.workspaces ??
        createSingleWorkspace({
          service: options.service,
          client: clientFor(connection.botToken),
          baseUrl: options.serviceBaseUrl ?? (options.demo ? 'the embedded demo service' : 'configured'),
          startedAtMs: clock(),
        }),
    };
  }
  if (!options.multiWorkspace) throw new TypeError('OAuth installs need multiWorkspace (encryption keys and service accounts)');
  const box = createSecretBox(options.multiWorkspace.encryptionKeys);
  const installations = new Installations(options.store, box);
  const orgWorkspaces = new OrgWorkspaces(options.store);
  const { oauth } = connection;
  const installer = createInstaller({
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    stateSecret: oauth.stateSecret,
    installations,
    orgWorkspaces,
    scopes: BOT_SCOPES,
    ...(oauth.redirectUri ? { redirectUri: oauth.redirectUri } : {}),
    ...(oauth.authorizationUrl ? { authorizationUrl: oauth.authorizationUrl } : {}),
    ...(connection.apiUrl ? { apiUrl: connection.apiUrl } : {}),
    homeUrlFor: oauth.homeUrlFor ?? slackHomeLink,
    logger: options.logger,
  });
  const { serviceAccounts } = options.multiWorkspace;
  const workspaces = createMultiWorkspaces({
    store: options.store,
    installations,
    connections: new ServiceConnections(options.store, box),
    orgWorkspaces,
    botTokenFor: installer.botTokenFor,
    createSlackClient: clientFor,
    createService: serviceAccounts.create,
    defaultBaseUrl: serviceAccounts.defaultBaseUrl,
    allowCustomBaseUrl: serviceAccounts.allowCustomBaseUrl,
    clock,
    logger: options.logger,
  });
  return { workspaces, installer, onForget: workspaces.onForget, closeWorkspaces: workspaces.close };
}

/** Slack's deep link to the app's Home tab in the workspace just installed into. */
function slackHomeLink(installation: { appId?: string; team?: { id: string } | undefined; enterprise?: { id: string } | undefined }) {
  const team = installation.team?.id ?? installation.enterprise?.id;
  return installation.appId && team ? `slack://app?team=${team}&id=${installation.appId}&tab=home` : undefined;
}
