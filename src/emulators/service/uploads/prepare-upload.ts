/**
 * From received bytes to the upload to keep: the folder must exist (404), the type must be one
 * the service reads (400), and the text is extracted now — a PDF that cannot be read is still
 * accepted and fails in processing, as the service does.
 */
import type { Dataset } from '../data/dataset.js';
import { NotFoundError } from '../http-errors.js';
import { extractPages } from './extract-text.js';
import { STUCK_MARK, type UploadRecord } from './upload-record.js';
import { extensionOf, uploadTypeOf } from './upload-rules.js';
import type { NewUpload } from './uploaded-docs.js';

export interface ReceivedFile {
  /** The name the file came with (form part or URL), for its type. */
  fileName: string;
  bytes: Uint8Array;
}

export interface UploadDetails {
  name?: string;
  tags: UploadRecord['tags'];
  metadatas: UploadRecord['metadatas'];
  publishedAtMs?: number;
  originalUrl?: string;
}

/** The folder a document goes in ('' or none: no folder); 404 for one that does not exist. */
export function folderFor(dataset: Dataset, folderId: string | undefined): string | undefined {
  if (folderId === undefined || folderId === '') return undefined;
  if (!dataset.folders.has(folderId)) throw new NotFoundError(`Folder ${folderId} not found`);
  return folderId;
}

/** The file's type and title, or the 400 of an unsupported type (checked before any reading). */
export function nameAndType(file: ReceivedFile, details: UploadDetails): { title: string; type: ReturnType<typeof uploadTypeOf> } {
  const title = details.name?.trim() || file.fileName.trim() || 'Untitled';
  return { title, type: uploadTypeOf(extensionOf(file.fileName) ? file.fileName : title) };
}

export async function prepareUpload(
  file: ReceivedFile,
  details: UploadDetails,
  folderId: string | undefined,
  nowMs: number,
): Promise<NewUpload> {
  const { title, type } = nameAndType(file, details);
  const text = await extractPages(file.bytes, type);
  return {
    title,
    fileType: type,
    ...(folderId ? { folderId } : {}),
    tags: details.tags,
    metadatas: details.metadatas,
    publishedAtMs: details.publishedAtMs ?? nowMs,
    createdAtMs: nowMs,
    ...(details.originalUrl ? { originalUrl: details.originalUrl } : {}),
    pages: text.ok ? text.pages : [],
    ...(text.ok ? {} : { failure: text.reason }),
    ...(file.fileName.includes(STUCK_MARK) ? { stuck: true } : {}),
  };
}
