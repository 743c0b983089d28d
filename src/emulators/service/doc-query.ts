/** Filtering and ranking of documents shared by v1 search, v2 search, news, tags and chunks. */
import type { Dataset } from './data/dataset.js';
import type { DemoDocument } from './data/documents.js';

export type SearchMode = 'smart' | 'semantic' | 'keywords';

export interface DocFilter {
  /** Undefined → every category except files (or files too when folders are asked for). */
  categories?: string[];
  /** Categories the default covers (the v1 legacy/schema variants know fewer). */
  defaultCategories: readonly string[];
  markets?: string[];
  symbols?: string[];
  institutions?: string[];
  startMs?: number;
  endMs?: number;
  docIds?: string[];
  folderIds?: string[];
  tags?: Record<string, unknown> | string[];
  /** With tags as an object: any type may match (documents by tag) instead of every type (v1 search). */
  anyTag?: boolean;
  industries?: string[];
  channelIds?: string[];
}

export interface RankedDoc {
  doc: DemoDocument;
  score: number;
}

const lower = (s: string): string => s.toLowerCase();

function symbolMatches(doc: DemoDocument, wanted: string): boolean {
  const w = wanted.toUpperCase();
  return doc.symbols.some((s) => s === w || (!w.includes(':') && s.endsWith(`:${w}`)));
}

function marketMatches(doc: DemoDocument, market: string): boolean {
  const m = lower(market);
  if (m === 'sh' || m === 'sz') return doc.symbol.startsWith(`${m.toUpperCase()}:`);
  return doc.market === m;
}

function tagsMatch(doc: DemoDocument, tags: Record<string, unknown> | string[], anyType: boolean): boolean {
  const docValues = (type?: string): string[] => {
    const fromTags = type ? ((doc.tags as Record<string, string[]>)[type] ?? []) : Object.values(doc.tags).flat();
    // Tags given at upload have no type of their own: they answer to every type.
    return [...fromTags, ...(doc.uploadTags ?? [])].map(lower);
  };
  if (Array.isArray(tags)) {
    if (tags.length === 0) return true;
    const have = docValues();
    return tags.some((t) => have.includes(lower(t)));
  }
  const wanted = Object.entries(tags).flatMap(([type, values]) => {
    const list = Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
    return list.length > 0 ? [{ type, list }] : [];
  });
  const matches = ({ type, list }: { type: string; list: string[] }): boolean => {
    const have = docValues(type);
    return list.some((v) => have.includes(lower(v)));
  };
  if (anyType) return wanted.length === 0 || wanted.some(matches);
  return wanted.every(matches);
}

/** Ids of the documents passing every filter given. */
export function filterDocs(dataset: Dataset, f: DocFilter): Set<string> {
  const categories =
    f.categories && f.categories.length > 0
      ? f.categories
      : f.folderIds && f.folderIds.length > 0
        ? [...f.defaultCategories, 'files']
        : f.defaultCategories;
  const out = new Set<string>();
  for (const doc of dataset.documents) {
    if (dataset.deletedDocIds.has(doc.id)) continue;
    if (!categories.includes(doc.category)) continue;
    if (f.markets && f.markets.length > 0 && !f.markets.some((m) => marketMatches(doc, m))) continue;
    if (f.symbols && f.symbols.length > 0 && !f.symbols.some((s) => symbolMatches(doc, s))) continue;
    if (f.institutions && f.institutions.length > 0 && !f.institutions.some((i) => lower(i) === lower(doc.institution))) continue;
    if (f.startMs !== undefined && doc.publishedAtMs < f.startMs) continue;
    if (f.endMs !== undefined && doc.publishedAtMs > f.endMs) continue;
    if (f.docIds && f.docIds.length > 0 && !f.docIds.includes(doc.id)) continue;
    if (f.folderIds && f.folderIds.length > 0 && !(doc.folder_id && f.folderIds.includes(doc.folder_id))) continue;
    if (f.tags && !tagsMatch(doc, f.tags, f.anyTag ?? false)) continue;
    if (f.industries && f.industries.length > 0 && !f.industries.some((i) => doc.tags.industry.map(lower).includes(lower(i)))) continue;
    if (f.channelIds && f.channelIds.length > 0 && !f.channelIds.includes(doc.channel_id)) continue;
    out.add(doc.id);
  }
  return out;
}

/**
 * Ranks allowed documents for a query. keywords: share of query terms present; semantic: BM25;
 * smart: BM25 nudged towards recent documents. An empty query lists everything, newest first.
 */
export function rankDocs(
  dataset: Dataset,
  query: string,
  mode: SearchMode,
  allowed: Set<string>,
  sort: 'smart' | 'latest' = 'smart',
): RankedDoc[] {
  const byDate = (a: RankedDoc, b: RankedDoc): number => b.doc.publishedAtMs - a.doc.publishedAtMs;
  let ranked: RankedDoc[];
  if (query.trim() === '') {
    ranked = [...allowed].flatMap((id) => {
      const doc = dataset.docsById.get(id);
      return doc ? [{ doc, score: 0 }] : [];
    });
    return ranked.sort(byDate);
  }
  const hits = mode === 'keywords' ? dataset.docIndex.termMatch(query, allowed) : dataset.docIndex.bm25(query, allowed);
  const newest = dataset.documents[0]?.publishedAtMs ?? 0;
  ranked = hits.flatMap((h) => {
    const doc = dataset.docsById.get(h.key);
    if (!doc) return [];
    let score = h.score;
    if (mode === 'smart') {
      const ageDays = (newest - doc.publishedAtMs) / 86_400_000;
      score *= 1 + 0.15 * Math.max(0, 1 - ageDays / 730);
    }
    return [{ doc, score: Math.round(score * 10_000) / 10_000 }];
  });
  if (sort === 'latest') return ranked.sort(byDate);
  return ranked.sort((a, b) => b.score - a.score || byDate(a, b));
}

/** Wraps each whitespace-separated query term found in `text` in <em> tags. */
export function highlighter(query: string): (text: string) => string {
  const terms = query
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (terms.length === 0) return (t) => t;
  const re = new RegExp(`(${terms.join('|')})`, 'gi');
  return (text) => text.replace(re, '<em>$1</em>');
}

export function dateStartMs(date: string): number {
  return Date.parse(`${date.slice(0, 10)}T${date.length > 10 ? date.slice(11) : '00:00:00'}Z`);
}

/** End of the day for a bare date, the instant itself for a datetime. */
export function dateEndMs(date: string): number {
  return date.length > 10 ? Date.parse(`${date.slice(0, 10)}T${date.slice(11)}Z`) : Date.parse(`${date}T23:59:59.999Z`);
}
