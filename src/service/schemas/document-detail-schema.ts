import { z } from 'zod';
import { dateFromMs, marketDate } from '../dates.js';
import { compact } from './compact.js';
import { lenientListOf } from './lenient-list.js';
import { chunkSchema } from './chunk-schema.js';
import { companyLabelsSchema } from './company-label-schema.js';
import { metadataMapSchema, tagMapSchema } from './tag-map-schema.js';
import { missingField, optionalNumber, optionalString, wireString } from './wire-fields.js';

/**
 * Document detail (GET /v1/docs/{doc_id}). The interface documents `published_at` (integer ms,
 * schema form) and `published_date` (YYYY-MM-DD, sample form); either yields `publishedDate` (a
 * date derived from ms is the day in the document's market's own time zone, else UTC's), and a timestamp
 * also yields `publishedAtMs`. Unreadable chunks are left out and counted (`skipped`).
 */
export const documentDetailSchema = z
  .object({
    doc_id: optionalString,
    id: optionalString,
    title: wireString,
    url: wireString,
    institution: optionalString,
    author: optionalString,
    published_at: z.union([z.number(), z.string()]).optional().catch(undefined),
    published_date: z.string().optional().catch(undefined),
    category: optionalString,
    type: optionalString,
    market: optionalString,
    ticker: optionalString,
    symbol: optionalString,
    company_name: optionalString,
    logo: optionalString,
    companies: companyLabelsSchema,
    tags: tagMapSchema,
    metadatas: metadataMapSchema,
    report_type: optionalNumber,
    channel_id: optionalString,
    channel_name: optionalString,
    file_url: optionalString,
    media_url: optionalString,
    summary: optionalString,
    chunks: lenientListOf(chunkSchema),
  })
  .transform((d, ctx) => {
    const docId = d.doc_id ?? d.id;
    if (docId === undefined) return missingField(ctx, 'doc_id');
    const zoneHints = [d.market, d.symbol, d.companies[0]?.stocks[0]?.symbol];
    const { publishedAtMs, publishedDate } = publishedOf(d.published_at, d.published_date, zoneHints);
    return compact({
      docId,
      title: d.title,
      url: d.url,
      institution: d.institution,
      author: d.author,
      /** Milliseconds epoch, when the service sent a timestamp. */
      publishedAtMs,
      /** YYYY-MM-DD: from published_date, or derived from published_at. */
      publishedDate,
      category: d.category,
      type: d.type,
      market: d.market,
      ticker: d.ticker,
      symbol: d.symbol,
      companyName: d.company_name,
      logo: d.logo,
      companies: d.companies,
      tags: d.tags,
      metadatas: d.metadatas,
      reportType: d.report_type,
      channelId: d.channel_id,
      channelName: d.channel_name,
      fileUrl: d.file_url,
      mediaUrl: d.media_url,
      summary: d.summary,
      chunks: d.chunks.items,
      skipped: d.chunks.skipped,
    });
  });

function publishedOf(
  at: number | string | undefined,
  dateText: string | undefined,
  zoneHints: Array<string | undefined>,
): { publishedAtMs?: number; publishedDate?: string } {
  const date = dateText?.slice(0, 10);
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? (/^\d+$/.test(at) ? Number(at) : Date.parse(at)) : Number.NaN;
  if (Number.isFinite(ms)) return { publishedAtMs: ms, publishedDate: date ?? marketDate(ms, ...zoneHints) ?? dateFromMs(ms) };
  return { publishedDate: date };
}

/** GET /v1/docs/{doc_id}/summary; the id falls back to the one asked for. */
export const docSummaryResultSchema = z
  .object({ doc_id: optionalString, summary: wireString })
  .transform((body) => compact({ docId: body.doc_id, summary: body.summary }));
