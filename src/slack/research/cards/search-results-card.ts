/**
 * Search results (v1 pages, v2 and news lists, documents by tag): a compact card per document
 * with Summary / Key passages / Ask the agent / Open, then Prev / Next and Share in channel.
 */
import type { DocumentSummary, Page, V2SearchResult } from '../../../service/types.js';
import { ACTION_IDS, indexedActionId } from '../../blocks/action-ids.js';
import type { KnownBlock } from '@slack/types';
import { encodeDocButton, encodeSearchState, type SearchState } from '../../kit/button-values.js';
import { actions, button, compact, context, divider, header, section } from '../../blocks/card-parts.js';
import { docItem, docMetaLine, docTitleLink, type DocItem } from './doc-item.js';
import { bold, escapeMrkdwn, safeUrl } from '../../blocks/escape.js';
import { clampMessage } from '../../blocks/limits.js';
import { bestScoreOf } from '../../blocks/match-word.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { markdownExcerpt } from '../../blocks/markdown/markdown-excerpt.js';
import type { FileLabels, UploadedFileLabel } from '../uploaded-file-labels.js';
import { excerpt } from '../../blocks/format.js';

export interface SearchCardContext {
  /** The search being shown; `p` is the page on screen. */
  state: SearchState;
  visibility: 'ephemeral' | 'public';
  /** Documents per page (the listeners' SEARCH_PAGE_SIZE). */
  pageSize: number;
  timeZone?: string;
  /**
   * When a search with a date window found nothing: how many documents the same search finds
   * without it (0 = none either). Unset when there is no window or it was not checked.
   */
  matchesWithoutDates?: number;
  /** The workspace's own uploaded files among the results, by doc id (shown as files, with their folder). */
  files?: FileLabels;
  /** Uploaded files left out: another workspace's, or in folders the user cannot search. */
  hiddenFiles?: number;
}

/** The most a v2 search can return, hence its last page. */
const V2_MAX = 100;
const SUMMARY_EXCERPT = 280;

function queryLabel(state: SearchState): string {
  if (state.k === 'tag') return `Documents tagged ${state.r.tags.map((t) => `“${t}”`).join(', ')}`;
  const q = state.r.query?.trim();
  return `${state.k === 'news' ? 'News' : 'Research'}${q ? ` for “${q}”` : ''}`;
}

/** The filters in force, escaped, for the context line. */
function describeFilters(state: SearchState): string {
  const r = state.r as Record<string, unknown>;
  const list = (k: string): string | undefined =>
    Array.isArray(r[k]) && (r[k] as unknown[]).length ? (r[k] as string[]).join(', ') : undefined;
  const start = (r.startDate ?? r.startDatetime) as string | undefined;
  const end = (r.endDate ?? r.endDatetime) as string | undefined;
  const parts = [
    list('symbols'),
    list('categories') && `type: ${list('categories')}`,
    list('markets') && `market: ${list('markets')}`,
    start || end ? `${start ?? '…'} → ${end ?? 'today'}` : undefined,
    r.mode ? `mode: ${String(r.mode)}` : undefined,
    r.sort ? `sort: ${String(r.sort)}` : undefined,
    list('folderIds') && `folder: ${list('folderIds')}`,
  ].filter((p): p is string => Boolean(p));
  return escapeMrkdwn(parts.join(' · '));
}

/** What to try after no results: a wider date range only when it is known to find something. */
function emptyHint(matchesWithoutDates: number | undefined): string {
  if (matchesWithoutDates === undefined) return 'No documents matched. Try fewer words or drop a filter.';
  if (matchesWithoutDates === 0)
    return 'No documents matched, in this date range or any other. Try fewer or other words, or drop a filter.';
  const n = matchesWithoutDates.toLocaleString('en-US');
  return `No documents matched in this date range; without it, ${n} document${matchesWithoutDates === 1 ? '' : 's'} match. Drop \`since:\`, \`until:\` or \`last:\` to see them.`;
}

/** ":paperclip: report.pdf · in folder *Q3 notes*" for a file added from Slack (escaped). */
function fileLine(file: UploadedFileLabel): string {
  return `:paperclip: ${escapeMrkdwn(excerpt(file.fileName, 120))} · in folder *${escapeMrkdwn(excerpt(file.folderName, 100))}*`;
}

function docBlocks(
  item: DocItem,
  index: number,
  query: string | undefined,
  bestScore: number | undefined,
  file?: UploadedFileLabel,
): KnownBlock[] {
  const lines = [bold(docTitleLink(item)), ...(file ? [fileLine(file)] : []), docMetaLine(item, bestScore)];
  // Summaries are Markdown (the interface says so): flattened to plain text for a compact excerpt.
  if (item.summary) lines.push(escapeMrkdwn(markdownExcerpt(item.summary, SUMMARY_EXCERPT)));
  const url = safeUrl(item.url);
  const buttons = [
    button({
      text: 'Summary',
      actionId: indexedActionId(ACTION_IDS.searchSummary, index),
      value: encodeDocButton({ d: item.id, t: item.title }),
    }),
    button({
      text: 'Key passages',
      actionId: indexedActionId(ACTION_IDS.searchPassages, index),
      value: encodeDocButton(query ? { d: item.id, q: query } : { d: item.id }),
    }),
    button({
      text: 'Ask the agent',
      actionId: indexedActionId(ACTION_IDS.searchAsk, index),
      value: encodeDocButton({ d: item.id, t: item.title }),
    }),
  ];
  if (url && url.length <= 3000) buttons.push(button({ text: 'Open', actionId: indexedActionId(ACTION_IDS.searchOpen, index), url }));
  return [section(lines.filter(Boolean).join('\n')), actions(buttons)];
}

