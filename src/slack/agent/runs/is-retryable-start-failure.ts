/**
 * Whether handing a request to the relay failed in a way that trying again can fix: the state
 * store or the service was briefly unavailable, or this process was shutting down (another
 * replica, or this one after its restart, can take the redelivery).
 */
import { isServiceError } from '../../../service/errors/service-error.js';
import { StateStoreError } from '../../../store/state-store-error.js';

export function isRetryableStartFailure(error: unknown): boolean {
  if (error instanceof StateStoreError) return error.retryable || error.code === 'unavailable' || error.code === 'closed';
  if (isServiceError(error)) return error.retryable;
  return isShuttingDown(error);
}

/** This process is stopping: waiting in it cannot help, another replica or its restart can. */
export function isShuttingDown(error: unknown): boolean {
  return error instanceof Error && /shutting down/i.test(error.message);
}
