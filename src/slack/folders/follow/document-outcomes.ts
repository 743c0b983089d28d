/**
 * The end of a file's processing, told exactly once whichever replica or restart gets there
 * (ResearchDocuments.claimTelling): searchable, or undone — the service's document deleted and the
 * record and its file claim removed, so nothing half-added stays and the file can be added again.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { ResearchService } from '../../../service/types.js';
import type { ResearchDocumentRecord } from '../../../store/records.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { type DocumentNoticeState, type NoticeFile, renderDocumentNotice } from './document-notice.js';
import { updateNotice } from './notice-messages.js';

export interface FollowTarget {
  service: ResearchService;
  client: WebClient;
  log: Logger;
}

export type OutcomeDeps = Pick<ListenerDeps, 'stores' | 'budget' | 'clock'>;

const tellerOf = (deps: OutcomeDeps, target: FollowTarget, record: ResearchDocumentRecord) => ({
  deps,
  teamId: record.teamId,
  client: target.client,
  log: target.log,
});

export async function noticeFileOf(deps: OutcomeDeps, record: ResearchDocumentRecord): Promise<NoticeFile> {
  const folder = await deps.stores.folders.get(record.teamId, record.folderId);
  return { fileName: record.fileName, folderName: folder?.name ?? record.folderId, folderId: record.folderId };
}

/** Processing completed: the record says searchable, and the notice shows the search hint and the Ask button. */
export async function markSearchable(deps: OutcomeDeps, target: FollowTarget, record: ResearchDocumentRecord): Promise<void> {
  const updated = await deps.stores.documents.update(record.teamId, record.docId, (r) => ({ ...r, status: 'searchable' }));
  if (!updated) {
    target.log.info('research document gone before it was searchable (deleted meanwhile)', { doc: record.docId });
    return;
  }
  if (!(await deps.stores.documents.claimTelling(record.teamId, record.docId))) return;
  target.log.info('research document searchable', { doc: record.docId, folder: record.folderId });
  const state: DocumentNoticeState = { kind: 'searchable', docId: record.docId, title: record.title };
  await updateNotice(tellerOf(deps, target, record), record.notice, renderDocumentNotice(await noticeFileOf(deps, record), state));
}

/** Processing failed or never ended: the user is told why, and the document is taken back. */
export async function undoDocument(
  deps: OutcomeDeps,
  target: FollowTarget,
  record: ResearchDocumentRecord,
  state: Extract<DocumentNoticeState, { kind: 'not_added' | 'timed_out' }>,
): Promise<void> {
  if (!(await deps.stores.documents.claimTelling(record.teamId, record.docId))) return;
  target.log.info('research document not added', { doc: record.docId, folder: record.folderId, outcome: state.kind });
  const file = await noticeFileOf(deps, record);
  try {
    await target.service.deleteDocuments([record.docId]);
  } catch (error) {
    target.log.warn('the research service did not delete a document whose processing failed', { doc: record.docId, error });
  }
  await deps.stores.documents.remove(record);
  await updateNotice(tellerOf(deps, target, record), record.notice, renderDocumentNotice(file, state));
}

/** The service's reason, in a sentence. */
export function processingFailure(reason: string | undefined): string {
  const words = reason?.trim().replace(/\s+/g, ' ').slice(0, 300);
  return words ? `The research service could not read it: ${words.replace(/[.!]?$/, '.')}` : 'The research service could not read it.';
}
