/**
 * Starts the real app (Bolt, listeners, relay, scheduler) between the two emulators, over real
 * HTTP or Socket Mode, with a real store: the embedded file store in a temp dir, or Redis.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startServiceEmulator, type ServiceEmulator, type ServiceVariant } from '../../src/emulators/service/index.js';
import { startSlackEmulator, type SlackEmulator, type SlackEmulatorOptions } from '../../src/emulators/slack/index.js';
import { createResearchClient, type ResearchClient } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { createMemoryLogger, type Logger, type LogLevel } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { createFileStateStore } from '../../src/store/file-state-store.js';
import { createRedisStateStore } from '../../src/store/redis-state-store.js';
import type { StateStore } from '../../src/store/state-store.js';
import { startResearchDesk, type ResearchDesk, type ResearchDeskOptions } from '../../src/research-desk.js';
import type { StreamingMode } from '../../src/config/relay-config.js';

export const E2E_SECRETS = {
  botToken: 'xoxb-e2e-bot-token-000000',
  appToken: 'xapp-e2e-app-token-000000',
  signingSecret: 'e2e-signing-secret-000000',
  serviceKey: 'e2e-service-key-000000',
};

/**
 * The Slack emulator's ack deadline in e2e, on its own clock. Slack's is 3 s (the emulator's
 * default, and the benchmark's figure); an app that acks first thing can still take longer when
 * other processes keep both cores busy, and the emulator would then report a timeout and redeliver.
 * This one only a hung listener misses, and it still fails within a test's 30 s. A test of
 * timeouts and redelivery sets its own: a spent deadline (0) or an app that never answers.
 */
export const E2E_ACK_TIMEOUT_MS = 20_000;

export interface HarnessOptions {
  /** The app's secrets (bot token, app token, signing secret, service key); E2E_SECRETS by default. */
  secrets?: typeof E2E_SECRETS;
  deliveryMode?: 'http' | 'socket';
  store?: 'file' | 'redis';
  variant?: ServiceVariant;
  agentSpeed?: number;
  rateLimits?: SlackEmulatorOptions['rateLimits'];
  streaming?: StreamingMode;
  slack?: Partial<SlackEmulatorOptions>;
  agentIdleTimeoutMs?: number;
  /** The key the app's service client sends (default: the emulator's own, so a different one gets 401). */
  serviceApiKey?: string;
  /** The app's service client timeout per request (default 5 000 ms). */
  serviceTimeoutMs?: number;
  /** The app's clock (digest slots, subscriptions, leases' timestamps); Date.now by default. */
  clock?: () => number;
  /** Where the service emulator's demo data end (its datasetAnchorMs); the data's own end by default. */
  datasetAnchorMs?: number;
  /** The service emulator's clock ("today" for share prices); Date.now by default. */
  serviceClock?: () => number;
  /** How often the app's digest scheduler ticks (real time). */
  digestTickMs?: number;
  digestGraceMs?: number;
  /** Retries of a failed digest post (the production policy waits about half a minute in all). */
  digestRetry?: ResearchDeskOptions['digestRetry'];
  /** Redis key prefix (store 'redis'); a fresh one per harness by default. */
  keyPrefix?: string;
  /** Redis of store 'redis' (default REDIS_TEST_URL): a test's private server for outage tests. */
  redisUrl?: string;
  /** Socket Mode: return before the app's socket connects (a test that starts Slack unreachable). Default true. */
  waitForSocket?: boolean;
  /** Lowest level kept in `logs` (default info); 'debug' lets a test wait on debug-only signals. */
  logLevel?: LogLevel;
  /** Further desk options (e.g. the watch poller's interval and timer). */
  deskOverrides?: Partial<ResearchDeskOptions>;
  /**
   * Run as a distributed app: OAuth installs through the emulator (no workspace is installed in
   * the app until a test installs it; installOAuth in multi-workspace-helpers.ts), each workspace
   * connecting its own service key, one of `serviceKeys` (all accepted by the service emulator).
   */
  oauth?: { tokenRotation?: boolean; tokenLifetimeS?: number; serviceKeys?: string[] };
}

/** The client secret, state secret and encryption key of a harness with `oauth`. */
export const E2E_OAUTH_SECRETS = {
  clientSecret: 'e2e-client-secret-000000',
  stateSecret: 'e2e-state-secret-0000000000',
  encryptionKey: Buffer.alloc(32, 42),
};

export interface Harness {
  service: ServiceEmulator;
  slack: SlackEmulator;
  client: ResearchClient;
  desk: ResearchDesk;
  store: StateStore;
  logs: string[];
  logger: Logger;
  /** What the desk was started with, so a test can start another replica of it (e.g. on the same Redis prefix). */
  deskOptions: ResearchDeskOptions;
  /** The Redis key prefix when store is 'redis'. */
  keyPrefix?: string;
  /** The file store's DATA_DIR when store is 'file' (a restart opens it again). */
  dataDir?: string;
  /** Ephemeral messages the default user sees in a channel (default: #research), newest last. */
  ephemerals(channelId?: string): Array<{ text: string; blocks?: unknown[] }>;
  close(): Promise<void>;
}

