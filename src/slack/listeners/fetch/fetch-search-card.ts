/**
 * Runs a search described by a SearchState (first page from a command, another page from
 * Prev/Next, the same page for Share) and renders its card.
 */
import type { ResearchService } from '../../../service/types.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { SearchState } from '../../blocks/button-values.js';
import { renderTagResults, renderV1SearchResults, renderV2SearchResults } from '../../blocks/search-results-card.js';
import { SEARCH_PAGE_SIZE, v2NumForPage } from '../../commands/parse-research-args.js';

export interface SearchCardOptions {
  visibility: 'ephemeral' | 'public';
  correlationId: string;
}

export async function fetchSearchCard(service: ResearchService, state: SearchState, options: SearchCardOptions): Promise<SlackMessage> {
  const call = { correlationId: options.correlationId };
  const ctx = { state, visibility: options.visibility, pageSize: SEARCH_PAGE_SIZE };
  switch (state.k) {
    case 'v2':
      return renderV2SearchResults(await service.searchV2({ ...state.r, num: v2NumForPage(state.p) }, call), ctx);
    case 'news':
      return renderV2SearchResults(await service.searchNews({ ...state.r, num: v2NumForPage(state.p) }, call), ctx);
    case 'v1':
      return renderV1SearchResults(await service.searchDocuments({ ...state.r, pageNum: state.p, pageSize: SEARCH_PAGE_SIZE }, call), ctx);
    case 'tag':
      return renderTagResults(await service.docsByTag({ ...state.r, pageNum: state.p, pageSize: SEARCH_PAGE_SIZE }, call), ctx);
  }
}
