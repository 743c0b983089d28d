import { z } from 'zod';
import { isRecord } from '../read-shape.js';
import { compact } from './compact.js';
import { lenientListOf } from './lenient-list.js';
import { optionalNumber, optionalString } from './wire-fields.js';

/**
 * One OAIChunk of a document's raw content: its text is `content`; the schema gives no page, so it
 * is read from `metadata.page` (where the service's samples and the emulator put it).
 */
const rawChunkSchema = z.object({ content: optionalString, metadata: z.unknown().optional() }).transform((chunk) => {
  const page = isRecord(chunk.metadata) ? optionalNumber.parse(chunk.metadata.page) : undefined;
  return compact({ text: chunk.content ?? '', page: page !== undefined && Number.isInteger(page) && page > 0 ? page : undefined });
});

/** OAIDocContentsResponse, the parts the app reads; chunks without text are dropped, unreadable ones counted. */
export const rawContentSchema = z
  .object({
    doc_id: optionalString,
    id: optionalString,
    title: optionalString,
    url: optionalString,
    chunks: lenientListOf(rawChunkSchema),
  })
  .transform((body) =>
    compact({
      docId: body.doc_id || body.id,
      title: body.title ?? '',
      url: body.url || undefined,
      chunks: body.chunks.items.filter((chunk) => chunk.text.trim() !== ''),
      skipped: body.chunks.skipped,
    }),
  );
