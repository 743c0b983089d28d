/**
 * A passage of service text (Markdown with LaTeX, tables and emoji codes) as mrkdwn for a
 * card: cut to length at a boundary first (clampSnippet, on the source, so no formula or row
 * is split), formulas as Unicode, Markdown (tables included) as Slack shows it. Emoji codes
 * (`:rocket:`) stay as codes outside code blocks, where Slack draws them.
 */
import { clampSnippet } from '../clamp-snippet.js';
import { latexToUnicode } from './latex-to-unicode.js';
import { markdownToMrkdwn } from './markdown-pieces.js';
import { findMathSpans } from './math-spans.js';

export { formulasToUnicode } from './formulas-to-unicode.js';

/** Spaces and tabs collapsed, line breaks kept (tables need them), at most one blank line. */
function normaliseSpace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Service text → mrkdwn, at most `maxSourceChars` of the source shown. */
export function snippetToMrkdwn(text: string | undefined, maxSourceChars: number): string {
  const source = clampSnippet(normaliseSpace(text ?? ''), maxSourceChars);
  return markdownToMrkdwn(source).trim(); // markdownToMrkdwn reads formulas as Unicode
}

/** One line of plain reading (titles, fallback text): formulas as Unicode, whitespace flattened. */
export function snippetToPlainLine(text: string | undefined, max: number): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  let out = '';
  let at = 0;
  const source = clampSnippet(flat, max);
  for (const span of findMathSpans(source)) {
    out += source.slice(at, span.start) + latexToUnicode(span.latex);
    at = span.end;
  }
  return out + source.slice(at);
}
