import type { FolderCreated, FolderDeleted } from './types.js';
import { asRecord, optArray, optString, stringList } from './read-shape.js';
import { ShapeError } from './errors/shape-error.js';

/** The schema answers `{folder_id}`, the sample `{id}`; either is the folder's identifier. */
export function normaliseFolderCreated(raw: unknown): FolderCreated {
  const body = asRecord(raw, '');
  const folderId = optString(body, 'folder_id') ?? optString(body, 'id');
  if (folderId === undefined) throw new ShapeError('folder_id', 'string', body.folder_id);
  return { folderId };
}

export function normaliseFolderDeleted(raw: unknown, requestedId: string): FolderDeleted {
  const body = asRecord(raw, '');
  return {
    folderId: optString(body, 'folder_id') ?? optString(body, 'id') ?? requestedId,
    docIds: stringList(optArray(body, 'doc_ids', '')),
  };
}
