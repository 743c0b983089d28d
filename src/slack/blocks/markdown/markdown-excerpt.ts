import { LRUCache } from 'lru-cache';
import { excerpt } from '../format.js';
import { formulasToUnicode } from './formulas-to-unicode.js';
import { markdownToPlainText } from './markdown-to-plain-text.js';

/**
 * Text that makes Markdown read differently when cut at a blank line: a reference definition
 * (`[x]: url`, usually at the very end) or an HTML block, which may run past blank lines.
 */
const NOT_CUTTABLE = /^ {0,3}(?:\[[^\]\n]+\]:|<)/m;

/**
 * The plain text of the Markdown's first blocks, at least `minChars` long (or all of it): a
 * prefix of markdownToPlainText(markdown). Cut at a blank line, Markdown's blocks before it lex
 * as they do in the whole text, so a card's excerpt of a long summary does not lex all of it.
 */
export function markdownPrefixToPlainText(markdown: string, minChars: number): string {
  if (NOT_CUTTABLE.test(markdown)) return markdownToPlainText(markdown);
  for (let window = Math.max(2 * minChars, 512); window < markdown.length; window *= 2) {
    const cut = markdown.indexOf('\n\n', window);
    if (cut < 0) break;
    const plain = markdownToPlainText(markdown.slice(0, cut));
    if (plain.length > minChars) return plain;
  }
  return markdownToPlainText(markdown);
}

/**
 * Excerpts already made, by length then Markdown. Lexing a summary with marked is most of what a
 * search card costs (~40 µs each, five a card); the same documents come back across searches,
 * pages, shares and digests, so each summary is lexed once while it stays among the recent ones.
 * A summary seen for the first time costs what it always did. Bounded by total characters.
 */
const excerpts = new Map<number, LRUCache<string, string>>();
const MAX_CACHED_CHARS = 2_000_000;
/** Longer texts are cut before lexing anyway (markdownPrefixToPlainText); not worth their room. */
const MAX_CACHED_MARKDOWN = 8_000;

function excerptsOf(max: number): LRUCache<string, string> {
  let cache = excerpts.get(max);
  if (!cache) {
    cache = new LRUCache<string, string>({ maxSize: MAX_CACHED_CHARS, sizeCalculation: (value, key) => key.length + value.length + 1 });
    excerpts.set(max, cache);
  }
  return cache;
}

/** excerpt() of the Markdown as plain text (formulas as Unicode), lexing only as much of it as the excerpt shows. */
export function markdownExcerpt(markdown: string, max: number): string {
  if (markdown.length > MAX_CACHED_MARKDOWN) return excerptOf(markdown, max);
  const cache = excerptsOf(max);
  let made = cache.get(markdown);
  if (made === undefined) {
    made = excerptOf(markdown, max);
    cache.set(markdown, made);
  }
  return made;
}

function excerptOf(markdown: string, max: number): string {
  return excerpt(markdownPrefixToPlainText(formulasToUnicode(markdown), max), max);
}
