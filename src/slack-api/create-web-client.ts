/**
 * The one place the app builds @slack/web-api clients: the relay's and the digest poster's
 * client (createWebClient) and Bolt's per-request clients (webClientOptions as the App's
 * clientOptions) share one named policy, so their timeouts and retry behaviour agree.
 * @see https://docs.slack.dev/tools/node-slack-sdk/web-api#rate-limits
 * @see https://docs.slack.dev/tools/node-slack-sdk/web-api#automatic-retries
 */
import { type FetchFunction, LogLevel, type Logger as SlackLogger, WebClient, type WebClientOptions } from '@slack/web-api';
import type { CallObserver } from '../observability/call-observer.js';
import type { Logger } from '../observability/logger.js';
import { createRedactor, type Redact } from '../observability/redactor.js';
import { createObservedFetch, SLACK_API_URL } from './observed-fetch.js';
import { createRedactingFetch } from './redacting-fetch.js';
import { createTableFallbackFetch, type TableSupport } from './table-fallback-fetch.js';

export interface WebClientPolicy {
  /** Per-request timeout; a call that times out has an unknown outcome. */
  timeoutMs: number;
  /** Retries the SDK makes on its own (network errors, 5xx). */
  retries: number;
  /** Reject a 429 at once instead of pausing the client's whole queue for Retry-After. */
  rejectRateLimitedCalls: boolean;
}

/**
 * Named policies. `app` is what the running app uses everywhere. Its writes must never be made
 * twice or late behind the app's back: the SDK's default sleeps through a 429 by pausing every
 * call of the client (a person waits behind a digest) and resends a call whose outcome is unknown
 * (a network error after sending, a 5xx), which can post a message twice. So the SDK rejects 429s
 * and retries nothing; the caller decides, with the shared rate budget and a named wait policy
 * (rate-limit-wait.ts), and handles an unknown outcome by looking before it resends.
 */
export const WEB_CLIENT_POLICY = {
  app: { timeoutMs: 10_000, retries: 0, rejectRateLimitedCalls: true },
} as const satisfies Record<string, WebClientPolicy>;

const TOKEN_SHAPES_ONLY = createRedactor([]);

export type WebClientPolicyName = keyof typeof WEB_CLIENT_POLICY;

export interface WebClientFactoryOptions {
  /**
   * What every text a client sends to Slack passes (redacting-fetch.ts), so no message, card or
   * view carries a secret out, whatever path built it. Default: the logger's redactor (the one the
   * logs pass), else one that masks token and bearer shapes.
   */
  redact?: Redact;
  /** The transport before redaction (Bolt's clients: undici-fetch.ts); the global fetch by default. */
  fetch?: FetchFunction;
  /** Base URL of the Web API (the Slack emulator's apiUrl in tests); Slack's own by default. */
  apiUrl?: string;
  /** Bolt passes its own logger to the clients it builds; other clients get ours. */
  logger?: Logger;
  policy?: WebClientPolicyName;
  /** Where tables fall back to lesser blocks when Slack refuses them (table-fallback-fetch.ts); one per process. */
  tables?: TableSupport;
  /** Told of every request sent (observed-fetch.ts); none by default, and then no layer is added. */
  callObserver?: CallObserver | undefined;
}

/** Options for a WebClient under a named policy; a fresh object each time (Bolt mutates it). */
export function webClientOptions(options: WebClientFactoryOptions = {}): WebClientOptions {
  const policy: WebClientPolicy = WEB_CLIENT_POLICY[options.policy ?? 'app'];
  const apiUrl = options.apiUrl ? (options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`) : undefined;
  const transport = options.fetch ?? (globalThis.fetch as unknown as FetchFunction);
  return {
    ...(apiUrl ? { slackApiUrl: apiUrl } : {}),
    rejectRateLimitedCalls: policy.rejectRateLimitedCalls,
    retryConfig: { retries: policy.retries },
    timeout: policy.timeoutMs,
    fetch: withTableFallback(
      createRedactingFetch(
        // Innermost, so each request that leaves (each of the table fallback's tries too) is one call observed.
        options.callObserver ? createObservedFetch(transport, options.callObserver, apiUrl ?? SLACK_API_URL) : transport,
        options.redact ?? options.logger?.redact ?? TOKEN_SHAPES_ONLY,
      ),
      options.tables,
    ),
    ...(options.logger ? { logger: toSlackLogger(options.logger), logLevel: LogLevel.WARN } : {}),
  };
}

/** The table fallback goes before the redactor, so each of its tries is redacted too. */
function withTableFallback(fetchFn: FetchFunction, tables: TableSupport | undefined): FetchFunction {
  return tables ? createTableFallbackFetch(fetchFn, tables) : fetchFn;
}

/** A client of the app: what it sends passes the logger's redactor. */
export function createWebClient(options: WebClientFactoryOptions & { token: string; logger: Logger }): WebClient {
  return new WebClient(options.token, webClientOptions(options));
}

function toSlackLogger(logger: Logger): SlackLogger {
  const child = logger.child({ component: 'slack-web-api' });
  let level: LogLevel = LogLevel.WARN;
  const text = (msgs: unknown[]): string => msgs.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join(' ');
  return {
    debug: (...msgs) => child.debug(text(msgs)),
    info: (...msgs) => child.info(text(msgs)),
    warn: (...msgs) => child.warn(text(msgs)),
    error: (...msgs) => child.error(text(msgs)),
    setLevel: (l) => {
      level = l;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}
