/**
 * The one way a Slack call waits out a rate limit: a 429 means Slack did nothing, so the same
 * call is sent again after Retry-After, within a named policy that says how long the caller can
 * afford to wait. Any other failure is not retried here (an unknown outcome must not be resent
 * blindly, a refusal will not change). Every failure rejects as a SlackCallError. Loops that keep
 * trying until closed (the relay's writes) take their waits from a named back-off instead.
 * Sleeping goes through an injectable Sleep, so tests drive time.
 * @see https://docs.slack.dev/apis/web-api/rate-limits
 */
import pRetry from 'p-retry';
import { isSlackCallError, type SlackCallError, toSlackCallError } from './slack-call-error.js';

export interface RateLimitWaitPolicy {
  /** Calls in all, the first included. */
  attempts: number;
  /** Longest Retry-After waited out; a longer one is thrown at once, for the caller to report. */
  maxWaitMs: number;
}

export const RATE_LIMIT_WAIT = {
  /** A person is waiting for this (a card, a modal result, an ephemeral answer): a few seconds at most. */
  interactive: { attempts: 3, maxWaitMs: 5_000 },
  /** Nobody is watching the clock (a question's root post, replayed answers): any wait up to a minute. */
  background: { attempts: 6, maxWaitMs: 60_000 },
} as const satisfies Record<string, RateLimitWaitPolicy>;

export type RateLimitWaitPolicyName = keyof typeof RATE_LIMIT_WAIT;

/**
 * Back-off between attempts of a loop that keeps trying until it is closed (the relay's write
 * loop: it always sends the newest content, so a failed write is never resent as it was).
 */
export interface BackoffPolicy {
  /** Wait after the first failure. */
  firstMs: number;
  factor: number;
  maxMs: number;
}

export const BACKOFF = {
  /** The relay's progress writes (coalescer): 1 s, 2 s, 4 s … up to 15 s. */
  relayWrite: { firstMs: 1_000, factor: 2, maxMs: 15_000 },
} as const satisfies Record<string, BackoffPolicy>;

export type BackoffPolicyName = keyof typeof BACKOFF;

/**
 * The wait after `failures` consecutive failures (1 = the first) under the named back-off; a
 * rate limit's Retry-After is honoured when it is longer. `maxMs` overrides the policy's cap.
 */
export function backoffDelayMs(policyName: BackoffPolicyName, failures: number, error?: unknown, maxMs?: number): number {
  const policy: BackoffPolicy = BACKOFF[policyName];
  const cap = maxMs ?? policy.maxMs;
  const exponential = Math.min(cap, policy.firstMs * policy.factor ** Math.max(0, failures - 1));
  const retryAfterMs = isSlackCallError(error) && error.rateLimited ? error.retryAfterMs : undefined;
  return retryAfterMs !== undefined ? Math.max(exponential, retryAfterMs) : exponential;
}

/** Resolves after `ms` (or rejects when `signal` aborts). Injected so tests drive time themselves. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const timerSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface RateLimitWaitOptions {
  /** The Web API method (or `response_url`), for the SlackCallError. */
  method: string;
  policy: RateLimitWaitPolicyName;
  sleep?: Sleep;
  signal?: AbortSignal;
  /**
   * Told of every 429 before its wait, e.g. to block the shared rate budget for every replica. It
   * should log its own failures: if it throws, the call rejects with that error.
   */
  onRateLimited?: (error: SlackCallError) => Promise<void> | void;
}

/** Calls `call` (given the attempt number, from 1), waiting out 429s under the named policy. */
export async function withRateLimitWait<T>(call: (attempt: number) => Promise<T>, options: RateLimitWaitOptions): Promise<T> {
  const policy: RateLimitWaitPolicy = RATE_LIMIT_WAIT[options.policy];
  const sleep = options.sleep ?? timerSleep;
  const waitFor = (error: SlackCallError): number | undefined =>
    error.rateLimited && error.retryAfterMs !== undefined && error.retryAfterMs <= policy.maxWaitMs ? error.retryAfterMs : undefined;

  return pRetry(
    async (attempt) => {
      try {
        return await call(attempt);
      } catch (error) {
        throw toSlackCallError(options.method, error);
      }
    },
    {
      retries: policy.attempts - 1,
      // The wait is Slack's Retry-After, slept in onFailedAttempt with the injected sleep.
      minTimeout: 0,
      maxTimeout: 0,
      randomize: false,
      ...(options.signal ? { signal: options.signal } : {}),
      shouldRetry: ({ error }) => waitFor(toSlackCallError(options.method, error)) !== undefined,
      onFailedAttempt: async ({ error: failure, retriesLeft }) => {
        const error = toSlackCallError(options.method, failure);
        if (error.rateLimited) await options.onRateLimited?.(error);
        const wait = waitFor(error);
        // p-retry calls this on every failure, the last one too, and before it asks shouldRetry.
        if (wait === undefined || retriesLeft <= 0) return;
        await sleep(wait, options.signal);
      },
    },
  );
}
