/**
 * What the service accepts as an uploaded document: the file types it reads (by the name's
 * extension, as the service decides) and the size cap, 50 MB. Pure.
 */
import { HttpError } from '../http-errors.js';

/** 50 MB: larger files are refused with 413 while they stream in, before they are kept. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export const SUPPORTED_EXTENSIONS = ['pdf', 'docx', 'xlsx', 'csv', 'txt', 'md', 'pptx'] as const;
export type UploadExtension = (typeof SUPPORTED_EXTENSIONS)[number];

const SUPPORTED: ReadonlySet<string> = new Set(SUPPORTED_EXTENSIONS);

/** The extension of a file name, lower-cased, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The file's type, or a 400 naming the supported ones. */
export function uploadTypeOf(name: string): UploadExtension {
  const ext = extensionOf(name);
  if (SUPPORTED.has(ext)) return ext as UploadExtension;
  const shown = ext === '' ? '(none)' : `.${ext}`;
  throw new HttpError(400, `Unsupported file type: ${shown}. Supported: ${SUPPORTED_EXTENSIONS.map((e) => `.${e}`).join(', ')}`);
}

export function tooLarge(): HttpError {
  return new HttpError(413, `File too large: the limit is ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
}
