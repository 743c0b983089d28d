/**
 * The document search a watch polls with: v1 search (it filters by category and date and sorts
 * by date), newest first, from a look-back window behind the cursor. A symbol watch filters by
 * the symbol and searches its code, as `/research $SYMBOL` does; a keyword watch searches the words.
 */
import type { Category, V1SearchRequest } from '../service/types.js';
import type { WatchRecord } from '../store/records.js';
import { WATCH_LOOKBACK_MS } from './select-new-documents.js';

/** Enough for one poll's alert and the documents already seen around the cursor. */
export const WATCH_SEARCH_PAGE_SIZE = 30;

/** Pages one poll reads at most: a burst beyond this many documents in the window is logged. */
export const WATCH_MAX_PAGES = 5;

export function watchSearchRequest(watch: WatchRecord, cursorMs: number, nowMs: number, pageNum = 1): V1SearchRequest {
  const since = new Date(Math.min(nowMs, Math.max(watch.createdAtMs, cursorMs) - WATCH_LOOKBACK_MS)).toISOString().slice(0, 10);
  const request: V1SearchRequest = {
    query: watch.target.kind === 'symbol' ? (watch.target.symbol.split(':')[1] ?? watch.target.symbol) : watch.target.keyword,
    sort: 'latest',
    startDate: since,
    pageNum,
    pageSize: WATCH_SEARCH_PAGE_SIZE,
  };
  if (watch.target.kind === 'symbol') request.symbols = [watch.target.symbol];
  if (watch.categories.length > 0) request.categories = watch.categories as Category[];
  return request;
}
