import { z } from 'zod';
import { compact } from './compact.js';
import { missingField, optionalString } from './wire-fields.js';

/**
 * OAIDocsIdResponse, what an upload answers: the schema names the document `id`; `doc_id` (the
 * name every other docs route uses) is read too. The title may be left out: the caller falls
 * back to the name it sent.
 */
export const uploadedDocumentSchema = z
  .object({ id: optionalString, doc_id: optionalString, title: optionalString, original_url: optionalString })
  .transform((body, ctx) => {
    const docId = body.id || body.doc_id;
    if (!docId) return missingField(ctx, 'id');
    return compact({ docId, title: body.title, originalUrl: body.original_url || undefined });
  });
