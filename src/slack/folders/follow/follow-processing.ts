/**
 * Follows a file's processing at the service (`/v1/docs/{doc_id}/upload/status`) until it is
 * completed, fails, or the deadline passes, waiting longer between calls as it goes. The waits
 * and the deadline use the injected timers and clock (DocumentAddSettings): tests drive them.
 * A record that is gone or no longer processing stops the follow (deleted meanwhile, or finished
 * by another replica), and so does the process stopping. Never throws: failures are logged, and a
 * restart follows again.
 */
import type { Timers } from '../../../agent/runtime/timers.js';
import { isServiceError } from '../../../service/errors/service-error.js';
import type { DocumentUploadStatus } from '../../../service/types.js';
import type { ResearchDocumentRecord } from '../../../store/records.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { type FollowTarget, markSearchable, processingFailure, undoDocument } from './document-outcomes.js';
import { pollDelay } from './poll-delay.js';

export type FollowDeps = Pick<ListenerDeps, 'stores' | 'documentAdds' | 'budget' | 'clock'>;

/** Resolves after `ms`, or at once when the process stops. */
function wait(timers: Timers, ms: number, stopping: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (stopping.aborted) return resolve();
    const onStop = () => {
      timer.cancel();
      resolve();
    };
    const timer = timers.after(
      ms,
      () => {
        stopping.removeEventListener('abort', onStop);
        resolve();
      },
      { background: true },
    );
    stopping.addEventListener('abort', onStop, { once: true });
  });
}

type Reading = DocumentUploadStatus | { state: 'unknown' };

async function readStatus(target: FollowTarget, docId: string): Promise<Reading> {
  try {
    return await target.service.documentUploadStatus(docId);
  } catch (error) {
    if (isServiceError(error) && error.kind === 'not_found')
      return { docId, state: 'failed', reason: 'the service no longer has the file' };
    target.log.warn('research document status could not be read; trying again', { doc: docId, error });
    return { state: 'unknown' };
  }
}

async function followUntilDone(deps: FollowDeps, target: FollowTarget, record: ResearchDocumentRecord): Promise<void> {
  const { timers, clock, processingDeadlineMs, pollInitialMs, pollMaxMs, stopping } = deps.documentAdds;
  const deadline = record.addedAtMs + processingDeadlineMs;
  for (let attempt = 0; ; attempt += 1) {
    const remaining = deadline - clock();
    if (remaining <= 0) {
      const minutes = Math.round(processingDeadlineMs / 60_000);
      await undoDocument(deps, target, record, { kind: 'timed_out', minutes });
      return;
    }
    await wait(timers, Math.min(pollDelay(attempt, pollInitialMs, pollMaxMs), remaining), stopping);
    if (stopping.aborted) {
      target.log.info('research document left processing: the process is stopping; the next start follows it', { doc: record.docId });
      return;
    }
    const current = await deps.stores.documents.get(record.teamId, record.docId);
    if (current?.status !== 'processing') {
      target.log.info('research document no longer followed', { doc: record.docId, status: current?.status ?? 'gone' });
      return;
    }
    const status = await readStatus(target, record.docId);
    if (status.state === 'completed') return markSearchable(deps, target, current);
    if (status.state === 'failed') {
      return undoDocument(deps, target, current, { kind: 'not_added', why: processingFailure(status.reason), tryAgain: false });
    }
  }
}

export async function followProcessing(deps: FollowDeps, target: FollowTarget, record: ResearchDocumentRecord): Promise<void> {
  try {
    await followUntilDone(deps, target, record);
  } catch (error) {
    target.log.error('following a research document failed; a restart follows it again', { doc: record.docId, error });
  }
}
