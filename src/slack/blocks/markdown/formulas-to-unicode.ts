/**
 * Formulas in Markdown from the service or the agent (`$$…$$`, `\(…\)`, LaTeX-looking `$…$`)
 * replaced by their Unicode reading before the Markdown is lexed, since Slack renders no math.
 * The reading is backslash-escaped so Markdown shows it literally (`PE_TTM` is no emphasis).
 */
import { latexToUnicode } from './latex-to-unicode.js';
import { findMathSpans } from './math-spans.js';

/** Backslash-escapes what Markdown would read as emphasis, code, links or table cells. */
function literalMarkdown(text: string): string {
  return text.replace(/[\\`*_~[\]|]/g, '\\$&');
}

export function formulasToUnicode(markdown: string): string {
  if (!markdown.includes('$') && !markdown.includes('\\')) return markdown;
  let out = '';
  let at = 0;
  for (const span of findMathSpans(markdown)) {
    out += markdown.slice(at, span.start) + literalMarkdown(latexToUnicode(span.latex));
    at = span.end;
  }
  return out + markdown.slice(at);
}
