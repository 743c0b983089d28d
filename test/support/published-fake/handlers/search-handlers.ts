/**
 * Search operations: v1 document search and documents by tag (OAISearchDocsResponse, paged by
 * page_num/page_size), v2 search and news (SearchToolsResponse), chunk search
 * (OAISearchChunksResponse, with a chunk's `doc` as OAIDocBase or the full OAIDoc).
 */
import type { FakeDocument, WireChunk, WireDoc } from '../fixtures/documents.js';
import { corpusFor } from '../uploads/corpus.js';
import type { UploadState } from '../uploads/upload-state.js';
import { type Handler, int, ok, str, strings } from './handler-types.js';

const tokensOf = (query: string): string[] =>
  query
    .toLowerCase()
    .split(/[\s,，。]+/)
    .filter((t) => t.length > 0);

/** How many of the query's words a document mentions (0: not a match). */
function score(d: FakeDocument, tokens: string[]): number {
  return tokens.filter((t) => d.searchText.includes(t) || d.summary.toLowerCase().includes(t)).length;
}

interface Filters {
  categories: string[];
  /** Uploaded documents' folders (folder_ids); none: any document. */
  folderIds?: string[];
  markets: string[];
  symbols: string[];
  startMs?: number;
  endMs?: number;
}

function filtersOf(body: Record<string, unknown>, startKey: string, endKey: string): Filters {
  const start = str(body[startKey]);
  const end = str(body[endKey]);
  return {
    categories: strings(body.categories),
    folderIds: strings(body.folder_ids),
    markets: strings(body.markets),
    symbols: strings(body.symbols).map((s) => s.toUpperCase()),
    ...(start ? { startMs: Date.parse(`${start.slice(0, 10)}T00:00:00Z`) } : {}),
    ...(end ? { endMs: Date.parse(`${end.slice(0, 10)}T23:59:59Z`) } : {}),
  };
}

function passes(d: FakeDocument, f: Filters): boolean {
  const doc = d.doc;
  if ((f.folderIds?.length ?? 0) > 0 && (d.folderId === undefined || !f.folderIds?.includes(d.folderId))) return false;
  if (f.categories.length > 0 && (!doc.category || !f.categories.includes(doc.category))) return false;
  if (f.markets.length > 0 && (!doc.market || !f.markets.includes(doc.market))) return false;
  if (f.symbols.length > 0 && (!d.company || !f.symbols.includes(d.company.symbol))) return false;
  if (f.startMs !== undefined && (doc.published_at ?? 0) < f.startMs) return false;
  if (f.endMs !== undefined && (doc.published_at ?? Number.MAX_SAFE_INTEGER) > f.endMs) return false;
  return true;
}

/** The documents a search with these filters reaches (uploads only when it asks for files or folders). */
const reach = (uploads: UploadState | undefined, f: Filters, docIds: string[] = []): readonly FakeDocument[] =>
  corpusFor(uploads, { folderIds: f.folderIds ?? [], categories: f.categories, docIds });

/** Matching documents, best first (or newest first for sort=latest). */
export function searchDocuments(query: string, f: Filters, sort = 'smart', uploads?: UploadState): FakeDocument[] {
  const tokens = tokensOf(query);
  const scored = reach(uploads, f)
    .filter((d) => passes(d, f))
    .map((d) => ({ d, s: tokens.length === 0 ? 1 : score(d, tokens) }))
    .filter((x) => x.s > 0);
  const newest = (a: FakeDocument, b: FakeDocument) => (b.doc.published_at ?? 0) - (a.doc.published_at ?? 0);
  scored.sort((a, b) => (sort === 'latest' ? newest(a.d, b.d) : b.s - a.s || newest(a.d, b.d)));
  return scored.map((x) => x.d);
}

