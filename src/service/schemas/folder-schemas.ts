import { z } from 'zod';
import { compact } from './compact.js';
import { missingField, optionalString, stringsIn } from './wire-fields.js';

/** The schema answers `{folder_id}`, the sample `{id}`; either is the folder's identifier. */
export const folderCreatedSchema = z.object({ folder_id: optionalString, id: optionalString }).transform((body, ctx) => {
  const folderId = body.folder_id ?? body.id;
  if (folderId === undefined) return missingField(ctx, 'folder_id');
  return { folderId };
});

/** The folder id may be left out; the caller falls back to the one it asked to delete. */
export const folderDeletedSchema = z
  .object({ folder_id: optionalString, id: optionalString, doc_ids: stringsIn })
  .transform((body) => compact({ folderId: body.folder_id ?? body.id, docIds: body.doc_ids }));
