/**
 * Which documents of a search answer a watch has not alerted yet, and the state after alerting
 * them. Pure. A document counts when it was published after the watch began, no earlier than
 * a look-back window behind the cursor (late-indexed documents still arrive), and is not seen.
 */
import type { DocumentSummary } from '../service/types.js';
import type { WatchAlertDoc, WatchRecord, WatchState } from '../store/records.js';

/** How far behind the cursor a newly indexed document is still news. */
export const WATCH_LOOKBACK_MS = 2 * 24 * 60 * 60_000;
/** Documents per alert message; more wait for the next poll (oldest first, so none is skipped). */
export const MAX_DOCS_PER_ALERT = 10;

/** The oldest publication time that still counts as news for this watch. */
export function watchFloorMs(watch: WatchRecord, state: WatchState): number {
  return Math.max(watch.createdAtMs, state.cursorMs - WATCH_LOOKBACK_MS);
}

export function selectNewDocuments(docs: DocumentSummary[], watch: WatchRecord, state: WatchState): WatchAlertDoc[] {
  const floor = watchFloorMs(watch, state);
  const fresh = new Map<string, WatchAlertDoc>();
  for (const d of docs) {
    const publishedMs = d.publishedAt === undefined ? Number.NaN : Date.parse(d.publishedAt);
    if (!Number.isFinite(publishedMs) || publishedMs < floor || d.id in state.seen || fresh.has(d.id)) continue;
    fresh.set(d.id, {
      id: d.id,
      title: d.title,
      publishedMs,
      ...(d.url ? { url: d.url } : {}),
      ...(d.category ? { category: d.category } : {}),
    });
  }
  return [...fresh.values()].sort((a, b) => a.publishedMs - b.publishedMs || a.id.localeCompare(b.id)).slice(0, MAX_DOCS_PER_ALERT);
}

/** The state once `docs` were posted: seen, the cursor at the newest, old entries pruned. */
export function afterDocumentsPosted(state: WatchState, docs: WatchAlertDoc[]): Pick<WatchState, 'cursorMs' | 'seen'> {
  const cursorMs = Math.max(state.cursorMs, ...docs.map((d) => d.publishedMs));
  const seen: Record<string, number> = {};
  for (const [id, ms] of Object.entries(state.seen)) if (ms >= cursorMs - WATCH_LOOKBACK_MS) seen[id] = ms;
  for (const d of docs) seen[d.id] = d.publishedMs;
  return { cursorMs, seen };
}
