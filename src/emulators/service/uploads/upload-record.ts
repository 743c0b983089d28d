/**
 * An uploaded document as the emulator keeps it (and the state file holds it): what was given at
 * upload, its text per page, and how far its processing went. The stage steps one per status
 * call — pending, processing, then completed (or failed, for an encrypted or unreadable PDF) —
 * and a file whose name (or the name given) contains `[stuck]` stays processing. Pure.
 */
import type { UploadExtension } from './upload-rules.js';

export interface UploadRecord {
  id: string;
  title: string;
  fileType: UploadExtension;
  folderId?: string;
  /** Tags given at upload: tag type → values. */
  tags: Record<string, string[]>;
  metadatas: { period: string; periods: string[]; entities: string[] };
  publishedAtMs: number;
  createdAtMs: number;
  /** The URL it was fetched from, or the file's own link for a form upload. */
  originalUrl: string;
  /** Text per page, first page first ([] for a type whose text is not read, or a failure). */
  pages: string[];
  /** Why processing fails, in the words the status route answers. */
  failure?: string;
  /** The file's own name or the name given contains `[stuck]`: processing never ends. */
  stuck?: boolean;
  /** How many status calls it has had (counted up to 3: the last stage). */
  statusCalls: number;
}

export type UploadStage = 'pending' | 'processing' | 'completed' | 'failed';

export const STUCK_MARK = '[stuck]';

export function uploadStage(r: UploadRecord): UploadStage {
  if (r.statusCalls <= 1) return 'pending';
  if (r.statusCalls === 2 || r.stuck || r.title.includes(STUCK_MARK)) return 'processing';
  return r.failure ? 'failed' : 'completed';
}

/** The record after one more status call. */
export function afterStatusCall(r: UploadRecord): UploadRecord {
  return { ...r, statusCalls: Math.min(3, r.statusCalls + 1) };
}
