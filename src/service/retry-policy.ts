/**
 * How reads are retried. Backoff is exponential with jitter (p-retry's `randomize`: ×1–2 per wait), capped
 * per wait and in total; Retry-After from a 429 is honoured when it fits the total budget.
 */
export interface RetryPolicy {
  /** Retries after the first attempt (so attempts = retries + 1). */
  retries: number;
  minDelayMs: number;
  maxDelayMs: number;
  factor: number;
  /** No retry starts after this much time since the first attempt. */
  maxTotalMs: number;
  /** Longest Retry-After the client will wait; longer ones fail at once as rate_limited. */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = Object.freeze({
  retries: 3,
  minDelayMs: 300,
  maxDelayMs: 4_000,
  factor: 2,
  maxTotalMs: 20_000,
  maxRetryAfterMs: 10_000,
});

/** For tests: same shape, milliseconds instead of seconds. */
export const fastTestRetryPolicy: RetryPolicy = Object.freeze({
  retries: 3,
  minDelayMs: 5,
  maxDelayMs: 30,
  factor: 2,
  maxTotalMs: 3_000,
  maxRetryAfterMs: 2_000,
});

export const noRetryPolicy: RetryPolicy = Object.freeze({ ...defaultRetryPolicy, retries: 0 });

/** Options for p-retry (forwarded to the `retry` module). */
export function toPRetryOptions(policy: RetryPolicy): {
  retries: number;
  factor: number;
  minTimeout: number;
  maxTimeout: number;
  randomize: boolean;
  maxRetryTime: number;
} {
  return {
    retries: policy.retries,
    factor: policy.factor,
    minTimeout: policy.minDelayMs,
    maxTimeout: Math.max(policy.minDelayMs, policy.maxDelayMs),
    randomize: true,
    maxRetryTime: policy.maxTotalMs,
  };
}
