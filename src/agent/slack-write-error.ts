/**
 * A failed Slack write, as the relay needs to see it: the method, Slack's error code, whether
 * Slack rate-limited it (and for how long), and whether the write's outcome is unknown (the
 * request may have landed: a network error or a 5xx), in which case it must not be resent
 * blindly.
 */
export type SlackWriteOutcome = 'failed' | 'unknown';

export interface SlackWriteErrorInit {
  method: string;
  code: string;
  outcome: SlackWriteOutcome;
  retryAfterMs?: number;
  cause?: unknown;
}

export class SlackWriteError extends Error {
  override readonly name: string = 'SlackWriteError';
  readonly method: string;
  /** Slack's `error` (e.g. `streaming_state_conflict`), `ratelimited`, `http_5xx` or `network`. */
  readonly code: string;
  readonly outcome: SlackWriteOutcome;
  readonly retryAfterMs?: number;

  constructor(init: SlackWriteErrorInit) {
    super(`Slack ${init.method} failed: ${init.code}`, { cause: init.cause });
    this.method = init.method;
    this.code = init.code;
    this.outcome = init.outcome;
    this.retryAfterMs = init.retryAfterMs;
  }

  get rateLimited(): boolean {
    return this.code === 'ratelimited' || this.code === 'rate_limited';
  }
}

export function isSlackWriteError(value: unknown): value is SlackWriteError {
  return value instanceof SlackWriteError;
}
