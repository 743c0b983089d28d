import { z } from 'zod';
import { marketDate } from '../dates.js';
import { compact } from './compact.js';
import { companyLabelsSchema } from './company-label-schema.js';
import { metadataMapSchema, tagMapSchema } from './tag-map-schema.js';
import { missingField, optionalString, wireString } from './wire-fields.js';

/**
 * The interface's list form sends an ISO string (YYYY-MM-DDTHH:MM:SS.000Z), the published
 * schema an integer (ms); both become an ISO string.
 */
const isoTimestamp = z
  .union([
    z.string().transform((text) => (/^\d+$/.test(text) ? new Date(Number(text)).toISOString() : text)),
    z.number().transform((ms) => new Date(ms).toISOString()),
  ])
  .optional()
  .catch(undefined);

/**
 * List form of a document: items of v1 search and documents by tag, and a chunk's `doc` (the
 * partial id/title/url form or the full document). The interface names the id `id`; the
 * published schema (OAIDoc) `doc_id`, with `companies` and a millisecond `published_at`.
 */
export const documentSummarySchema = z
  .object({
    id: optionalString,
    doc_id: optionalString,
    title: wireString,
    url: optionalString,
    file_url: optionalString,
    media_url: optionalString,
    institution: optionalString,
    author: optionalString,
    published_at: isoTimestamp,
    category: optionalString,
    type: optionalString,
    market: optionalString,
    symbol: optionalString,
    company_name: optionalString,
    logo: optionalString,
    companies: companyLabelsSchema,
    summary: optionalString,
    tags: tagMapSchema,
    metadatas: metadataMapSchema,
  })
  .transform((d, ctx) => {
    const id = d.id ?? d.doc_id;
    if (id === undefined) return missingField(ctx, 'id');
    const publishedMs = d.published_at === undefined ? undefined : Date.parse(d.published_at);
    return compact({
      id,
      title: d.title,
      url: d.url,
      fileUrl: d.file_url,
      mediaUrl: d.media_url,
      institution: d.institution,
      author: d.author,
      publishedAt: d.published_at,
      /** YYYY-MM-DD in the document's market's own time zone (absent when the market is unknown). */
      publishedDate: marketDate(publishedMs, d.market, d.symbol, d.companies[0]?.stocks[0]?.symbol),
      category: d.category,
      type: d.type,
      market: d.market,
      symbol: d.symbol,
      companyName: d.company_name,
      logo: d.logo,
      companies: d.companies.length > 0 ? d.companies : undefined,
      summary: d.summary,
      tags: d.tags,
      metadatas: d.metadatas,
    });
  });
