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

/** excerpt() of the Markdown as plain text (formulas as Unicode), lexing only as much of it as the excerpt shows. */
export function markdownExcerpt(markdown: string, max: number): string {
  return excerpt(markdownPrefixToPlainText(formulasToUnicode(markdown), max), max);
}
