/**
 * A readiness check that failed for a reason safe to show on /readyz (`unreachable`,
 * `token_refused`): a word an operator can act on, never a secret or a URL.
 */
export class NotReadyError extends Error {
  override readonly name = 'NotReadyError';
  readonly reason: string;
  /** What the other side answered (`invalid_auth`, `ECONNRESET`), for the log. */
  readonly code: string | undefined;

  constructor(reason: string, message: string, code?: string) {
    super(message);
    this.reason = reason;
    this.code = code;
  }
}
