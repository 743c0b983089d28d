/**
 * Trending concepts: the list card (/concepts) with an Expand button per concept, and the
 * detail card posted in the thread (every stock with its description and relevance, as the
 * message's one table, then the related documents).
 */
import type { Concept, ConceptStock } from '../../service/types.js';
import { ACTION_IDS, indexedActionId } from '../blocks/action-ids.js';
import type { KnownBlock, RawTextElement } from '@slack/types';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { encodeSimple } from '../kit/button-values.js';
import { button, compact, context, divider, header, section } from '../blocks/card-parts.js';
import { bold, escapeMrkdwn, mrkdwnLink } from '../blocks/escape.js';
import { displayDate, excerpt, formatNumber, isNum } from '../blocks/format.js';
import { clampMessage } from '../blocks/limits.js';
import { cell } from '../blocks/statement-table.js';
import { bestScoreOf, matchWord } from '../blocks/match-word.js';
import { glossary } from '../../language/glossary.js';

export const MAX_CONCEPTS_PER_CARD = 20;
const DESCRIPTION_CHARS = 220;
/** Stocks named in a concept's summary (list and digest cards). */
export const SUMMARY_STOCKS = 3;

export const NEW_BADGE = ':new:';

/** `SZ:300750` (what /financials and /research take), or market and code as given when they make no symbol. */
function conceptStockSymbol(s: ConceptStock): string {
  return s.symbol ?? [s.market?.toUpperCase(), s.code].filter(Boolean).join(':');
}

/** "NVIDIA (US:NVDA)": the name as every card shows a company (language/glossary.ts). */
function conceptStockLabel(s: ConceptStock): string {
  return glossary('en').companyLabel({ symbol: conceptStockSymbol(s), names: [s.name] });
}

/** Escaped one-paragraph summary of a concept for list and digest cards. */
export function conceptSummary(c: Concept, opts: { stocks?: number; docs?: number; description?: number } = {}): string {
  const lines: string[] = [];
  const badge = c.firstDetected ? ` ${NEW_BADGE}` : '';
  lines.push(`${bold(escapeMrkdwn(c.name || c.conceptId))}${badge}  ·  trending ${formatNumber(c.trendingScore, 2)}`);
  const desc = excerpt(c.description, opts.description ?? DESCRIPTION_CHARS);
  if (desc) lines.push(escapeMrkdwn(desc));
  const stocks = c.stocks.slice(0, opts.stocks ?? SUMMARY_STOCKS).map(conceptStockLabel);
  if (stocks.length)
    lines.push(
      `:chart_with_upwards_trend: ${escapeMrkdwn(stocks.join(', '))}${c.stocks.length > stocks.length ? ` +${c.stocks.length - stocks.length}` : ''}`,
    );
  const docs = c.docs.slice(0, opts.docs ?? 2).map((d) => mrkdwnLink(d.url, excerpt(d.title, 80)));
  if (docs.length) lines.push(`:page_facing_up: ${docs.join(' · ')}`);
  return lines.join('\n');
}

function keywordsLine(c: Concept): string | undefined {
  const kws = c.keywords.filter((k) => typeof k === 'string' && k.trim()).slice(0, 8);
  return kws.length ? escapeMrkdwn(`Keywords: ${kws.join(' · ')}`) : undefined;
}

export interface ConceptsCardContext {
  top: number;
  timeZone?: string;
}

const byTrending = (concepts: readonly Concept[]): Concept[] =>
  [...concepts].sort(
    (a, b) => (isNum(b.trendingScore) ? b.trendingScore : -Infinity) - (isNum(a.trendingScore) ? a.trendingScore : -Infinity),
  );

/** The concepts the list card shows for `top`, best first. */
export function conceptsShown(concepts: readonly Concept[], top: number): Concept[] {
  return byTrending(concepts).slice(0, Math.max(1, Math.min(top, MAX_CONCEPTS_PER_CARD)));
}