function page(docs: FakeDocument[], body: Record<string, unknown>) {
  const pageNum = int(body.page_num) ?? 1;
  const pageSize = int(body.page_size) ?? 10;
  const slice = docs.slice((pageNum - 1) * pageSize, pageNum * pageSize);
  return {
    total_count: docs.length,
    total_page: Math.ceil(docs.length / pageSize),
    page_num: pageNum,
    page_size: pageSize,
    docs: slice.map((d) => d.doc),
  };
}

/** SearchToolsDoc: the v2 list form. */
export function searchToolsDoc(d: FakeDocument, rank: number) {
  return {
    doc_id: d.doc.doc_id,
    title: d.doc.title,
    url: d.doc.url,
    summary: d.summary,
    ...(d.doc.category ? { category: d.doc.category } : {}),
    ...(d.doc.published_at !== undefined ? { published_at: d.doc.published_at } : {}),
    ...(d.doc.companies ? { companies: d.doc.companies } : {}),
    metadata: { report_type: d.doc.report_type ?? 0, report_status: 1, report_scope: 1, report_language: 'zh' },
    score: Math.round((0.97 - rank * 0.031) * 1000) / 1000,
  };
}

const v2Search =
  (newsOnly: boolean): Handler =>
  ({ body }) => {
    const f = filtersOf(body, 'start_datetime', 'end_datetime');
    if (newsOnly) f.categories = ['news'];
    const found = searchDocuments(str(body.query) ?? '', f);
    const num = int(body.num) ?? 10;
    return ok({ docs: found.slice(0, num).map(searchToolsDoc), total_count: found.length, took_ms: 37 });
  };

const chunkDoc = (d: FakeDocument, full: boolean): WireDoc => (full ? d.doc : { doc_id: d.doc.doc_id, title: d.doc.title, url: d.doc.url });

export const searchHandlers: Record<string, Handler> = {
  'POST /v1/search': ({ body, state }) => {
    const found = searchDocuments(str(body.query) ?? '', filtersOf(body, 'start_date', 'end_date'), str(body.sort), state.uploads);
    return ok(page(found, body));
  },

  'POST /v1/docs/tags': ({ body, state }) => {
    const wanted = Object.values((body.tags as Record<string, unknown[]>) ?? {})
      .flat()
      .map((v) => String(v).toLowerCase());
    const f = filtersOf(body, 'start_date', 'end_date');
    const found = reach(state.uploads, f)
      .filter((d) => passes(d, f) && Object.values(d.doc.tags ?? {}).some((values) => values.some((v) => wanted.includes(v.toLowerCase()))))
      .sort((a, b) => (b.doc.published_at ?? 0) - (a.doc.published_at ?? 0));
    return ok(page(found, body));
  },

  'POST /v2/search': v2Search(false),
  'POST /v2/search/news': v2Search(true),

  'POST /v1/search/chunks': ({ body, state }) => {
    const tokens = tokensOf(str(body.query) ?? '');
    const docIds = strings(body.doc_ids);
    const full = body.include_doc_extra_details === true;
    const f = filtersOf(body, 'start_date', 'end_date');
    const candidates: Array<{ chunk: WireChunk; d: FakeDocument; s: number; own: number }> = [];
    for (const d of reach(state.uploads, f, docIds)) {
      if (docIds.length > 0 && !docIds.includes(d.doc.doc_id)) continue;
      if (!passes(d, f)) continue;
      for (const chunk of d.chunks) {
        const own = `${chunk.content} ${chunk.summary ?? ''}`.toLowerCase();
        const text = `${own} ${d.searchText}`;
        candidates.push({ chunk, d, s: tokens.filter((t) => text.includes(t)).length, own: tokens.filter((t) => own.includes(t)).length });
      }
    }
    // A semantic search always finds the nearest passages: the best scores first, and of a
    // document's chunks the one that holds the words (an uploaded file's page).
    candidates.sort((a, b) => b.s - a.s || b.own - a.own);
    const chunks = candidates.slice(0, int(body.num) ?? 10).map(({ chunk, d }) => ({ ...chunk, doc: chunkDoc(d, full) }));
    return ok({ chunks });
  },
};
