import { z } from 'zod';
import { compact } from './compact.js';
import { companyLabelsSchema } from './company-label-schema.js';
import { listOf, missingField, optionalNumber, optionalRecord, optionalString, wireString } from './wire-fields.js';

/** Milliseconds (a numeric string too); a date text (not documented, seen in list forms) is converted. */
const publishedAtMs = z.union([
  z
    .string()
    .refine((text) => !/^\d+$/.test(text))
    .transform((text) => {
      const ms = Date.parse(text);
      return Number.isFinite(ms) ? ms : undefined;
    }),
  optionalNumber,
]);

/** Items of v2 search and v2 news search. */
export const searchDocumentSchema = z
  .object({
    doc_id: optionalString,
    id: optionalString,
    title: wireString,
    url: optionalString,
    summary: optionalString,
    category: optionalString,
    published_at: publishedAtMs,
    companies: companyLabelsSchema,
    metadata: optionalRecord,
    score: optionalNumber,
  })
  .transform((d, ctx) => {
    const docId = d.doc_id ?? d.id;
    if (docId === undefined) return missingField(ctx, 'doc_id');
    return compact({
      docId,
      title: d.title,
      url: d.url,
      summary: d.summary,
      category: d.category,
      publishedAtMs: d.published_at,
      companies: d.companies,
      metadata: d.metadata ?? {},
      score: d.score,
    });
  });

/** Response of /v2/search and /v2/search/news. */
export const v2SearchResultSchema = z
  .object({ docs: listOf(searchDocumentSchema), total_count: optionalNumber, took_ms: optionalNumber })
  .transform((body) => ({ docs: body.docs, totalCount: body.total_count ?? body.docs.length, tookMs: body.took_ms ?? 0 }));