export function renderConceptsList(concepts: Concept[], ctx: ConceptsCardContext): SlackMessage {
  const sorted = byTrending(concepts);
  const shown = conceptsShown(concepts, ctx.top);
  const scored = displayDate(shown[0]?.scoredAtMs, ctx.timeZone);
  const blocks: Array<KnownBlock | false> = [
    header('Trending concepts'),
    context(`Top ${shown.length} by trending score${scored ? ` · scored ${scored}` : ''}`, `${NEW_BADGE} = first detected`),
  ];
  if (shown.length === 0) blocks.push(section('No trending concepts right now.'));
  shown.forEach((c, i) => {
    const expand = button({
      text: 'Expand',
      actionId: indexedActionId(ACTION_IDS.conceptExpand, i),
      value: encodeSimple({ c: c.conceptId, n: excerpt(c.name, 60) }),
    });
    blocks.push(divider(), section(conceptSummary(c), expand));
    const kw = keywordsLine(c);
    if (kw) blocks.push(context(kw));
  });
  if (sorted.length > shown.length)
    blocks.push(
      context(`…and ${sorted.length - shown.length} more concepts: \`/concepts top:${Math.min(MAX_CONCEPTS_PER_CARD, sorted.length)}\``),
    );
  const text = `Trending concepts: ${shown.map((c, i) => `${i + 1}. ${c.name}${c.firstDetected ? ' (new)' : ''}`).join('; ') || 'none right now'}`;
  return clampMessage({ text: escapeMrkdwn(text), blocks: compact(blocks) });
}

export function renderConceptDetail(c: Concept, timeZone?: string): SlackMessage {
  const stocks = [...c.stocks].sort((a, b) => (b.relevance ?? 0) - (a.relevance ?? 0));
  // Relevance as a word against the list's best: the service's scores have no scale a reader knows.
  const bestStock = bestScoreOf(stocks.map((s) => s.relevance));
  const rows: RawTextElement[][] = [[cell('Stock'), cell('Symbol'), cell('Match'), cell('Why')]];
  for (const s of stocks) {
    rows.push([
      cell(s.name || '—'),
      cell(conceptStockSymbol(s) || '—'),
      cell(matchWord(s.relevance, bestStock) ?? '—'),
      cell(excerpt(s.description, 300) || '—'),
    ]);
  }
  const docs = [...c.docs].sort((a, b) => (b.relevance ?? 0) - (a.relevance ?? 0));
  const bestDoc = bestScoreOf(docs.map((d) => d.relevance));
  const docLines = docs.map((d) => {
    const match = matchWord(d.relevance, bestDoc);
    return `• ${mrkdwnLink(d.url, excerpt(d.title, 120))}${match ? `  _${match}_` : ''}`;
  });
  const first = displayDate(c.publishedAtMs, timeZone);
  const blocks: Array<KnownBlock | false> = [
    header(`${c.name || c.conceptId}${c.firstDetected ? ' 🆕' : ''}`),
    context(
      escapeMrkdwn(
        `Trending ${formatNumber(c.trendingScore, 2)}${isNum(c.conceptScore) ? ` · concept score ${formatNumber(c.conceptScore, 2)}` : ''}${first ? ` · published ${first}` : ''}`,
      ),
      keywordsLine(c),
    ),
    Boolean(c.description) && section(escapeMrkdwn(excerpt(c.description, 2800))),
    stocks.length > 0 && section(`*Related stocks (${stocks.length})*`),
    stocks.length > 0 && { type: 'table', rows, column_settings: [{ is_wrapped: true }, {}, { align: 'right' }, { is_wrapped: true }] },
    docLines.length > 0 && section(`*Related documents (${docs.length})*\n${docLines.slice(0, 15).join('\n')}`),
    docLines.length > 15 && context(`…and ${docLines.length - 15} more documents`),
  ];
  const text = `${c.name}: ${excerpt(c.description, 200)} Stocks: ${stocks.slice(0, 8).map(conceptStockLabel).join(', ') || 'none'}.`;
  return clampMessage({ text: escapeMrkdwn(text), blocks: compact(blocks) });
}
