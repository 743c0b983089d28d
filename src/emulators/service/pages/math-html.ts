/**
 * Text with LaTeX in it (the service's formula chunks: "Gross margin definition: $$…$$") → HTML
 * with each formula as MathML, which browsers draw natively (no script, font or style sheet to
 * serve). temml escapes what it renders and, untrusted by default, makes no links; a formula it
 * cannot parse is shown as its source in <code>.
 * @see https://temml.org/docs/en/administration.html
 */
import temml from 'temml';
import { escapeHtml } from './html.js';

/**
 * `$$…$$` and `\[…\]` (display), `\(…\)` and `$…$` (inline). A single `$` pair counts only when
 * it looks like LaTeX (a backslash, `^`, `_` or a brace), so "$NVDA" and "$5 to $7" stay text.
 */
const MATH = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\\(([^\n]+?)\\\)|\$(?![\s$])([^$\n]{1,300}?)(?<!\s)\$(?!\d)/g;
const LOOKS_LIKE_LATEX = /[\\^_{}]/;

function formulaHtml(latex: string, displayMode: boolean): string {
  try {
    return temml.renderToString(latex, { displayMode, annotate: true, throwOnError: true });
  } catch {
    return `<code>${escapeHtml(latex)}</code>`;
  }
}

export function textWithMathToHtml(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(MATH)) {
    const inlineDollar = m[4];
    if (inlineDollar !== undefined && !LOOKS_LIKE_LATEX.test(inlineDollar)) continue;
    const display = m[1] ?? m[2];
    out += escapeHtml(text.slice(last, m.index));
    out += display !== undefined ? formulaHtml(display, true) : formulaHtml(m[3] ?? inlineDollar ?? '', false);
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}
