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

/** Backslash-escapes what Markdown would read as emphasis, code, links or table cells. */
function literalMarkdown(text: string): string {
  return text.replace(/[\\`*_~[\]|]/g, '\\$&');
}

/** Every `$…$`-style formula replaced by its Unicode reading, literal to Markdown. */
export function formulasToUnicode(text: string): string {
  let out = '';
  let at = 0;
  for (const span of findMathSpans(text)) {
    out += text.slice(at, span.start) + literalMarkdown(latexToUnicode(span.latex));
    at = span.end;
  }
  return out + text.slice(at);
}

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
  return markdownToMrkdwn(formulasToUnicode(source)).trim();
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
