/**
 * How @slack/oauth's InstallProvider calls Slack: the install's code exchange (oauth.v2.access),
 * auth.test after it, and token refreshes. Its WebClient's defaults retry a failed call ten times
 * over about half an hour, so while Slack was unreachable the browser waiting on the OAuth
 * redirect hung, and a retry landing after Slack had spent the code answered "already used".
 * Here nothing is retried and each call is bounded by a timer (injected, so tests fire it): the
 * browser gets a page saying Slack could not be reached, and starts the install again.
 * @see https://docs.slack.dev/reference/methods/oauth.v2.access (a code is single-use, valid 10 minutes)
 */
import type { FetchFunction, WebClientOptions } from '@slack/web-api';
import { systemTimers, type Timers } from '../../agent/runtime/timers.js';
import { toSlackCallError } from '../../slack-api/slack-call-error.js';

/** Under a browser's patience, above a healthy Slack's answer time. */
export const DEFAULT_OAUTH_EXCHANGE_TIMEOUT_MS = 8_000;

export interface OAuthExchangePolicy {
  /** How long one call to Slack may take before the install is given up. */
  timeoutMs?: number;
  timers?: Timers;
}

export function oauthClientOptions(
  apiUrl: string | undefined,
  policy: OAuthExchangePolicy = {},
): Omit<WebClientOptions, 'logLevel' | 'logger'> {
  return {
    ...(apiUrl ? { slackApiUrl: apiUrl } : {}),
    retryConfig: { retries: 0 },
    fetch: boundedFetch(policy.timeoutMs ?? DEFAULT_OAUTH_EXCHANGE_TIMEOUT_MS, policy.timers ?? systemTimers),
  };
}

/**
 * What kept a failed install from Slack (`ECONNRESET`, `timeout`, `http_503`), or undefined when
 * Slack answered and refused (invalid_code…) or the failure was not a call to Slack at all.
 */
export function slackUnreachableCause(error: unknown): string | undefined {
  if (
    (error as { code?: unknown }).code !== 'slack_webapi_request_error' &&
    (error as { code?: unknown }).code !== 'slack_webapi_http_error'
  ) {
    return undefined;
  }
  const failure = toSlackCallError('oauth.v2.access', error);
  if (failure.code === 'network' || failure.code === 'timeout') return failure.networkCode ?? failure.code;
  return (failure.statusCode ?? 0) >= 500 ? failure.code : undefined;
}

function boundedFetch(timeoutMs: number, timers: Timers): FetchFunction {
  return async (url, init) => {
    const controller = new AbortController();
    const timer = timers.after(timeoutMs, () =>
      controller.abort(new DOMException(`Slack did not answer within ${timeoutMs} ms`, 'TimeoutError')),
    );
    const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
    try {
      return (await fetch(url, { ...(init as RequestInit), signal })) as unknown as Awaited<ReturnType<FetchFunction>>;
    } finally {
      timer.cancel();
    }
  };
}
