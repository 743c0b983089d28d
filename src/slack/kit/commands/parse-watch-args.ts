/**
 * `/research watch …` and `/research watches …` (pure; property-tested with the other parsers):
 *
 *   /research watch <symbol|keyword…> [category…] [#channel]
 *   /research watches [#channel]
 *
 * One bare token that reads as a symbol (`$NVDA`, `SH:600519`, `600519`, `NVDA`) makes a symbol
 * watch; anything else is a keyword ("quote" a word to keep it a keyword, e.g. "AI"). Trailing
 * category words (`filings`, `reports`, `news`, `transcripts`…, or `type:news,filings`) are the
 * service's categories, mapped as `type:` maps them. No channel: the channel the command came from.
 */
import { parseSymbol } from '../../../service/symbols.js';
import type { Category } from '../../../service/types.js';
import type { WatchTarget } from '../../../store/records.js';
import type { ChannelRef } from './channel-ref.js';
import { CATEGORY_NAMES, categoryOf } from './research-filters.js';
import type { Token } from './tokenize.js';
import { closest, type UsageProblem } from './usage-problem.js';

/** Longest keyword a watch takes: a topic, not a paragraph. */
export const WATCH_KEYWORD_MAX_CHARS = 100;
/** Categories a watch can follow: documents that appear over time (uploaded files are not). */
export const WATCH_CATEGORIES: readonly Category[] = CATEGORY_NAMES.filter((c) => c !== 'files');

export const WATCH_EXAMPLE = '/research watch $NVDA filings #research';

export type WatchArgs =
  | { kind: 'watch'; target: WatchTarget; categories: Category[]; channel: ChannelRef | null }
  | { kind: 'watches'; channel: ChannelRef | null };

function channelOf(tok: Token): ChannelRef | undefined {
  if (tok.ref?.kind === 'channel') return tok.ref.name ? { id: tok.ref.id, name: tok.ref.name } : { id: tok.ref.id };
  const m = /^#([\p{Ll}\p{Lo}\p{N}_-]{1,80})$/u.exec(tok.text);
  return m ? { name: m[1] ?? '' } : undefined;
}

function categoriesOf(tok: Token): Category[] | undefined | 'unknown' {
  if (tok.literal || tok.ref) return undefined;
  const typed = /^(?:type|types|cat|category|categories):(.*)$/i.exec(tok.text);
  const words = typed ? (typed[1] ?? '').split(',').filter(Boolean) : [tok.text];
  const found = words.map(categoryOf);
  if (found.every((c): c is Category => c !== undefined && WATCH_CATEGORIES.includes(c))) return found;
  return typed ? 'unknown' : undefined;
}

