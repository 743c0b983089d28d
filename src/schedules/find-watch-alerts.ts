/**
 * What one poll of a watch has to post, found without claiming anything: the eve of an earnings
 * date (symbol watches; the calendar is read once a day), then the new documents, with the
 * service's summary of the transcript or filing that follows an announced earnings date. Every
 * service call takes from the shared budget; a retryable service failure (outage, 429) leaves
 * the state untouched, so the same documents come with a later poll.
 */
import type { Logger } from '../observability/logger.js';
import { isServiceError } from '../service/errors/service-error.js';
import type { DocumentSummary, ResearchService } from '../service/types.js';
import type { WatchAlert, WatchRecord, WatchState } from '../store/records.js';
import type { WatchPollBudget } from '../store/watch-poll-budget.js';
import { findEarningsEve, marketOfSymbol, utcDay } from './earnings-eve.js';
import { selectNewDocuments, watchFloorMs } from './select-new-documents.js';
import { WATCH_MAX_PAGES, WATCH_SEARCH_PAGE_SIZE, watchSearchRequest } from './watch-search-request.js';

/** Transcripts and filings after an earnings date carry its results. */
const RESULT_CATEGORIES = new Set(['transcripts', 'filings']);

export interface FindWatchAlertsDeps {
  service: Pick<ResearchService, 'searchDocuments' | 'earningsCalendar' | 'getDocumentSummary'>;
  budget: WatchPollBudget;
  clock: () => number;
  /** How long a 429 without Retry-After holds polling. */
  retryAfterDefaultMs: number;
}

export type FoundAlerts =
  | { kind: 'budget_spent' | 'service_unavailable' }
  | { kind: 'alerts'; alerts: WatchAlert[]; stateChanges: Partial<WatchState> };

/** What to post now: an earnings eve (symbol watches), then the new documents (with an earnings summary). */
export async function findWatchAlerts(
  deps: FindWatchAlertsDeps,
  watch: WatchRecord,
  state: WatchState,
  nowMs: number,
  log: Logger,
): Promise<FoundAlerts> {
  const { service, budget, clock } = deps;
  const alerts: WatchAlert[] = [];
  const stateChanges: Partial<WatchState> = {};
  const today = utcDay(nowMs);
  try {
    if (watch.target.kind === 'symbol' && state.earningsCheckedDay !== today && marketOfSymbol(watch.target.symbol)) {
      if (!(await budget.take())) return { kind: 'budget_spent' };
      const eve = await findEarningsEve(service, watch.target.symbol, nowMs, { correlationId: `watch:${watch.watchId}` });
      stateChanges.earningsCheckedDay = today;
      if (eve && !state.earningsEves.includes(eve.date)) alerts.push(eve);
    }
    const found = await searchBackToFloor(deps, watch, state, nowMs, log);
    if (found === 'budget_spent') return { kind: 'budget_spent' };
    const docs = selectNewDocuments(found, watch, state);
    if (docs.length > 0) {
      const summary = await earningsSummary(deps, watch, state, docs, log);
      alerts.push(summary ? { kind: 'documents', docs, summary } : { kind: 'documents', docs });
    }
  } catch (error) {
    if (!isServiceError(error) || !error.retryable) throw error;
    if (error.kind === 'rate_limited') await budget.block(clock() + (error.retryAfterMs ?? deps.retryAfterDefaultMs));
    // Nothing was claimed: the cursor stays, and the next poll finds the same documents.
    log.warn('watch poll: service unavailable; documents wait for a later poll', { kind: error.kind, retryAfterMs: error.retryAfterMs });
    return { kind: 'service_unavailable' };
  }
  return { kind: 'alerts', alerts, stateChanges };
}

/**
 * The search answers newest first, a page at a time. A poll alerts the OLDEST unseen documents
 * first and then moves the cursor past them, so it must read back to the watch's floor: with
 * only the first page, a burst of more documents than a page holds would leave the older ones
 * behind the cursor, never alerted. A budget that runs out part-way gives up the whole poll
 * (a later one reads it all again) rather than alert from an incomplete list.
 */
async function searchBackToFloor(
  { service, budget }: FindWatchAlertsDeps,
  watch: WatchRecord,
  state: WatchState,
  nowMs: number,
  log: Logger,
): Promise<DocumentSummary[] | 'budget_spent'> {
  const floor = watchFloorMs(watch, state);
  const items: DocumentSummary[] = [];
  for (let pageNum = 1; pageNum <= WATCH_MAX_PAGES; pageNum++) {
    if (!(await budget.take())) return 'budget_spent';
    const page = await service.searchDocuments(watchSearchRequest(watch, state.cursorMs, nowMs, pageNum), {
      correlationId: `watch:${watch.watchId}`,
    });
    items.push(...page.items);
    const oldest = Math.min(...page.items.map((d) => (d.publishedAt ? Date.parse(d.publishedAt) : Number.NaN)));
    if (page.items.length < WATCH_SEARCH_PAGE_SIZE || !(oldest >= floor)) return items;
  }
  log.warn('watch poll: more documents in the window than it reads; the oldest may be missed', {
    watchId: watch.watchId,
    pages: WATCH_MAX_PAGES,
  });
  return items;
}

/** The service's summary of the first transcript or filing published since the announced earnings date. */
async function earningsSummary(
  { service, budget }: FindWatchAlertsDeps,
  watch: WatchRecord,
  state: WatchState,
  docs: Array<{ id: string; title: string; category?: string; publishedMs: number }>,
  log: Logger,
): Promise<{ docId: string; title: string; text: string } | undefined> {
  if (watch.target.kind !== 'symbol' || state.earningsDate === undefined || state.earningsSummaryDone === true) return undefined;
  const since = Date.parse(`${state.earningsDate}T00:00:00Z`) - 24 * 60 * 60_000;
  const result = docs.find((d) => d.category !== undefined && RESULT_CATEGORIES.has(d.category) && d.publishedMs >= since);
  if (!result || !(await budget.take())) return undefined;
  try {
    const summary = await service.getDocumentSummary(result.id, { correlationId: `watch:${watch.watchId}` });
    return summary.summary ? { docId: result.id, title: result.title, text: summary.summary } : undefined;
  } catch (error) {
    // The documents still go out; the summary is a bonus.
    log.warn('watch: earnings document summary unavailable', { docId: result.id, error });
    return undefined;
  }
}
