/**
 * A failed Slack call, as every caller needs to see it, and the one function that turns any
 * Slack failure into it: a Web API error of @slack/web-api (platform `ok:false`, rate-limited,
 * HTTP, request), or a failed post to a response_url (Bolt's `respond()`, fetch- or axios-based).
 * @see https://docs.slack.dev/tools/node-slack-sdk/web-api#handle-errors
 * @see https://docs.slack.dev/apis/web-api/rate-limits
 */

/**
 * `failed`: Slack certainly did nothing (an `ok:false` answer, a 4xx, a 429, a connection that
 * never opened), so sending again cannot duplicate anything. `unknown`: the request may have
 * landed (a network error after sending, a 5xx, a timeout, `ok` without the expected ts); it must
 * not be resent blindly.
 */
export type SlackCallOutcome = 'failed' | 'unknown';

export interface SlackCallErrorInit {
  method: string;
  code: string;
  outcome: SlackCallOutcome;
  /** Defaults to what `code` says (`ratelimited`, `rate_limited`). */
  rateLimited?: boolean;
  retryAfterMs?: number;
  statusCode?: number;
  /** The operating-system or undici code of a network failure (`ECONNRESET`, `UND_ERR_CONNECT_TIMEOUT`). */
  networkCode?: string;
  /** Defaults to: rate limited, outcome unknown, a 5xx, or a network failure. */
  retryable?: boolean;
  cause?: unknown;
}

const RATE_LIMITED_CODES: ReadonlySet<string> = new Set(['ratelimited', 'rate_limited']);

export class SlackCallError extends Error {
  override readonly name: string = 'SlackCallError';
  /** The Web API method (`chat.postMessage`) or `response_url`. */
  readonly method: string;
  /** Slack's `error` (`channel_not_found`), or `ratelimited`, `http_{status}`, `timeout`, `network`, `missing_ts`. */
  readonly code: string;
  readonly outcome: SlackCallOutcome;
  readonly rateLimited: boolean;
  /** How long Slack asked us to wait (Retry-After), for rate-limited calls. */
  readonly retryAfterMs?: number;
  readonly statusCode?: number;
  readonly networkCode?: string;
  /**
   * Trying again later may succeed (rate limit, outage, network). A refusal for good, such as
   * a channel that is gone, is `outcome === 'failed' && !retryable`.
   */
  readonly retryable: boolean;

  constructor(init: SlackCallErrorInit) {
    super(`Slack ${init.method} failed: ${init.code}`, { cause: init.cause });
    this.method = init.method;
    this.code = init.code;
    this.outcome = init.outcome;
    this.rateLimited = init.rateLimited ?? RATE_LIMITED_CODES.has(init.code);
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.statusCode !== undefined) this.statusCode = init.statusCode;
    if (init.networkCode !== undefined) this.networkCode = init.networkCode;
    this.retryable =
      init.retryable ?? (this.rateLimited || init.outcome === 'unknown' || (init.statusCode ?? 0) >= 500 || init.networkCode !== undefined);
  }
}

export function isSlackCallError(value: unknown): value is SlackCallError {
  return value instanceof SlackCallError;
}

/** Slack refused the call for good (channel gone, app removed, invalid payload): trying again cannot help. */
export function isSlackRefusal(value: unknown): value is SlackCallError {
  return value instanceof SlackCallError && value.outcome === 'failed' && !value.retryable;
}

/** Error codes of @slack/web-api's error family and of Bolt's respond(). */
const SDK_ERROR_CODE = /^slack_(webapi|bolt_respond)_/;

/**
 * Whether `error` came from a Slack call: already decoded, or thrown by @slack/web-api or Bolt's
 * respond(). For code that catches everything (a listener's failure reply) and must not mistake a
 * bug for a Slack failure; a caller that knows its call was a Slack call decodes without asking.
 */
export function isSlackFailure(error: unknown): boolean {
  if (error instanceof SlackCallError) return true;
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && SDK_ERROR_CODE.test(code);
}

/** Waited when Slack rate-limits without saying how long (a response_url 429, an `ok:false` rate_limited). */
const DEFAULT_RETRY_AFTER_MS = 1_000;

/** Network failures that happen before a request is sent: Slack cannot have seen it. */
const NOT_SENT_NETWORK_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** What the SDK's and Bolt's error classes carry; read structurally so no SDK version is pinned. */
interface SlackFailureShape {
  code?: unknown;
  name?: unknown;
  data?: { error?: unknown };
  retryAfter?: unknown;
  statusCode?: unknown;
  headers?: unknown;
  original?: unknown;
  cause?: unknown;
  isAxiosError?: unknown;
  response?: { status?: unknown; headers?: unknown };
}