export function redisTestUrl(): string {
  return process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379/15';
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const secrets = options.secrets ?? E2E_SECRETS;
  const service = await startServiceEmulator({
    port: 0,
    apiKey: secrets.serviceKey,
    ...(options.oauth?.serviceKeys ? { moreApiKeys: options.oauth.serviceKeys } : {}),
    variant: options.variant ?? 'latest',
    agentSpeed: options.agentSpeed ?? 200,
    ...(options.datasetAnchorMs !== undefined ? { datasetAnchorMs: options.datasetAnchorMs } : {}),
    ...(options.serviceClock ? { clock: options.serviceClock } : {}),
  });
  const deliveryMode = options.deliveryMode ?? 'http';
  const slack = await startSlackEmulator({
    port: 0,
    botToken: secrets.botToken,
    appToken: secrets.appToken,
    signingSecret: secrets.signingSecret,
    deliveryMode,
    rateLimits: options.rateLimits ?? 'slack',
    ackTimeoutMs: E2E_ACK_TIMEOUT_MS,
    ...(options.oauth
      ? {
          oauth: {
            clientSecret: E2E_OAUTH_SECRETS.clientSecret,
            ...(options.oauth.tokenRotation ? { tokenRotation: true } : {}),
            ...(options.oauth.tokenLifetimeS ? { tokenLifetimeS: options.oauth.tokenLifetimeS } : {}),
          },
        }
      : {}),
    ...options.slack,
  });
  const logger = createMemoryLogger(
    createRedactor([
      ...Object.values(secrets),
      ...(options.oauth
        ? [E2E_OAUTH_SECRETS.clientSecret, E2E_OAUTH_SECRETS.stateSecret, E2E_OAUTH_SECRETS.encryptionKey.toString('base64')]
        : []),
    ]),
    options.logLevel ?? 'info',
  );
  const client = createResearchClient({
    baseUrl: service.url,
    apiKey: options.serviceApiKey ?? service.apiKey,
    retry: fastTestRetryPolicy,
    timeoutMs: options.serviceTimeoutMs ?? 5_000,
    logger,
    callObserver: options.deskOverrides?.metrics?.callObserver,
  });

  let dataDir: string | undefined;
  let store: StateStore;
  const keyPrefix = options.store === 'redis' ? (options.keyPrefix ?? `e2e:${randomUUID()}:`) : undefined;
  if (keyPrefix !== undefined) {
    store = createRedisStateStore({ url: options.redisUrl ?? redisTestUrl(), keyPrefix, logger });
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-e2e-'));
    store = await createFileStateStore({ dir: dataDir, logger });
  }

  const transport =
    deliveryMode === 'socket'
      ? { mode: 'socket' as const, appToken: secrets.appToken, apiUrl: slack.apiUrl }
      : { mode: 'http' as const, signingSecret: secrets.signingSecret, apiUrl: slack.apiUrl };
  const deskOptions: ResearchDeskOptions = {
    connection: options.oauth
      ? {
          ...transport,
          oauth: {
            clientId: slack.oauth.clientId,
            clientSecret: E2E_OAUTH_SECRETS.clientSecret,
            stateSecret: E2E_OAUTH_SECRETS.stateSecret,
            authorizationUrl: slack.oauth.authorizeUrl,
            homeUrlFor: (installation) => `${slack.url}/?workspace=${installation.team?.id ?? installation.enterprise?.id ?? ''}&tab=home`,
          },
        }
      : { ...transport, botToken: secrets.botToken },
    ...(options.oauth
      ? {
          multiWorkspace: {
            encryptionKeys: [E2E_OAUTH_SECRETS.encryptionKey],
            serviceAccounts: {
              defaultBaseUrl: service.url,
              allowCustomBaseUrl: false,
              create: (credentials: { baseUrl: string; apiKey: string }) =>
                createResearchClient({ ...credentials, retry: fastTestRetryPolicy, timeoutMs: options.serviceTimeoutMs ?? 5_000, logger }),
            },
          },
        }
      : {}),
    port: 0,
    host: '127.0.0.1',
    service: client,
    store,
    logger,
    streaming: options.streaming ?? 'auto',
    documentUrlDomains: ['research.example.com'],
    agentIdleTimeoutMs: options.agentIdleTimeoutMs ?? 30_000,
    // The production default: a short real lease could lapse while a busy machine stalls the renewal.
    runLeaseMs: 30_000,
    digestGraceMs: options.digestGraceMs ?? 60 * 60_000,
    demo: true,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.digestTickMs ? { digestTickMs: options.digestTickMs } : {}),
    ...(options.digestRetry ? { digestRetry: options.digestRetry } : {}),
    ...options.deskOverrides,
  };
  const desk = await startResearchDesk(deskOptions);
  if (deliveryMode === 'http') slack.setRequestUrl(`http://127.0.0.1:${desk.port}/slack/events`);
  else if (options.waitForSocket !== false) await slack.waitFor(() => slack.socketConnectionCount() > 0, 10_000);

  return {
    service,
    slack,
    client,
    desk,
    store,
    logs: logger.lines,
    logger,
    deskOptions,
    ...(keyPrefix !== undefined ? { keyPrefix } : {}),
    ...(dataDir !== undefined ? { dataDir } : {}),
    ephemerals(channelId = slack.defaultChannelId) {
      return slack
        .ephemeralFor(slack.defaultUserId, channelId)
        .map((e) => ({ text: e.text, ...(e.blocks ? { blocks: e.blocks as unknown[] } : {}) }));
    },
    async close() {
      await desk.stop();
      await client.close();
      await slack.close();
      await service.close();
      await store.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
