import { z } from 'zod';
import { stringsIn } from './wire-fields.js';

/** OAIDocsDeleteResponse `{doc_ids}`: the ids the service says it deleted. */
export const documentsDeletedSchema = z.object({ doc_ids: stringsIn }).transform((body) => ({ docIds: body.doc_ids }));
