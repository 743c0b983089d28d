import type { Server } from 'node:http';
import {
  type AnyMiddlewareArgs,
  App,
  HTTPReceiver,
  LogLevel,
  type Middleware,
  SocketModeReceiver,
  type CustomRoute,
  type Receiver,
} from '@slack/bolt';
import type { CallObserver } from '../../observability/call-observer.js';
import type { Logger } from '../../observability/logger.js';
import type { CommandTiming } from '../../observability/metrics/command-timing.js';
import { createWebClient, WEB_CLIENT_POLICY, webClientOptions } from '../../slack-api/create-web-client.js';
import type { TableSupport } from '../../slack-api/table-fallback-fetch.js';
import { createUndiciFetch } from '../../slack-api/undici-fetch.js';
import { toBoltLogger } from './bolt-logger.js';
import { healthRoutes, type ReadinessCheck } from './health-routes.js';
import { correlationMiddleware } from '../kit/correlation-middleware.js';
import type { DrainState } from './drain-state.js';
import { guardSignedRequests } from './guard-signed-requests.js';
import type { SignedRequestClaims } from './screen-signed-request.js';
import { type AuthRetryPolicy, createSlackAuthorization } from './slack-authorization.js';
import { createSocketConnection, type SocketConnection } from './socket-connection.js';
import type { Installer } from './oauth-installer.js';
import { misconfiguredMiddleware } from './misconfigured-middleware.js';

/** How requests reach the app (HTTP or Socket Mode) and whose token answers them. */
export type SlackTransport =
  | { mode: 'http'; signingSecret: string; apiUrl?: string }
  | { mode: 'socket'; appToken: string; apiUrl?: string };

/** One workspace with the environment's bot token, or many with OAuth installs (`installer`). */
export type SlackConnection = SlackTransport & ({ botToken: string } | { installer: Installer });

export interface SlackAppOptions {
  connection: SlackConnection;
  /** The app's HTTP server: /slack/events in HTTP mode, /healthz and /readyz in both modes. */
  port: number;
  host?: string;
  logger: Logger;
  readiness: ReadinessCheck[];
  /** More HTTP routes on the app's public server. */
  extraRoutes?: CustomRoute[];
  /** Registers every listener; receives the Bolt app once it exists. */
  register: (app: App) => void;
  /** HTTP mode: where a slash command's or interaction's signed bytes are claimed once, shared by replicas. */
  signedRequests: SignedRequestClaims;
  /** How often auth.test is tried again while Slack has not authorised the app. */
  authRetry?: AuthRetryPolicy;
  /** What the process learned about the workspace's table blocks, shared with the relay's client. */
  tables?: TableSupport;
  /** Told of every call Bolt's clients make, respond() included (observed-fetch.ts); none adds no layer. */
  callObserver?: CallObserver | undefined;
  /** Global middleware run first for every request, before any listener (e.g. a tracing span per request). */
  middleware?: readonly Middleware<AnyMiddlewareArgs>[] | undefined;
  /** Times each slash command from its arrival at the app to its ack and first answer (metrics). */
  commandTiming?: CommandTiming | undefined;
  /** Once begun (SIGTERM), /readyz answers 503 `draining` (close-on-signals.ts). */
  drain?: DrainState | undefined;
}

const EVENTS_PATH = '/slack/events';

export interface SlackApp {
  app: App;
  /** Resolves with the port the HTTP server listens on. */
  start(): Promise<{ port: number }>;
  stop(): Promise<void>;
}