function categoryProblem(tok: Token): UsageProblem {
  const word = tok.text.replace(/^[a-z]+:/i, '');
  const guess = closest(word, WATCH_CATEGORIES);
  return {
    token: tok.raw,
    message: `\`${word}\` is not a category a watch can follow; choose from ${WATCH_CATEGORIES.join(', ')}.${guess ? ` Did you mean \`${guess}\`?` : ''}`,
    example: `/research watch $NVDA ${guess ?? 'filings'}`,
  };
}

/** `tokens` follow the subcommand word. Returns the request, or the problems found. */
export function parseWatchArgs(tokens: Token[]): WatchArgs | { kind: 'problems'; problems: UsageProblem[] } {
  const problems: UsageProblem[] = [];
  let channel: ChannelRef | null = null;
  const rest: Token[] = [];
  for (const tok of tokens) {
    const c = channelOf(tok);
    if (c) {
      if (channel) problems.push({ token: tok.raw, message: 'Give one channel.', example: WATCH_EXAMPLE });
      channel = c;
    } else if (tok.ref && tok.ref.kind !== 'link') {
      problems.push({ token: tok.raw, message: 'Mentions cannot be watched; give a symbol or keyword.', example: WATCH_EXAMPLE });
    } else rest.push(tok);
  }
  // Categories are the trailing words; the words before them are what to watch.
  const categories: Category[] = [];
  while (rest.length > 1) {
    const last = rest[rest.length - 1] as Token;
    const found = categoriesOf(last);
    if (found === undefined) break;
    if (found === 'unknown') problems.push(categoryProblem(last));
    else categories.unshift(...found.filter((c, i) => !categories.includes(c) && found.indexOf(c) === i));
    rest.pop();
  }
  // `NVDA filingz`: a symbol and then a word that is almost a category is a typo, not the
  // two-word keyword "NVDA filingz" (quote it to mean that).
  const [head, tail] = rest;
  if (rest.length === 2 && head && tail && !head.literal && !tail.literal && !tail.ref) {
    const isSymbol = parseSymbol(head.text, { context: 'standalone' }).ok;
    if (isSymbol && closest(tail.text, WATCH_CATEGORIES)) problems.push(categoryProblem(tail));
  }
  const typedElsewhere = rest.find((t) => /^(?:type|types|cat|category|categories):/i.test(t.text) && !t.literal);
  if (typedElsewhere) problems.push({ token: typedElsewhere.raw, message: 'Put categories after what to watch.', example: WATCH_EXAMPLE });

  const target = targetOf(rest, problems);
  if (problems.length > 0 || target === undefined) return { kind: 'problems', problems };
  return { kind: 'watch', target, categories, channel };
}

function targetOf(tokens: Token[], problems: UsageProblem[]): WatchTarget | undefined {
  const first = tokens[0];
  if (!first) {
    problems.push({ token: 'watch', message: 'Say what to watch: a symbol or a keyword.', example: WATCH_EXAMPLE });
    return undefined;
  }
  if (tokens.length === 1 && !first.literal) {
    const symbol = parseSymbol(first.text, { context: 'standalone' });
    if (symbol.ok) {
      if (symbol.symbol.isIndex) {
        problems.push({
          token: first.raw,
          message: 'Indices have no documents of their own; watch a company or a keyword.',
          example: WATCH_EXAMPLE,
        });
        return undefined;
      }
      return { kind: 'symbol', symbol: symbol.symbol.canonical };
    }
    if (/^\$|^[A-Za-z]{2}:/.test(first.text)) {
      problems.push({ token: first.raw, message: symbol.message, example: WATCH_EXAMPLE });
      return undefined;
    }
  }
  const explicit = tokens.find((t) => !t.literal && /^\$\S|^[A-Za-z]{2}:\S/.test(t.text));
  if (explicit && tokens.length > 1) {
    problems.push({
      token: explicit.raw,
      message: 'A watch follows one symbol or one keyword; add one watch for each.',
      example: WATCH_EXAMPLE,
    });
    return undefined;
  }
  const keyword = tokens
    .map((t) => t.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!keyword) {
    problems.push({ token: first.raw, message: 'Say what to watch: a symbol or a keyword.', example: WATCH_EXAMPLE });
    return undefined;
  }
  if (keyword.length > WATCH_KEYWORD_MAX_CHARS) {
    problems.push({
      token: keyword.slice(0, 20),
      message: `A watch keyword is at most ${WATCH_KEYWORD_MAX_CHARS} characters.`,
      example: '/research watch "solid-state battery" reports',
    });
    return undefined;
  }
  return { kind: 'keyword', keyword };
}

/** `watches [#channel]`. */
export function parseWatchesArgs(tokens: Token[]): WatchArgs | { kind: 'problems'; problems: UsageProblem[] } {
  const problems: UsageProblem[] = [];
  let channel: ChannelRef | null = null;
  for (const tok of tokens) {
    const c = channelOf(tok);
    if (c && !channel) channel = c;
    else
      problems.push({
        token: tok.raw,
        message: c ? 'Give one channel.' : `\`${tok.raw}\` is not a channel.`,
        example: '/research watches #research',
      });
  }
  return problems.length > 0 ? { kind: 'problems', problems } : { kind: 'watches', channel };
}
