import { z } from 'zod';
import { marketDate } from '../dates.js';
import { compact } from './compact.js';
import { lenientListOf } from './lenient-list.js';
import { companyLabelsSchema } from './company-label-schema.js';
import { missingField, optionalNumber, optionalRecord, optionalString, wireString } from './wire-fields.js';

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
      /** YYYY-MM-DD in the market's own time zone of the first company (absent without one). */
      publishedDate: marketDate(d.published_at, d.companies[0]?.stocks[0]?.symbol, d.companies[0]?.stocks[0]?.market),
      companies: d.companies,
      metadata: d.metadata ?? {},
      score: d.score,
    });
  });

/** Response of /v2/search and /v2/search/news; unreadable documents are left out and counted. */
export const v2SearchResultSchema = z
  .object({ docs: lenientListOf(searchDocumentSchema), total_count: optionalNumber, took_ms: optionalNumber })
  .transform((body) => ({
    docs: body.docs.items,
    totalCount: body.total_count ?? body.docs.items.length,
    tookMs: body.took_ms ?? 0,
    skipped: body.docs.skipped,
  }));