interface ListPage {
  items: DocItem[];
  firstIndex: number;
  totalCount: number;
  hasPrev: boolean;
  hasNext: boolean;
  /** The best score of the whole search (not only this page), which match words are measured against. */
  bestScore?: number;
}

function renderList(list: ListPage, ctx: SearchCardContext, note?: string): SlackMessage {
  const { state } = ctx;
  const label = queryLabel(state);
  const query = state.k === 'tag' ? undefined : state.r.query;
  const filters = describeFilters(state);
  const shown = list.items.length
    ? `${list.firstIndex + 1}–${list.firstIndex + list.items.length} of ${list.totalCount.toLocaleString('en-US')}`
    : `0 of ${list.totalCount.toLocaleString('en-US')}`;
  const source = state.k === 'v2' ? 'ranked by relevance' : state.k === 'news' ? 'news' : state.k === 'tag' ? 'by tag' : 'search';
  const hidden = ctx.hiddenFiles
    ? `${ctx.hiddenFiles} uploaded file${ctx.hiddenFiles === 1 ? '' : 's'} not shown: of another workspace, or in folders you cannot search`
    : undefined;
  const blocks: KnownBlock[] = [header(label), context(`${shown} · ${source}`, filters || undefined, note, hidden)];
  if (list.items.length === 0) blocks.push(section(emptyHint(ctx.matchesWithoutDates)));
  list.items.forEach((item, i) => {
    blocks.push(divider(), ...docBlocks(item, i, query, list.bestScore, ctx.files?.get(item.id)));
  });
  const footer = [
    list.hasPrev &&
      button({ text: '← Prev', actionId: ACTION_IDS.searchPrev, value: encodeSearchState({ ...state, p: state.p - 1 } as SearchState) }),
    list.hasNext &&
      button({ text: 'Next →', actionId: ACTION_IDS.searchNext, value: encodeSearchState({ ...state, p: state.p + 1 } as SearchState) }),
    ctx.visibility === 'ephemeral' &&
      button({ text: 'Share in channel', actionId: ACTION_IDS.searchShare, style: 'primary', value: encodeSearchState(state) }),
  ].filter((b): b is ReturnType<typeof button> => Boolean(b));
  blocks.push(divider());
  const lines = list.items.map(
    (d, i) => `${list.firstIndex + i + 1}. ${d.title}${d.institution ? ` (${d.institution}${d.date ? `, ${d.date}` : ''})` : ''}`,
  );
  const text = `${label}: ${shown} documents${lines.length ? `\n${lines.join('\n')}` : ''}`;
  return clampMessage({ text: escapeMrkdwn(text), blocks: compact([...blocks, footer.length > 0 && actions(footer, 'rd_search_footer')]) });
}

/** v1 search or documents-by-tag: the service pages. */
export function renderV1SearchResults(page: Page<DocumentSummary>, ctx: SearchCardContext): SlackMessage {
  const items = page.items.slice(0, ctx.pageSize).map((d) => docItem(d, ctx.timeZone));
  const pageNum = Math.max(1, page.pageNum || ctx.state.p);
  return renderList(
    {
      items,
      firstIndex: (pageNum - 1) * (page.pageSize || ctx.pageSize),
      totalCount: Math.max(page.totalCount, items.length),
      hasPrev: pageNum > 1,
      hasNext: pageNum < page.totalPages,
    },
    ctx,
  );
}

export const renderTagResults = renderV1SearchResults;

/** v2 search or news: the listener asked for `p × pageSize` documents; this shows the last slice. */
export function renderV2SearchResults(result: V2SearchResult, ctx: SearchCardContext): SlackMessage {
  const start = (ctx.state.p - 1) * ctx.pageSize;
  const items = result.docs.slice(start, start + ctx.pageSize).map((d) => docItem(d, ctx.timeZone));
  const end = start + ctx.pageSize;
  const hasNext = result.docs.length >= end && result.totalCount > end && end < V2_MAX;
  const note = end >= V2_MAX && result.totalCount > V2_MAX ? 'Only the top 100 are available: narrow the query to see others.' : undefined;
  const bestScore = bestScoreOf(result.docs.map((d) => d.score));
  return renderList(
    {
      items,
      firstIndex: start,
      totalCount: Math.max(result.totalCount, result.docs.length),
      hasPrev: ctx.state.p > 1,
      hasNext,
      ...(bestScore !== undefined ? { bestScore } : {}),
    },
    ctx,
    note,
  );
}
