/**
 * Runs a search described by a SearchState (first page from a command, another page from
 * Prev/Next, the same page for Share) and renders its card.
 */
import type { ResearchService } from '../../service/types.js';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import type { SearchState } from '../kit/button-values.js';
import { renderTagResults, renderV1SearchResults, renderV2SearchResults } from './cards/search-results-card.js';
import { SEARCH_PAGE_SIZE, v2NumForPage } from './parse-research-args.js';
import type { FileLabeler } from './uploaded-file-labels.js';

export interface SearchCardOptions {
  visibility: 'ephemeral' | 'public';
  correlationId: string;
  /** Names the workspace's own uploaded files among the results (file name, folder). */
  fileLabels?: FileLabeler;
}

type ListedDoc = ({ docId: string } | { id: string }) & { category?: string | undefined };
const idOf = (d: ListedDoc): string => ('docId' in d ? d.docId : d.id);

/** The most a v2 search returns. */
const V2_MAX = 100;
const DATE_KEYS = ['startDate', 'endDate', 'startDatetime', 'endDatetime'] as const;

function withoutDates<T extends object>(request: T): T {
  const copy = { ...request } as Record<string, unknown>;
  for (const key of DATE_KEYS) delete copy[key];
  return copy as T;
}

export async function fetchSearchCard(service: ResearchService, state: SearchState, options: SearchCardOptions): Promise<SlackMessage> {
  const call = { correlationId: options.correlationId };
  const base = { state, visibility: options.visibility, pageSize: SEARCH_PAGE_SIZE };
  /** The files the user may see are labelled; the others are taken out of the list and counted. */
  const view = async <D extends ListedDoc>(docs: readonly D[]) => {
    if (!options.fileLabels) return { docs: [...docs], ctx: base };
    const files = await options.fileLabels(docs.map((d) => ({ id: idOf(d), category: d.category })));
    const shown = docs.filter((d) => !files.hidden.has(idOf(d)));
    const hidden = docs.length - shown.length;
    return { docs: shown, ctx: { ...base, files: files.labels, ...(hidden > 0 ? { hiddenFiles: hidden } : {}) } };
  };
  // A first page with nothing in its date window asks once more without it, so the card suggests
  // a wider window only when one would find something.
  const hasDates = DATE_KEYS.some((key) => (state.r as Record<string, unknown>)[key] !== undefined);
  const checkWithoutDates = state.p === 1 && hasDates;
  switch (state.k) {
    case 'v2':
    case 'news': {
      const search = (r: typeof state.r, num: number) =>
        state.k === 'v2' ? service.searchV2({ ...r, num }, call) : service.searchNews({ ...r, num }, call);
      const result = await search(state.r, v2NumForPage(state.p));
      const widerResult = checkWithoutDates && result.docs.length === 0 ? await search(withoutDates(state.r), V2_MAX) : undefined;
      const wider = widerResult && Math.max(widerResult.totalCount, widerResult.docs.length);
      const { docs, ctx } = await view(result.docs);
      return renderV2SearchResults({ ...result, docs }, { ...ctx, ...(wider !== undefined ? { matchesWithoutDates: wider } : {}) });
    }
    case 'v1': {
      const page = await service.searchDocuments({ ...state.r, pageNum: state.p, pageSize: SEARCH_PAGE_SIZE }, call);
      const wider =
        checkWithoutDates && page.items.length === 0
          ? (await service.searchDocuments({ ...withoutDates(state.r), pageNum: 1, pageSize: 1 }, call)).totalCount
          : undefined;
      const { docs, ctx } = await view(page.items);
      return renderV1SearchResults({ ...page, items: docs }, { ...ctx, ...(wider !== undefined ? { matchesWithoutDates: wider } : {}) });
    }
    case 'tag': {
      const page = await service.docsByTag({ ...state.r, pageNum: state.p, pageSize: SEARCH_PAGE_SIZE }, call);
      const { docs, ctx } = await view(page.items);
      return renderTagResults({ ...page, items: docs }, ctx);
    }
  }
}
