import { z } from 'zod';
import { compact } from './compact.js';
import { documentSummarySchema } from './document-summary-schema.js';
import { metadataMapSchema, tagMapSchema } from './tag-map-schema.js';
import { isRecord } from '../read-shape.js';
import { lenientListOf } from './lenient-list.js';
import { optionalRecord, optionalString } from './wire-fields.js';

/** A content chunk of chunk search or of a document's content. */
export const chunkSchema = z
  .object({
    id: optionalString,
    type: optionalString,
    media_url: optionalString,
    content: optionalString,
    summary: optionalString,
    metadata: optionalRecord,
    tags: tagMapSchema.optional(),
    metadatas: metadataMapSchema.optional(),
    /** Chunk search only: id/title/url, or the full document with include_doc_extra_detail; a non-object is ignored. */
    doc: z.preprocess((v) => (isRecord(v) ? v : undefined), documentSummarySchema.optional()),
  })
  .transform((c) =>
    compact({
      id: c.id,
      type: c.type ?? 'text',
      // Samples send an empty string when there is no media.
      mediaUrl: c.media_url || undefined,
      content: c.content,
      summary: c.summary,
      metadata: c.metadata,
      tags: c.tags,
      metadatas: c.metadatas,
      doc: c.doc,
    }),
  );

/** Response of chunk search: `{chunks: [chunk]}`; unreadable chunks are left out and counted. */
export const chunkListSchema = z.object({ chunks: lenientListOf(chunkSchema) }).transform((body) => body.chunks);
