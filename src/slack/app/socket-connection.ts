/**
 * The Socket Mode connection, opened with retries. Bolt's start() fails when Slack cannot be
 * reached for apps.connections.open, and nothing tries again: the app would run without ever
 * hearing from Slack. Once a connection is open the SDK's client reconnects on its own.
 * A refused app token still fails start-up: no retry can fix it.
 * @see https://docs.slack.dev/apis/events-api/using-socket-mode
 */
import type { App, SocketModeReceiver } from '@slack/bolt';
import pRetry, { AbortError } from 'p-retry';
import type { Logger } from '../../observability/logger.js';
import { toSlackCallError } from '../../slack-api/slack-call-error.js';
import type { ReadinessCheck } from './health-routes.js';
import { NotReadyError } from './not-ready-error.js';
import { type AuthRetryPolicy, DEFAULT_AUTH_RETRY } from './slack-authorization.js';

export interface SocketConnection {
  /** Resolves once connected, or once a Slack outage hands the connection to the back-off loop. */
  start(): Promise<void>;
  /** The `slack-socket` check of /readyz: fails until the first connection opened. */
  readiness: ReadinessCheck;
  stop(): void;
}

export function createSocketConnection(options: {
  app: App;
  receiver: SocketModeReceiver;
  logger: Logger;
  retry?: AuthRetryPolicy;
}): SocketConnection {
  const { app, receiver } = options;
  const log = options.logger.child({ component: 'socket-mode' });
  const retry = options.retry ?? DEFAULT_AUTH_RETRY;
  const stopping = new AbortController();
  let connected = false;

  /** A Slack outage is worth waiting for; anything else (a refused app token) fails start-up. */
  const isOutage = (error: unknown): boolean => toSlackCallError('apps.connections.open', error).retryable;

  return {
    async start() {
      try {
        // The first start also listens for the health routes; later attempts only reconnect.
        await app.start();
        connected = true;
        return;
      } catch (error) {
        if (!isOutage(error)) throw error;
        log.warn('Slack is unreachable for Socket Mode; connecting in the background (check the network)', { error });
      }
      void pRetry(
        async () => {
          try {
            await receiver.client.start();
          } catch (error) {
            throw isOutage(error) ? error : new AbortError(error instanceof Error ? error : String(error));
          }
        },
        {
          retries: Number.POSITIVE_INFINITY,
          minTimeout: retry.minDelayMs,
          maxTimeout: retry.maxDelayMs,
          factor: 2,
          randomize: true,
          signal: stopping.signal,
        },
      ).then(
        () => {
          connected = true;
          log.info('Socket Mode connected');
        },
        (error: unknown) => {
          if (!stopping.signal.aborted) log.error('Socket Mode cannot connect: Slack refused SLACK_APP_TOKEN', { error });
        },
      );
    },
    readiness: {
      name: 'slack-socket',
      check: async () => {
        if (!connected) throw new NotReadyError('unreachable', 'Socket Mode is not connected yet');
      },
    },
    stop() {
      stopping.abort();
    },
  };
}
