import type { Chunk, DocumentDetail, DocumentSummary } from './types.js';
import { normaliseCompanies } from './normalise-company.js';
import { normaliseMetadatas, normaliseTags } from './normalise-tags.js';
import { asRecord, compact, isRecord, join, optArray, optNumber, optRecord, optString, reqString, type Json } from './read-shape.js';
import { ShapeError } from './errors/shape-error.js';

/**
 * List-form document (v1 search, documents by tag, a chunk's `doc`). A chunk's doc may be the
 * partial id/title/url form or the full document; both land here.
 */
export function normaliseDocumentSummary(raw: unknown, at: string): DocumentSummary {
  const d = asRecord(raw, at);
  const id = optString(d, 'id') ?? optString(d, 'doc_id');
  if (id === undefined) throw new ShapeError(join(at, 'id'), 'string', d.id);
  return compact<DocumentSummary>({
    id,
    title: reqString(d, 'title', at),
    url: optString(d, 'url'),
    fileUrl: optString(d, 'file_url'),
    mediaUrl: optString(d, 'media_url'),
    institution: optString(d, 'institution'),
    author: optString(d, 'author'),
    publishedAt: isoPublishedAt(d.published_at),
    category: optString(d, 'category'),
    type: optString(d, 'type'),
    market: optString(d, 'market'),
    symbol: optString(d, 'symbol'),
    companyName: optString(d, 'company_name'),
    logo: optString(d, 'logo'),
    summary: optString(d, 'summary'),
    tags: normaliseTags(d.tags),
    metadatas: normaliseMetadatas(d.metadatas),
  });
}

/** The list form documents an ISO string; an integer (ms) is accepted and converted. */
function isoPublishedAt(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString();
  return undefined;
}

export function normaliseChunk(raw: unknown, at: string): Chunk {
  const c = asRecord(raw, at);
  const metadata = optRecord(c, 'metadata');
  return compact<Chunk>({
    id: optString(c, 'id'),
    type: optString(c, 'type') ?? 'text',
    mediaUrl: optString(c, 'media_url') || undefined,
    content: optString(c, 'content'),
    summary: optString(c, 'summary'),
    metadata,
    tags: c.tags === undefined ? undefined : normaliseTags(c.tags),
    metadatas: c.metadatas === undefined ? undefined : normaliseMetadatas(c.metadatas),
    doc: isRecord(c.doc) ? normaliseDocumentSummary(c.doc, join(at, 'doc')) : undefined,
  });
}

/**
 * Document detail. The interface documents `published_at` (integer ms, schema form) and
 * `published_date` (YYYY-MM-DD, sample form); either yields `publishedDate` (a date derived from
 * ms uses UTC) and an integer also yields `publishedAtMs`.
 */
export function normaliseDocumentDetail(raw: unknown): DocumentDetail {
  const d = asRecord(raw, '');
  const docId = optString(d, 'doc_id') ?? optString(d, 'id');
  if (docId === undefined) throw new ShapeError('doc_id', 'string', d.doc_id);
  const { publishedAtMs, publishedDate } = publishedOf(d);
  return compact<DocumentDetail>({
    docId,
    title: reqString(d, 'title', ''),
    url: reqString(d, 'url', ''),
    institution: optString(d, 'institution'),
    author: optString(d, 'author'),
    publishedAtMs,
    publishedDate,
    category: optString(d, 'category'),
    type: optString(d, 'type'),
    market: optString(d, 'market'),
    ticker: optString(d, 'ticker'),
    symbol: optString(d, 'symbol'),
    companyName: optString(d, 'company_name'),
    logo: optString(d, 'logo'),
    companies: normaliseCompanies(d, 'companies', ''),
    tags: normaliseTags(d.tags),
    metadatas: normaliseMetadatas(d.metadatas),
    reportType: optNumber(d, 'report_type'),
    channelId: optString(d, 'channel_id'),
    channelName: optString(d, 'channel_name'),
    fileUrl: optString(d, 'file_url'),
    mediaUrl: optString(d, 'media_url'),
    summary: optString(d, 'summary'),
    chunks: optArray(d, 'chunks', '').map((c, i) => normaliseChunk(c, join('chunks', i))),
  });
}

function publishedOf(d: Json): { publishedAtMs?: number; publishedDate?: string } {
  const at = d.published_at;
  const date = typeof d.published_date === 'string' ? d.published_date.slice(0, 10) : undefined;
  if (typeof at === 'number' && Number.isFinite(at)) {
    return { publishedAtMs: at, publishedDate: date ?? new Date(at).toISOString().slice(0, 10) };
  }
  if (typeof at === 'string') {
    const ms = Date.parse(at);
    if (Number.isFinite(ms)) return { publishedAtMs: ms, publishedDate: date ?? at.slice(0, 10) };
  }
  return { publishedDate: date };
}
