/**
 * What the service's clients changed in the demo dataset (folders created and deleted, documents
 * uploaded — with their processing stage — and documents deleted), apart from the dataset itself: the dataset is rebuilt at every
 * start, and only these changes are kept across restarts.
 */
import type { Dataset } from './dataset.js';
import { seedFolders, type DemoFolder } from './documents.js';
import type { UploadRecord } from '../uploads/upload-record.js';
import { clearUploads, restoreUploads } from '../uploads/uploaded-docs.js';

export interface DatasetChanges {
  /** Folders created by clients that still exist. */
  createdFolders: DemoFolder[];
  /** Seed folders that were deleted. */
  deletedSeedFolderIds: string[];
  deletedDocIds: string[];
  /** Uploaded documents that still exist, with their text and stage. */
  uploads: UploadRecord[];
  /** The last upload number given (ids are not given twice, even after a delete). */
  uploadSeq: number;
}

export function datasetChangesOf(dataset: Dataset): DatasetChanges {
  const seedIds = new Set(seedFolders(dataset.calendar).map((f) => f.id));
  return {
    createdFolders: [...dataset.folders.values()].filter((f) => !seedIds.has(f.id)).map((f) => ({ ...f })),
    deletedSeedFolderIds: [...seedIds].filter((id) => !dataset.folders.has(id)),
    deletedDocIds: [...dataset.deletedDocIds],
    uploads: [...dataset.uploads.values()],
    uploadSeq: dataset.uploadSeq,
  };
}

/** Replays `changes` on a freshly built dataset. */
export function applyDatasetChanges(dataset: Dataset, changes: DatasetChanges): void {
  for (const id of changes.deletedSeedFolderIds) dataset.folders.delete(id);
  for (const f of changes.createdFolders) dataset.folders.set(f.id, { ...f });
  for (const id of changes.deletedDocIds) dataset.deletedDocIds.add(id);
  restoreUploads(dataset, changes.uploads, changes.uploadSeq);
}

/** Undoes every change: the seed folders only, no document uploaded or deleted (upload ids keep counting). */
export function clearDatasetChanges(dataset: Dataset): void {
  clearUploads(dataset);
  dataset.folders.clear();
  for (const f of seedFolders(dataset.calendar)) dataset.folders.set(f.id, f);
  dataset.deletedDocIds.clear();
}