export function createSlackApp(options: SlackAppOptions): SlackApp {
  const { connection, logger } = options;
  const boltLogger = toBoltLogger(logger.child({ component: 'bolt' }), LogLevel.WARN);
  // Bolt builds a WebClient per workspace from these options: the same policy (timeout, no SDK
  // retries, 429s rejected) as every other client of the app. Bolt adds its own logger.
  // Its fetch (also what respond() posts to response_urls with) is undici's request(): see undici-fetch.ts.
  // Every text they send, respond() included, passes the logger's redactor (redacting-fetch.ts).
  const clientOptions = webClientOptions({
    ...(connection.apiUrl ? { apiUrl: connection.apiUrl } : {}),
    policy: 'app',
    redact: logger.redact,
    fetch: createUndiciFetch({ timeoutMs: WEB_CLIENT_POLICY.app.timeoutMs }),
    ...(options.tables ? { tables: options.tables } : {}),
    callObserver: options.callObserver,
  });
  // One token: who the bot is is learnt with retries (slack-authorization.ts). OAuth installs: each
  // request's workspace is authorised from its installation, and the install pages are served.
  const authorization =
    'botToken' in connection
      ? createSlackAuthorization({
          client: createWebClient({
            token: connection.botToken,
            ...(connection.apiUrl ? { apiUrl: connection.apiUrl } : {}),
            logger,
            callObserver: options.callObserver,
          }),
          botToken: connection.botToken,
          logger,
          ...(options.authRetry ? { retry: options.authRetry } : {}),
        })
      : undefined;
  const installer = 'installer' in connection ? connection.installer : undefined;
  // Filled once the app exists; /readyz asks it only when called.
  let socket: SocketConnection | undefined;
  const socketReadiness: ReadinessCheck = { name: 'slack-socket', check: () => socket?.readiness.check() ?? Promise.resolve() };
  const checks = [
    ...options.readiness,
    ...(authorization ? [authorization.readiness] : []),
    ...(installer ? [installer.readiness] : []),
    ...(connection.mode === 'socket' ? [socketReadiness] : []),
  ];
  const routes = [
    ...healthRoutes(checks, logger.child({ component: 'health' }), options.drain ? { drain: options.drain } : {}),
    ...(options.extraRoutes ?? []),
    ...(installer?.routes ?? []),
  ];

  let receiver: Receiver;
  let httpReceiver: HTTPReceiver | undefined;
  let socketReceiver: SocketModeReceiver | undefined;
  if (connection.mode === 'http') {
    // The guard in front of HTTPReceiver verifies X-Slack-Signature by Bolt's rules (stale
    // and future timestamps refused), answers the SSL check, and refuses bodies that are not
    // objects and replays; every POST to EVENTS_PATH passes it, so Bolt does not verify again.
    httpReceiver = new HTTPReceiver({
      signingSecret: connection.signingSecret,
      signatureVerification: false,
      endpoints: EVENTS_PATH,
      customRoutes: routes,
      logger: boltLogger,
      processBeforeResponse: false,
      unhandledRequestTimeoutMillis: 2500,
    });
    httpReceiver.requestListener = guardSignedRequests(httpReceiver.requestListener, {
      signingSecret: connection.signingSecret,
      endpoints: [EVENTS_PATH],
      claims: options.signedRequests,
      clock: Date.now,
      logger: logger.child({ component: 'signed-requests' }),
    });
    receiver = httpReceiver;
  } else {
    socketReceiver = new SocketModeReceiver({
      appToken: connection.appToken,
      logger: boltLogger,
      customRoutes: routes,
      installerOptions: { port: options.port, clientOptions },
    });
    receiver = socketReceiver;
  }

  const app = new App({
    // Not `token`: Bolt would keep its first auth.test answer for good, a failure included.
    authorize: authorization?.authorize ?? (installer as Installer).authorize,
    receiver,
    logger: boltLogger,
    clientOptions,
    // Slack's own retries are handled by event-id dedupe; the bot's own messages are ignored.
    ignoreSelf: true,
    // No listener keeps conversation state (context.conversation); Bolt's default store would
    // look every request up and build an Error for each miss.
    convoStore: false,
  });
  // Every receiver hands events to processEvent: the one place a command's arrival and its ack are both seen.
  const { commandTiming } = options;
  if (commandTiming) {
    const processEvent = app.processEvent.bind(app);
    app.processEvent = (event) => commandTiming.process(event, processEvent);
  }
  for (const middleware of options.middleware ?? []) app.use(middleware);
  // Then: a request the app cannot serve (installation-health.ts) is answered and goes no further.
  if (installer) app.use(misconfiguredMiddleware(logger));
  app.use(correlationMiddleware(logger));
  app.error(async (error) => {
    logger.error('unhandled listener error', { error });
  });
  options.register(app);
  if (socketReceiver) {
    socket = createSocketConnection({ app, receiver: socketReceiver, logger, ...(options.authRetry ? { retry: options.authRetry } : {}) });
  }

  let server: Server | undefined;
  return {
    app,
    async start() {
      authorization?.start();
      if (httpReceiver) {
        server = await httpReceiver.start({ port: options.port, host: options.host ?? '0.0.0.0' });
        const address = server.address();
        return { port: typeof address === 'object' && address ? address.port : options.port };
      }
      await socket?.start();
      return { port: options.port };
    },
    async stop() {
      authorization?.stop();
      socket?.stop();
      await app.stop();
    },
  };
}