/**
 * Turns any failure of a Slack call into a SlackCallError. The caller names the method; an error
 * already decoded is returned as it is. Anything unrecognised thrown by the call is a transport
 * failure (the request may have landed).
 */
export function toSlackCallError(method: string, error: unknown): SlackCallError {
  if (error instanceof SlackCallError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as SlackFailureShape;
  switch (e.code) {
    case 'slack_webapi_rate_limited_error':
      // The SDK rejects a 429 only when rejectRateLimitedCalls is set; Slack did nothing.
      return new SlackCallError({
        method,
        code: 'ratelimited',
        outcome: 'failed',
        retryAfterMs: secondsToMs(e.retryAfter),
        statusCode: 429,
        cause: error,
      });
    case 'slack_webapi_platform_error': {
      // HTTP 200 with ok:false: Slack refused the call. chat.* may also answer `rate_limited` this way.
      const code = typeof e.data?.error === 'string' ? e.data.error : 'unknown_error';
      const rateLimited = RATE_LIMITED_CODES.has(code);
      return new SlackCallError({
        method,
        code,
        outcome: 'failed',
        ...(rateLimited ? { retryAfterMs: DEFAULT_RETRY_AFTER_MS } : {}),
        cause: error,
      });
    }
    case 'slack_webapi_http_error':
      return fromHttpStatus(method, Number(e.statusCode ?? 0), e.headers, error);
    case 'slack_bolt_respond_error':
      // Bolt's respond() posts with fetch and keeps only the status (no Retry-After).
      return fromHttpStatus(method, Number(e.statusCode ?? 0), undefined, error);
    case 'slack_webapi_request_error':
      return fromTransportFailure(method, e.original ?? e.cause, error);
  }
  if (e.isAxiosError === true && typeof e.response?.status === 'number') {
    return fromHttpStatus(method, e.response.status, e.response.headers, error);
  }
  return fromTransportFailure(method, error, error);
}

function fromHttpStatus(method: string, status: number, headers: unknown, cause: unknown): SlackCallError {
  if (status === 429) {
    return new SlackCallError({
      method,
      code: 'ratelimited',
      outcome: 'failed',
      retryAfterMs: secondsToMs(retryAfterHeader(headers)),
      statusCode: status,
      cause,
    });
  }
  // A 4xx was refused before anything happened; a 5xx may or may not have landed.
  const refused = status >= 400 && status < 500;
  return new SlackCallError({ method, code: `http_${status}`, outcome: refused ? 'failed' : 'unknown', statusCode: status, cause });
}

function fromTransportFailure(method: string, failure: unknown, cause: unknown): SlackCallError {
  const networkCode = networkCodeOf(failure);
  const timedOut = isTimeout(failure) || networkCode === 'ETIMEDOUT' || networkCode === 'UND_ERR_HEADERS_TIMEOUT';
  const notSent = networkCode !== undefined && NOT_SENT_NETWORK_CODES.has(networkCode);
  return new SlackCallError({
    method,
    code: timedOut ? 'timeout' : 'network',
    outcome: notSent ? 'failed' : 'unknown',
    retryable: true,
    ...(networkCode !== undefined ? { networkCode } : {}),
    cause,
  });
}

/** fetch (undici) puts the system error in `cause`; axios and Node put it on the error itself. */
function networkCodeOf(failure: unknown): string | undefined {
  for (let current = failure, depth = 0; typeof current === 'object' && current !== null && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The WebClient's `timeout` aborts fetch with a TimeoutError (AbortSignal.timeout). */
function isTimeout(failure: unknown): boolean {
  const name = (failure as { name?: unknown } | undefined)?.name;
  return name === 'TimeoutError';
}

function retryAfterHeader(headers: unknown): unknown {
  if (typeof headers !== 'object' || headers === null) return undefined;
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(name: string): unknown }).get('retry-after');
  const record = headers as Record<string, unknown>;
  return record['retry-after'] ?? record['Retry-After'];
}

function secondsToMs(seconds: unknown): number {
  const value = Number(seconds);
  return Number.isFinite(value) && value >= 0 ? Math.max(1, value) * 1000 : DEFAULT_RETRY_AFTER_MS;
}
