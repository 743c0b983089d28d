/**
 * Failures of the state store itself (not "key absent", which is a normal answer). Messages never
 * carry the Redis URL, whose userinfo may hold a password.
 */
export type StateStoreErrorCode = 'unavailable' | 'locked' | 'corrupt' | 'write_failed' | 'not_an_integer' | 'closed' | 'conflict';

export class StateStoreError extends Error {
  override readonly name = 'StateStoreError';
  readonly code: StateStoreErrorCode;
  /** Whether trying again later can succeed (a Redis blip yes, a second process on DATA_DIR no). */
  readonly retryable: boolean;

  constructor(code: StateStoreErrorCode, message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryable = options.retryable ?? false;
  }
}
