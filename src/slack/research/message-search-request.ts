/**
 * "Research this message": a message's text as a relevance search. Symbols written as tickers
 * ($NVDA, US:NVDA, 600519.SH, hk:700) become symbol filters and dates (2024-06-30, 2024/06/30)
 * a date window; the rest is the query. Links, mentions and emoji are not search words. Pure.
 *
 * Dates: two or more span a window from the earliest to the latest; a single date starts the
 * window (what was written since). Free text is ambiguous, so bare words are never tickers
 * (`freeText` symbol parsing): "AI" stays a word, "$AI" is a ticker.
 */
import { parseDate } from '../../service/dates.js';
import { parseSymbol } from '../../service/symbols.js';
import type { V2SearchRequest } from '../../service/types.js';
import { decodeSlackEntities } from '../blocks/text/decode-slack-entities.js';
import { sanitizeText } from '../blocks/text/sanitize-text.js';
import { v2NumForPage } from './parse-research-args.js';

/** Long messages make poor queries: the first words carry the topic. */
export const MESSAGE_QUERY_MAX_CHARS = 300;
const MAX_SYMBOLS = 10;

export interface MessageSearch {
  request: V2SearchRequest;
  /** Canonical symbols used as filters. */
  symbols: string[];
  /** YYYY-MM-DD dates found, sorted. */
  dates: string[];
}

const EDGE_PUNCTUATION = /^[\s"'“”‘’()（）[\]{}<>,，.。;；:：!?！？]+|[\s"'“”‘’()（）[\]{}<>,，.。;；:：!?！？]+$/g;

/** Message text without Slack references (links keep their label), emoji codes or entities. */
function messageWords(text: string): string {
  return decodeSlackEntities(
    sanitizeText(text)
      .replace(/<(?:https?|mailto):[^|>]*\|([^>]*)>/gi, ' $1 ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/:[a-z0-9_+-]{1,40}:/gi, ' '),
  )
    .replace(/\bhttps?:\/\/\S+/gi, ' ')
    .replace(/[*_~`>]+/g, ' ');
}

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const space = head.lastIndexOf(' ');
  return (space > max * 0.6 ? head.slice(0, space) : head).trim();
}

/** The search a message asks for, or null when it has nothing to search for. */
export function messageSearchRequest(text: string | undefined): MessageSearch | null {
  const words: string[] = [];
  const symbols: string[] = [];
  const dates = new Set<string>();
  for (const raw of messageWords(text ?? '').split(/\s+/)) {
    const token = raw.replace(EDGE_PUNCTUATION, '');
    if (!token) continue;
    const date = parseDate(token.replace(/\//g, '-'));
    if (/^\d{4}[-/]\d{1,2}[-/]\d{1,2}$/.test(token)) {
      if (date.ok) dates.add(date.value);
      continue;
    }
    const symbol = parseSymbol(token, { context: 'freeText' });
    if (symbol.ok && !symbol.symbol.isIndex) {
      if (!symbols.includes(symbol.symbol.canonical) && symbols.length < MAX_SYMBOLS) {
        symbols.push(symbol.symbol.canonical);
      }
      // The ticker stays in the query as its bare code (`$NVDA` → NVDA), which reads as prose does.
      words.push(symbol.symbol.code);
      continue;
    }
    words.push(token);
  }
  const query = cutAtWord(words.join(' ').trim(), MESSAGE_QUERY_MAX_CHARS);
  if (!query) return null;
  const sorted = [...dates].sort();
  const request: V2SearchRequest = { query, num: v2NumForPage(1) };
  if (symbols.length) request.symbols = symbols;
  if (sorted.length) request.startDatetime = sorted[0] as string;
  if (sorted.length > 1) request.endDatetime = sorted[sorted.length - 1] as string;
  return { request, symbols, dates: sorted };
}
