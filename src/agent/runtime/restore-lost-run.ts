/**
 * What a run needs in the store once its lease is taken back (run-leases.ts: nobody held it).
 *
 * When Redis restarted empty, the run's record, progress, place in the active-runs index and
 * thread conversation are gone: a follow-up would start a new conversation, a crash could not be
 * resumed, and the run's end would find nothing to mark. The relay still holds every one of those
 * facts, newer than the store ever did: its record was built from the service's event log (the
 * offset is its cursor's) and the reply it posted (whose message metadata carries the same ids
 * and offset), so it writes them back and goes on.
 *
 * When the record is there but another replica wrote it since (the lease lapsed while this process
 * stalled, and a replica took the run over and then let go), this relay's view is stale: it must
 * stop, and the run is resumed from the stored record as after a crash (or left alone if it ended).
 */
import type { Logger } from '../../observability/logger.js';
import type { RunRecord } from '../../store/records.js';
import { isActiveRunStatus, type RunStore } from '../../store/run-store.js';
import type { ThreadConversations } from '../../store/thread-conversations.js';
import type { RunHandle } from './relay-run.js';

export interface RestoreLostRunDeps {
  runs: Pick<RunStore, 'get'>;
  threads: Pick<ThreadConversations, 'get' | 'save'>;
  logger: Logger;
}

/** `continue`: this relay goes on; `superseded`: another replica moved the run on, stop relaying it. */
export type TakeBackVerdict = 'continue' | 'superseded';

export async function restoreLostRun(
  handle: Pick<RunHandle, 'runId' | 'record' | 'saveRecord'>,
  deps: RestoreLostRunDeps,
): Promise<TakeBackVerdict> {
  const stored = await deps.runs.get(handle.runId);
  if (stored) return movedOnElsewhere(stored, handle.record()) ? 'superseded' : 'continue';
  await handle.saveRecord();
  const run = handle.record();
  if (run.conversationId && !(await deps.threads.get(run.teamId, run.channelId, run.threadTs))) {
    await deps.threads.save({
      teamId: run.teamId,
      channelId: run.channelId,
      threadTs: run.threadTs,
      conversationId: run.conversationId,
      askerUserId: run.askerUserId,
      ...(run.conversationUrl ? { conversationUrl: run.conversationUrl } : {}),
    });
  }
  deps.logger.warn('rebuilt a run record the store had lost', { runId: run.runId, status: run.status, offset: run.lastOffset });
  return 'continue';
}

/**
 * Facts only the run's relay writes: the store's differ from ours when another relay wrote them,
 * or when a save of ours failed. Either way the crash-resume path is safe, so any difference
 * stops this relay; only an identical (or older) store lets it go on.
 */
function movedOnElsewhere(stored: RunRecord, ours: RunRecord): boolean {
  return (
    !isActiveRunStatus(stored.status) ||
    stored.lastOffset > ours.lastOffset ||
    stored.openStreamTs !== ours.openStreamTs ||
    stored.replyTs.join() !== ours.replyTs.join()
  );
}
