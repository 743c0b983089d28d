import type { Logger } from '../../observability/logger.js';
import { isServiceError } from '../../service/errors/service-error.js';
import type { ResearchService } from '../../service/types.js';
import type { RunStore } from '../../store/run-store.js';
import type { RunHandle } from './relay-run.js';

export type CancelRunResult =
  | { ok: true; status: string }
  | { ok: false; reason: 'not_found' | 'already_finished' | 'not_started' | 'service_error'; message: string };

export interface RunCancelDeps {
  runs: Pick<RunStore, 'get' | 'save'>;
  /** The run's relay when this process relays it. */
  localRun(runId: string): RunHandle | undefined;
  /** The service of the run's workspace. */
  serviceFor(teamId: string): Promise<ResearchService>;
  log: Logger;
}

export interface RunCancels {
  /**
   * Asks the service to cancel a run. A second Cancel or Stop (two clicks, the Cancel button and
   * the native Stop) gets the first one's answer instead of a second request while the run is live
   * here; a failed request is forgotten so that it may be tried again.
   */
  cancel(runId: string, byUserId: string): Promise<CancelRunResult>;
  /** The run stopped relaying here: a later cancel asks afresh. */
  forget(runId: string): void;
}

export function createRunCancels(deps: RunCancelDeps): RunCancels {
  /** Cancels asked of the service by this process, by run id. */
  const cancels = new Map<string, Promise<CancelRunResult>>();
  return {
    cancel(runId, byUserId) {
      const earlier = cancels.get(runId);
      const status = deps.localRun(runId)?.record().status;
      // Once the run has ended here, a late click gets "already finished" like any other.
      if (earlier && (status === undefined || status === 'starting' || status === 'running')) return earlier;
      const request = requestRunCancel(runId, byUserId, deps);
      cancels.set(runId, request);
      // A refused or failed request is forgotten, so the next click asks afresh; the caller hears
      // the failure through `request` itself.
      request.then(
        (result) => {
          if (!result.ok) cancels.delete(runId);
        },
        (error: unknown) => {
          cancels.delete(runId);
          deps.log.debug('run cancel request failed; the next Cancel asks again', { runId, error });
        },
      );
      return request;
    },
    forget(runId) {
      cancels.delete(runId);
    },
  };
}

/**
 * Asks the service to cancel a run, after noting who cancelled it where the relay will read it:
 * on the run's relay when this process has it, else on the stored record.
 */
async function requestRunCancel(runId: string, byUserId: string, deps: RunCancelDeps): Promise<CancelRunResult> {
  const { log } = deps;
  const record = deps.localRun(runId)?.record() ?? (await deps.runs.get(runId));
  if (!record) return { ok: false, reason: 'not_found', message: 'That run is no longer known.' };
  if (record.status !== 'starting' && record.status !== 'running') {
    return { ok: false, reason: 'already_finished', message: 'That run has already finished.' };
  }
  if (!record.assistantMessageId) {
    return { ok: false, reason: 'not_started', message: 'The run is still starting; try again in a moment.' };
  }
  const here = deps.localRun(runId);
  if (here) here.noteCancel(byUserId);
  else {
    // Another replica relays it: it reads who cancelled from the record when the run ends.
    const stored = await deps.runs.get(runId);
    if (stored && (stored.status === 'starting' || stored.status === 'running')) {
      await deps.runs.save({ ...stored, cancelledBy: byUserId });
    }
  }
  try {
    const service = await deps.serviceFor(record.teamId);
    const result = await service.cancelRun(record.conversationId, record.assistantMessageId, { correlationId: runId });
    log.info('run cancel requested', { runId, byUserId, status: result.status });
    return { ok: true, status: result.status };
  } catch (error) {
    // An unknown conversation or message is a 400 "Invalid conversation_id" there: not found.
    if (isServiceError(error) && error.kind === 'not_found') {
      log.info('the service no longer knows the run to cancel', { runId });
      return { ok: false, reason: 'not_found', message: 'The research service no longer knows this run, so it can’t be cancelled.' };
    }
    log.warn('the service refused to cancel a run', { runId, error });
    return { ok: false, reason: 'service_error', message: 'The research service could not cancel the run.' };
  }
}
