import { z } from 'zod';
import type { DocumentUploadState } from '../types.js';
import { compact } from './compact.js';
import { optionalString } from './wire-fields.js';

/** DocsUploadStatusEnum of the published schema. */
export const UPLOAD_STATUS_ENUM = ['pending', 'processing', 'completed'] as const;
type EnumStatus = (typeof UPLOAD_STATUS_ENUM)[number];

const isEnumStatus = (status: string): status is EnumStatus & DocumentUploadState =>
  (UPLOAD_STATUS_ENUM as readonly string[]).includes(status);

/** The service's words reach users: kept short. */
const MAX_REASON_CHARS = 300;

/**
 * OAIDocsUploadStatusResponse `{id, status}`. A status in the enum is the state; any other status
 * string is a failure (the schema documents none, so the service's own failure is read this way),
 * its reason the body's `message`, `error`, `reason` or `detail` text, else the status itself.
 */
export const uploadStatusSchema = z
  .object({
    id: optionalString,
    doc_id: optionalString,
    status: z.string(),
    message: optionalString,
    error: optionalString,
    reason: optionalString,
    detail: optionalString,
  })
  .transform((body): { docId?: string; state: DocumentUploadState; reason?: string } => {
    const docId = body.id || body.doc_id;
    if (isEnumStatus(body.status)) return compact({ docId, state: body.status });
    const words = [body.message, body.error, body.reason, body.detail].find((text) => text !== undefined && text.trim() !== '');
    const reason = (words ?? body.status).trim().slice(0, MAX_REASON_CHARS) || 'unknown status';
    return compact({ docId, state: 'failed' as const, reason });
  });
