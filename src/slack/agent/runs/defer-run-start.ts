/**
 * A run that could not start for a reason that passes (the store or the service briefly down, a
 * restart) waits in the process's deferred-start queue and starts by itself once the obstacle is
 * gone. The asker is told it waits, and told again if it never starts (the wait ran out, too many
 * were waiting, the process stopped): never dropped in silence. Slack will not redeliver the
 * event, as the app acked it, so nobody else would start it.
 */
import type { Logger } from '../../../observability/logger.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { isRetryableStartFailure } from './is-retryable-start-failure.js';
import type { StartAgentRunResult } from './start-agent-run-result.js';
import {
  deferredStartAbandonedMessage,
  deferredStartExpiredMessage,
  deferredStartMessage,
  deferredStartsFullMessage,
  describeStartObstacle,
  FAILURE,
  RETRYABLE_FAILURE,
} from './start-run-messages.js';

export interface DeferredRunStart {
  /** The run id the request maps to: the same request deferred twice waits once. */
  runId: string;
  question: string;
  /** The first failure. */
  error: unknown;
  /** Hands the question to the relay again; throws as the first try did. */
  retry(): Promise<StartAgentRunResult>;
  /** Tells the asker, where the first try's notes went. */
  note(text: string): Promise<unknown>;
  log: Logger;
}

export async function deferRunStart(deps: ListenerDeps, start: DeferredRunStart): Promise<StartAgentRunResult> {
  const queue = deps.deferredStarts;
  let obstacle = describeStartObstacle(start.error);
  const enqueued = queue.enqueue({
    key: start.runId,
    attempt: async () => {
      try {
        const result = await start.retry();
        start.log.info('deferred run start handed over', { runId: start.runId, status: result.status });
        return 'done';
      } catch (error) {
        if (isRetryableStartFailure(error)) {
          obstacle = describeStartObstacle(error);
          return 'retry';
        }
        start.log.error('a deferred run start failed for good', { runId: start.runId, error });
        await start.note(FAILURE);
        return 'done';
      }
    },
    giveUp: async (reason) => {
      await start.note(
        reason === 'deadline'
          ? deferredStartExpiredMessage(start.question, obstacle, queue.maxWaitMs)
          : deferredStartAbandonedMessage(start.question),
      );
    },
  });
  if (!enqueued.accepted) {
    const message = enqueued.reason === 'full' ? deferredStartsFullMessage(obstacle) : RETRYABLE_FAILURE;
    await start.note(message);
    return { status: 'failed', retryable: true, message, error: start.error };
  }
  const message = deferredStartMessage(obstacle, queue.maxWaitMs);
  // A repeat of a request already waiting was announced the first time.
  if (!enqueued.duplicate) await start.note(message);
  return { status: 'deferred', runId: start.runId, message };
}
