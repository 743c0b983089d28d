/**
 * The documented naming variants and how each shapes responses.
 * - legacy: v1 search/tags paging `page`/`page_num` (= size)/`total_num`; tags and metadatas as a
 *   single `{key, value}` pair; folder creation returns `id`; document detail has
 *   `published_date` (YYYY-MM-DD); no `file_url` in list documents.
 * - schema: `page_num`/`page_size`/`total_count`; tags and metadatas as maps; `folder_id`;
 *   `published_at` integer (ms) in document detail.
 * - latest: as schema, plus folder_ids, should_highlight, min_score and the financials/socials
 *   categories in v1 search; query optional there.
 * - published: what the service's own OpenAPI schema says (/work/shared/spec/published-openapi-*.yaml,
 *   see published-forms.ts): list documents as `doc_id`, integer ms `published_at` and `companies`;
 *   FastAPI's plain 422 on every route, stock routes too; no status code the schema does not
 *   document (an unknown symbol is an empty answer, not a 404); the real samples' units and labels
 *   (revenue periods 年报/中报/三季报, concept stock markets SH/SZ); the agent event stream framed as
 *   the real one, with conversation and message ids beyond 2^53 (stream-framing.ts).
 */
import type { DemoChunk } from './data/document-chunks.js';
import type { DemoDocument, TagMap } from './data/documents.js';
import type { DemoCompany } from './data/companies.js';
import { companyLabels, publishedChunk, publishedDocDetail, publishedListDoc } from './published-forms.js';

export { companyLabels };

export type Variant = 'legacy' | 'schema' | 'latest' | 'published';
export const VARIANTS: readonly Variant[] = ['legacy', 'schema', 'latest', 'published'];

/** The variants whose v1 search knows folder_ids, min_score, should_highlight and every category. */
export const hasLatestSearch = (variant: Variant): boolean => variant === 'latest' || variant === 'published';

export function isoMs(ms: number): string {
  return new Date(ms).toISOString();
}

type Pair = { key: string; value: string[] };

export function formatTags(tags: TagMap, variant: Variant): Record<string, string[]> | Pair {
  if (variant !== 'legacy') return { ...tags };
  const entry = (Object.entries(tags) as Array<[string, string[]]>).find(([, v]) => v.length > 0) ?? ['industry', []];
  return { key: entry[0], value: [...entry[1]] };
}

export function formatMetadatas(m: DemoDocument['metadatas'], variant: Variant): Record<string, string | string[]> | Pair {
  if (variant === 'legacy') return { key: 'periods', value: [...m.periods] };
  return { period: m.period, periods: [...m.periods], entities: [...m.entities] };
}

/** List form (v1 search, documents by tag, full chunk doc). */
export function formatListDoc(
  doc: DemoDocument,
  variant: Variant,
  companies: readonly DemoCompany[],
  highlight?: (text: string) => string,
): Record<string, unknown> {
  if (variant === 'published') return publishedListDoc(doc, companies, highlight);
  return {
    id: doc.id,
    title: highlight ? highlight(doc.title) : doc.title,
    url: doc.url,
    ...(variant === 'legacy' ? {} : { file_url: doc.file_url }),
    media_url: doc.media_url,
    institution: doc.institution,
    author: doc.author,
    published_at: isoMs(doc.publishedAtMs),
    category: doc.category,
    type: doc.type,
    market: doc.market,
    symbol: doc.symbol,
    company_name: doc.company_name,
    logo: doc.logo,
    // "documented as not yet supported in list results": sent empty, as the service does.
    summary: '',
    tags: formatTags(doc.tags, variant),
    metadatas: formatMetadatas(doc.metadatas, variant),
    ...(variant === 'latest' && doc.folder_id ? { folder_id: doc.folder_id } : {}),
  };
}

export function formatChunk(chunk: DemoChunk, doc: DemoDocument, variant: Variant): Record<string, unknown> {
  if (variant === 'published') return publishedChunk(chunk);
  return {
    id: chunk.id,
    type: chunk.type,
    media_url: chunk.media_url,
    content: chunk.content,
    summary: chunk.summary,
    metadata: { ...chunk.metadata },
    tags: formatTags(doc.tags, variant),
    metadatas: formatMetadatas(doc.metadatas, variant),
  };
}

export function formatDocDetail(doc: DemoDocument, variant: Variant, companies: readonly DemoCompany[]): Record<string, unknown> {
  if (variant === 'published') return publishedDocDetail(doc, companies);
  const when = variant === 'legacy' ? { published_date: isoMs(doc.publishedAtMs).slice(0, 10) } : { published_at: doc.publishedAtMs };
  return {
    doc_id: doc.id,
    title: doc.title,
    url: doc.url,
    institution: doc.institution,
    author: doc.author,
    ...when,
    category: doc.category,
    type: doc.type,
    market: doc.market,
    ticker: doc.symbol.split(':')[1] ?? '',
    symbol: doc.symbol,
    company_name: doc.company_name,
    logo: doc.logo,
    companies: companyLabels(doc, companies),
    tags: formatTags(doc.tags, variant),
    metadatas: formatMetadatas(doc.metadatas, variant),
    report_type: doc.report_type,
    channel_id: doc.channel_id,
    channel_name: doc.channel_name,
    file_url: doc.file_url,
    media_url: doc.media_url,
    summary: doc.summary,
    chunks: doc.chunks.map((c) => formatChunk(c, doc, variant)),
  };
}

export interface PageInfo {
  total: number;
  pageNum: number;
  pageSize: number;
}

export function formatPage(variant: Variant, page: PageInfo, docs: unknown[]): Record<string, unknown> {
  const totalPage = page.total === 0 ? 0 : Math.ceil(page.total / page.pageSize);
  if (variant === 'legacy') {
    return { total_num: page.total, total_page: totalPage, page: page.pageNum, page_num: page.pageSize, docs };
  }
  return { total_count: page.total, total_page: totalPage, page_num: page.pageNum, page_size: page.pageSize, docs };
}

export function formatFolderCreated(variant: Variant, id: string): Record<string, unknown> {
  return variant === 'legacy' ? { id } : { folder_id: id };
}

/**
 * The 2026-04 schema's stock routes: `/v1/stock/index-quote` and `/v1/stock/stock-quote` (renamed
 * from index-prices and company-prices, which every variant still serves) and the earnings
 * calendar's `market` field (`area` before). The older variants speak the 2025-12 names only, so
 * a client's fallback is exercised against them.
 */
export function speaksApril2026Stock(variant: Variant): boolean {
  return variant !== 'legacy' && variant !== 'schema';
}
