/**
 * Whether a Slack file can go into a research folder, judged from files.info alone so a file the
 * service would refuse is never downloaded: the types the service reads (by extension, as
 * `/v1/docs/upload/form` checks them) and the size limit.
 * @see https://docs.slack.dev/reference/objects/file-object (filetype)
 */

/** Extensions the research service reads. */
export const READABLE_EXTENSIONS = ['pdf', 'docx', 'xlsx', 'pptx', 'csv', 'txt', 'md'] as const;
export type ReadableExtension = (typeof READABLE_EXTENSIONS)[number];

/** How the user reads the list. */
export const READABLE_TYPES_TEXT = 'PDF, Word (.docx), Excel (.xlsx), PowerPoint (.pptx), CSV, plain text (.txt) and Markdown (.md)';

/** Slack's `filetype` for the readable types, where it differs from the extension. */
const FILETYPE_EXTENSION: Readonly<Record<string, ReadableExtension>> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  csv: 'csv',
  text: 'txt',
  txt: 'txt',
  markdown: 'md',
  md: 'md',
};

export interface SlackFileFacts {
  name: string;
  filetype?: string;
  size?: number;
}

export type FileVerdict =
  | { ok: true; extension: ReadableExtension; uploadName: string }
  | { ok: false; why: 'too_large'; sizeBytes: number; maxBytes: number }
  | { ok: false; why: 'unsupported'; shownType: string };

function extensionOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : undefined;
}

function isReadable(ext: string | undefined): ext is ReadableExtension {
  return ext !== undefined && (READABLE_EXTENSIONS as readonly string[]).includes(ext);
}

/** The size first (the larger refusal), then the type; the name sent carries the type's extension. */
export function judgeSlackFile(file: SlackFileFacts, maxBytes: number): FileVerdict {
  if (file.size !== undefined && file.size > maxBytes) return { ok: false, why: 'too_large', sizeBytes: file.size, maxBytes };
  const byName = extensionOf(file.name);
  if (isReadable(byName)) return { ok: true, extension: byName, uploadName: file.name };
  const byType = file.filetype ? FILETYPE_EXTENSION[file.filetype.toLowerCase()] : undefined;
  if (byType) return { ok: true, extension: byType, uploadName: `${file.name || 'file'}.${byType}` };
  return { ok: false, why: 'unsupported', shownType: byName ? `.${byName}` : (file.filetype ?? 'unknown') };
}

/** 52428800 → "50 MB"; 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}
