/**
 * The documents a run is grounded on, passed to the chat as `documents` (doc_id, doc_title,
 * file_type): the one a question is about ("Ask the agent about this file") and every searchable
 * file added to a research folder in the question's thread, for its first question and follow-ups
 * alike. A user of another organisation (Slack Connect) is never given the workspace's files.
 */
import type { ThreadRef } from '../../../store/thread-question-queue.js';
import type { ResearchDocumentRecord } from '../../../store/records.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';

export interface RunDocument {
  docId: string;
  docTitle: string;
  /** Slack's filetype of a file added from Slack (pdf, docx, …): the chat's `file_type`. */
  fileType?: string;
}

/** Files passed from one thread at most (the newest added first): a chat request stays small. */
export const THREAD_DOCUMENTS_LIMIT = 20;

/** A workspace document as the chat names it. */
export function runDocumentOf(record: Pick<ResearchDocumentRecord, 'docId' | 'title' | 'fileName' | 'fileType'>): RunDocument {
  return { docId: record.docId, docTitle: record.title || record.fileName, ...(record.fileType ? { fileType: record.fileType } : {}) };
}

/** The searchable files added in the thread, newest first. */
export async function threadDocuments(deps: Pick<ListenerDeps, 'stores'>, thread: ThreadRef): Promise<RunDocument[]> {
  const added = await deps.stores.documents.inThread(thread.teamId, thread.channelId, thread.threadTs);
  return added
    .filter((d) => d.status === 'searchable')
    .slice(0, THREAD_DOCUMENTS_LIMIT)
    .map(runDocumentOf);
}

/** The question's own documents first, then the others; each document once. */
export function mergeRunDocuments(...lists: ReadonlyArray<readonly RunDocument[] | undefined>): RunDocument[] {
  const out: RunDocument[] = [];
  for (const doc of lists.flatMap((l) => l ?? [])) {
    const seen = out.find((d) => d.docId === doc.docId);
    if (!seen) out.push({ ...doc });
    else if (!seen.fileType && doc.fileType) seen.fileType = doc.fileType;
  }
  return out;
}

/** What the run is given: its own documents, plus the thread's files unless the asker is of another organisation. */
export async function documentsForRun(
  deps: Pick<ListenerDeps, 'stores'>,
  thread: ThreadRef,
  own: readonly RunDocument[] | undefined,
  askerIsExternal: boolean,
): Promise<RunDocument[]> {
  if (askerIsExternal) return [...(own ?? [])];
  return mergeRunDocuments(own, await threadDocuments(deps, thread));
}
