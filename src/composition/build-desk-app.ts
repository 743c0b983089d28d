/**
 * The Bolt app and its HTTP server: the Slack connection, the listeners (installListeners),
 * readiness (/readyz asks the service and the store). Metrics have a port of their own
 * (start-desk-metrics.ts), never this public one.
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { CallObserver } from '../observability/call-observer.js';
import type { Logger } from '../observability/logger.js';
import type { CommandTiming } from '../observability/metrics/command-timing.js';
import { createSlackApp, type SlackApp, type SlackTransport } from '../slack/app/create-slack-app.js';
import type { DrainState } from '../slack/app/drain-state.js';
import type { Installer } from '../slack/app/oauth-installer.js';
import { mcpRoutes } from '../slack/mcp/mcp-routes.js';
import { FEATURE_HOOKS, installListeners } from '../slack/register-listeners.js';
import type { TableSupport } from '../slack-api/table-fallback-fetch.js';
import type { AppStores } from '../store/app-stores.js';
import type { StateStore } from '../store/state-store.js';
import type { DeskListenerDeps } from './build-listener-deps.js';
import { type DeskConnection, transportOf } from './desk-connection.js';

export interface DeskAppOptions {
  connection: DeskConnection;
  /** OAuth installs: answers each request with its workspace's installation. */
  installer?: Installer | undefined;
  port: number;
  host?: string | undefined;
  logger: Logger;
  store: StateStore;
  stores: AppStores;
  listeners: DeskListenerDeps;
  tables: TableSupport;
  /** Bolt's clients' calls (respond() included) are reported here. */
  callObserver?: CallObserver | undefined;
  /** Global Bolt middleware before every listener. */
  slackMiddleware?: readonly Middleware<AnyMiddlewareArgs>[] | undefined;
  /** Times slash commands' acks and first answers (the metrics). */
  commandTiming?: CommandTiming | undefined;
  /** Begun by the signal handler: /readyz answers 503 `draining` from then on. */
  drain?: DrainState | undefined;
}

/**
 * The readiness checks of what every replica shares. A probe that routes traffic leaves them out
 * (`/readyz?exclude=service&exclude=store`, deploy/kubernetes/deployment.yaml): when one is down
 * for all, the pods should stay in the Service and answer with the app's outage replies.
 */
export const SHARED_DEPENDENCY_CHECKS = ['service', 'store'] as const;

export function buildDeskApp(options: DeskAppOptions): SlackApp {
  const { connection, installer, stores } = options;
  const { deps, serviceStatus } = options.listeners;
  return createSlackApp({
    connection: installer ? { ...transportOf(connection), installer } : (connection as SlackTransport & { botToken: string }),
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
    logger: options.logger,
    readiness: [
      { name: 'service', check: () => serviceStatus.probe() },
      { name: 'store', check: () => options.store.ping() },
    ],
    register: (app) => installListeners(app, deps),
    // The MCP server (/mcp) for Slackbot and other MCP clients: Slack identity needs HTTP mode's signing secret.
    extraRoutes: mcpRoutes({
      deps,
      operations: FEATURE_HOOKS.operations,
      signingSecret: connection.mode === 'http' ? connection.signingSecret : undefined,
    }),
    signedRequests: stores.signedRequests,
    tables: options.tables,
    callObserver: options.callObserver,
    middleware: options.slackMiddleware,
    commandTiming: options.commandTiming,
    drain: options.drain,
  });
}
