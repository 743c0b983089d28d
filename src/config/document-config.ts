/**
 * Adding files to research folders (issue 31): the largest file the app fetches from Slack and
 * sends to the service, and how long it follows a file's processing before giving up.
 */
import type { z } from 'zod';
import { numberIn } from './variable-rules.js';

/** The research service's own limit on `/v1/docs/upload/form`: a larger file is refused before it is downloaded. */
export const SERVICE_MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

export const documentVariables = {
  /** Largest file added to a research folder, in bytes. */
  DOCUMENT_MAX_BYTES: numberIn(SERVICE_MAX_DOCUMENT_BYTES, 1, SERVICE_MAX_DOCUMENT_BYTES),
  /** Minutes the app follows a file's processing before telling the user it did not finish. */
  DOCUMENT_PROCESSING_MINUTES: numberIn(30, 1, 1_440),
};

export const DOCUMENT_EXAMPLES: Record<keyof typeof documentVariables, string> = {
  DOCUMENT_MAX_BYTES: '52428800',
  DOCUMENT_PROCESSING_MINUTES: '30',
};

export type DocumentEnv = z.output<z.ZodObject<typeof documentVariables>>;

export function readDocuments(e: DocumentEnv) {
  return {
    documentMaxBytes: Math.floor(e.DOCUMENT_MAX_BYTES),
    documentProcessingMs: e.DOCUMENT_PROCESSING_MINUTES * 60_000,
  };
}
