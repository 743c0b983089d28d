import { z } from 'zod';
import { compact } from './compact.js';
import { metadataMapSchema, tagMapSchema } from './tag-map-schema.js';
import { missingField, optionalString, wireString } from './wire-fields.js';

/** The list form documents an ISO string (YYYY-MM-DDTHH:MM:SS.000Z); an integer (ms) is accepted and converted. */
const isoTimestamp = z
  .union([z.string(), z.number().transform((ms) => new Date(ms).toISOString())])
  .optional()
  .catch(undefined);

/**
 * List form of a document: items of v1 search and documents by tag, and a chunk's `doc` (the
 * partial id/title/url form or the full document). The published schema names the id `doc_id`.
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
    summary: optionalString,
    tags: tagMapSchema,
    metadatas: metadataMapSchema,
  })
  .transform((d, ctx) => {
    const id = d.id ?? d.doc_id;
    if (id === undefined) return missingField(ctx, 'id');
    return compact({
      id,
      title: d.title,
      url: d.url,
      fileUrl: d.file_url,
      mediaUrl: d.media_url,
      institution: d.institution,
      author: d.author,
      publishedAt: d.published_at,
      category: d.category,
      type: d.type,
      market: d.market,
      symbol: d.symbol,
      companyName: d.company_name,
      logo: d.logo,
      summary: d.summary,
      tags: d.tags,
      metadatas: d.metadatas,
    });
  });
