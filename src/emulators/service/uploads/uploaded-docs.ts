/**
 * The uploaded documents of a running dataset: adding one, stepping its processing on each status
 * call (a completed one joins search, chunk search and raw content), deleting, and replaying them
 * after a restart.
 */
import type { Dataset } from '../data/dataset.js';
import type { DemoDocument } from '../data/documents.js';
import { addDocumentToDataset, removeDocumentsFromDataset } from '../data/index-document.js';
import { afterStatusCall, type UploadRecord, type UploadStage, uploadStage } from './upload-record.js';
import { uploadDocument } from './upload-document.js';

export type NewUpload = Omit<UploadRecord, 'id' | 'statusCalls' | 'originalUrl'> & { originalUrl?: string };

export function addUpload(dataset: Dataset, input: NewUpload): UploadRecord {
  dataset.uploadSeq += 1;
  const id = `doc_up${String(dataset.uploadSeq).padStart(9, '0')}`;
  const record: UploadRecord = {
    ...input,
    id,
    statusCalls: 0,
    originalUrl: input.originalUrl ?? dataset.links.file(id, input.fileType),
  };
  dataset.uploads.set(id, record);
  return record;
}

/** Counts a status call; the stage it reaches and whether it changed (then the state file is to be written). */
export function stepUpload(dataset: Dataset, id: string): { record: UploadRecord; stage: UploadStage; changed: boolean } | undefined {
  const before = dataset.uploads.get(id);
  if (!before || dataset.deletedDocIds.has(id)) return undefined;
  const record = afterStatusCall(before);
  dataset.uploads.set(id, record);
  const stage = uploadStage(record);
  if (stage === 'completed' && !dataset.docsById.has(id)) addDocumentToDataset(dataset, uploadDocument(record, dataset.links, true));
  return { record, stage, changed: record.statusCalls !== before.statusCalls };
}

/** An uploaded document, whatever its stage (without text until completed). */
export function uploadedDocument(dataset: Dataset, id: string): DemoDocument | undefined {
  const record = dataset.uploads.get(id);
  if (!record || dataset.deletedDocIds.has(id)) return undefined;
  return dataset.docsById.get(id) ?? uploadDocument(record, dataset.links, false);
}

/** Ids of the uploads filed in a folder. */
export function uploadsInFolder(dataset: Dataset, folderId: string): string[] {
  return [...dataset.uploads.values()].filter((r) => r.folderId === folderId && !dataset.deletedDocIds.has(r.id)).map((r) => r.id);
}

/** Deletes documents (uploaded or not); returns the ids that existed and are now gone. */
export function deleteDocuments(dataset: Dataset, ids: readonly string[]): string[] {
  const deleted: string[] = [];
  for (const id of new Set(ids)) {
    if (dataset.deletedDocIds.has(id)) continue;
    const known = dataset.uploads.has(id) || dataset.docsById.has(id);
    if (!known) continue;
    dataset.uploads.delete(id);
    dataset.deletedDocIds.add(id);
    deleted.push(id);
  }
  return deleted;
}

/** After a restart: the kept uploads back, completed ones searchable again. */
export function restoreUploads(dataset: Dataset, records: readonly UploadRecord[], seq: number): void {
  dataset.uploadSeq = Math.max(dataset.uploadSeq, seq);
  for (const r of records) {
    dataset.uploads.set(r.id, r);
    if (uploadStage(r) === 'completed' && !dataset.docsById.has(r.id))
      addDocumentToDataset(dataset, uploadDocument(r, dataset.links, true));
  }
}

/** The emulator's reset: no uploads (ids keep counting). */
export function clearUploads(dataset: Dataset): void {
  removeDocumentsFromDataset(dataset, new Set(dataset.uploads.keys()));
  removeDocumentsFromDataset(dataset, new Set([...dataset.docsById.keys()].filter((id) => id.startsWith('doc_up'))));
  dataset.uploads.clear();
}
