/**
 * The request a document search makes of the service, from its words and filters: v2 (relevance
 * scores) unless a filter only v1 supports is present — type:, market:, mode:, sort:, in:, tag: —
 * then v1 (paged). One builder for `/research <words>` (parse-research-args.ts) and the
 * searchResearch operation (operations/search-research-operation.ts), so both ask the same.
 */
import type { V1SearchRequest, V2SearchRequest } from '../../service/types.js';
import type { ResolvedWindow } from '../kit/commands/date-window.js';
import type { CollectedFilters, FilterName } from '../kit/commands/research-filters.js';

/** Documents per card page, shared by the parser, the listeners and the renderer. */
export const SEARCH_PAGE_SIZE = 5;
/** The v2 endpoints return at most 100 documents. */
const V2_MAX_NUM = 100;

const V1_ONLY: readonly FilterName[] = ['categories', 'markets', 'mode', 'sort', 'folders'];

/** v2 has no paging: ask for enough documents to fill `page`, and show the last slice. */
export function v2NumForPage(page: number, pageSize = SEARCH_PAGE_SIZE): number {
  return Math.min(V2_MAX_NUM, Math.max(1, page) * pageSize);
}

/** The search words: the query words, else the symbols' codes (`/research $NVDA` searches for NVDA). */
export function queryOf(f: Pick<CollectedFilters, 'words' | 'symbols'>): string {
  const q = f.words.join(' ').trim();
  return q || f.symbols.map((s) => s.code).join(' ');
}

export interface SearchScope {
  /** `in:` folder names or ids, resolved when run. */
  folders: readonly string[];
  folderTokens: readonly string[];
  tags: readonly string[];
}

export type SearchRequest =
  | { api: 'v2'; request: V2SearchRequest; routeReason: string }
  | { api: 'v1'; request: V1SearchRequest; routeReason: string };

export function searchRequest(query: string, f: CollectedFilters, window: ResolvedWindow, scope: SearchScope): SearchRequest {
  const symbols = f.symbols.map((s) => s.canonical);
  const v1Filters = V1_ONLY.filter((n) => f.used.has(n));
  if (v1Filters.length === 0 && scope.folders.length === 0 && scope.tags.length === 0) {
    const request: V2SearchRequest = { query, num: v2NumForPage(1) };
    if (symbols.length) request.symbols = symbols;
    if (window.startDate) request.startDatetime = window.startDate;
    if (window.endDate) request.endDatetime = window.endDate;
    return { api: 'v2', request, routeReason: 'default relevance search' };
  }
  const request: V1SearchRequest = { query, pageNum: 1, pageSize: SEARCH_PAGE_SIZE };
  if (f.mode) request.mode = f.mode;
  if (f.sort) request.sort = f.sort;
  // A folder holds uploaded files: searching it asks for them unless `type:` says otherwise.
  if (f.categories.length) request.categories = f.categories;
  else if (scope.folders.length) request.categories = ['files'];
  if (scope.tags.length) request.tags = [...scope.tags];
  if (f.markets.length) request.markets = f.markets;
  if (symbols.length) request.symbols = symbols;
  if (window.startDate) request.startDate = window.startDate;
  if (window.endDate) request.endDate = window.endDate;
  const reason = [...v1Filters.map((n) => f.used.get(n)), ...scope.folderTokens, ...(scope.tags.length ? ['tag:'] : [])].join(', ');
  return { api: 'v1', request, routeReason: `v1 for ${reason}` };
}
