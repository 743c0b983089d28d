/**
 * The calls that start a run (create conversation, chat) are POSTs, which the service client
 * never resends (request.ts: only idempotent requests are retried). On a busy machine one can fail
 * with no answer at all (a keep-alive socket the service closed as it was reused, a timeout): the
 * service may or may not have acted on it. Such a call is sent again, a few times with back-off,
 * after `beforeResend` looks for what the first one may have done (find-started-chat.ts), as a
 * relay taking over after a crash does. A refusal with an answer (auth, validation) is final.
 */
import pRetry, { AbortError } from 'p-retry';
import { isServiceError } from '../../service/errors/service-error.js';
import type { RunContext } from '../state/run-context.js';

/** Attempts in all, and the first back-off (doubling, with jitter). */
export const UNANSWERED_CALL_ATTEMPTS = 3;
const FIRST_BACKOFF_MS = 1_000;

export function resendUnanswered<T>(
  ctx: Pick<RunContext, 'signal' | 'log'>,
  what: string,
  call: () => Promise<T>,
  beforeResend?: () => Promise<T | undefined>,
): Promise<T> {
  return pRetry(
    async (attempt) => {
      if (attempt > 1 && beforeResend) {
        const done = await beforeResend();
        if (done !== undefined) return done;
      }
      try {
        return await call();
      } catch (error) {
        const unanswered = isServiceError(error) && error.retryable && !ctx.signal.aborted;
        if (!unanswered) throw new AbortError(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    },
    {
      retries: UNANSWERED_CALL_ATTEMPTS - 1,
      minTimeout: FIRST_BACKOFF_MS,
      factor: 2,
      randomize: true,
      signal: ctx.signal,
      onFailedAttempt: ({ error, attemptNumber, retriesLeft }) =>
        ctx.log.warn(`${what} got no answer; sending it again`, { error, attempt: attemptNumber, retriesLeft }),
    },
  );
}
