/**
 * An agent's Markdown (untrusted) → canvas Markdown. Canvases take standard Markdown with GFM
 * tables, headings h1–h3, lists, quotes, code and links, so most of a report passes as written;
 * what changes: every table is written again from its cells (clamped to CANVAS_LIMITS, `|`
 * escaped, alignment kept), headings below h3 become h3, links go through presentLink (http(s)
 * only, the real host shown) and nothing may mention, broadcast or embed (canvas-text.ts).
 * marked's lexer finds the blocks; each block's own text is kept otherwise.
 * @see https://docs.slack.dev/surfaces/canvases
 * @see https://marked.js.org/using_pro#lexer
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { safeUrl } from '../escape.js';
import { CANVAS_LIMITS } from '../limits/canvas-limits.js';
import { NO_TRUSTED_HOSTS, type LinkPolicy } from '../markdown/present-link.js';
import { canvasLink, defuseCanvasMarkdown } from './canvas-text.js';

/** Inline links `[label](url "title")`; the label holds no brackets (nested ones stay as text). */
const INLINE_LINK = /\[([^[\]]*)\]\(\s*<?([^\s<>()]*(?:\([^\s()]*\)[^\s<>()]*)*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
/** A reference definition `[id]: url "title"`: its address is checked like an inline link's. */
const REFERENCE_DEFINITION = /^(\s{0,3}\[[^\]]+\]:\s*)<?(\S+?)>?(\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*$/gm;

/** Inline Markdown with its links presented (or dropped to their label) and nothing that mentions. */
export function canvasInline(markdown: string, links: LinkPolicy = NO_TRUSTED_HOSTS): string {
  const linked = markdown
    // `![alt](src)` too: an image (or a mention) is never embedded, it becomes a link (its `!` defused below).
    .replace(INLINE_LINK, (_whole, label: string, url: string) => canvasLink(url, label, links))
    .replace(REFERENCE_DEFINITION, (_whole, head: string, url: string) => `${head}${safeUrl(url) ?? '#'}`);
  return defuseCanvasMarkdown(linked);
}

export type Align = 'left' | 'right' | 'center' | null;

function separator(align: Align): string {
  if (align === 'right') return '---:';
  if (align === 'center') return ':---:';
  if (align === 'left') return ':---';
  return '---';
}

/** How a cell's text becomes Markdown: inline Markdown (an agent's table) or literal text (a card's). */
export type CellMarkdown = (text: string) => string;

function tableCell(text: string, toMarkdown: CellMarkdown): string {
  const inline = toMarkdown(text.replace(/\s+/g, ' ').trim());
  const cut = inline.length > CANVAS_LIMITS.tableCellChars ? `${inline.slice(0, CANVAS_LIMITS.tableCellChars - 1)}…` : inline;
  // Escaped pipes stay escaped; a bare one would split the row.
  const cell = cut.replace(/\\?\|/g, '\\|');
  return cell === '' ? ' ' : cell;
}

/** Rows of cells (the first the header) → a GFM table, clamped to CANVAS_LIMITS; a note says what was left out. */
export function canvasTable(rows: readonly (readonly string[])[], align: readonly Align[], toMarkdown: CellMarkdown): string {
  const [header, ...body] = rows;
  if (header === undefined || header.length === 0) return '';
  const columns = Math.min(header.length, CANVAS_LIMITS.tableColumns);
  const shown = body.slice(0, CANVAS_LIMITS.tableRows);
  const line = (cells: readonly string[]): string =>
    `| ${Array.from({ length: columns }, (_, i) => tableCell(cells[i] ?? '', toMarkdown)).join(' | ')} |`;
  const out = [
    line(header),
    `| ${Array.from({ length: columns }, (_, i) => separator(align[i] ?? null)).join(' | ')} |`,
    ...shown.map(line),
  ];
  const left: string[] = [];
  if (body.length > shown.length) left.push(`${body.length - shown.length} more rows`);
  if (header.length > columns) left.push(`${header.length - columns} more columns`);
  if (left.length > 0) out.push('', `_Not shown: ${left.join(' and ')}._`);
  return out.join('\n');
}

function blockOf(token: Token, links: LinkPolicy): string {
  switch (token.type) {
    case 'table': {
      const t = token as Tokens.Table;
      return `${canvasTable([t.header.map((c) => c.text), ...t.rows.map((r) => r.map((c) => c.text))], t.align, (text) => canvasInline(text, links))}\n`;
    }
    case 'heading': {
      const h = token as Tokens.Heading;
      return `${'#'.repeat(Math.min(3, h.depth))} ${canvasInline(h.text.replace(/\s+/g, ' ').trim(), links)}\n`;
    }
    case 'code':
      // Code shows as written; only what could mention is defused.
      return defuseCanvasMarkdown(token.raw);
    case 'html':
      // Canvases do not render HTML: its text is shown, its tags left out.
      return defuseCanvasMarkdown(token.raw.replace(/<!--[\s\S]*?-->/g, '').replace(/<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi, ''));
    default:
      return canvasInline(token.raw, links);
  }
}

/** The whole Markdown of a report → canvas Markdown (not clamped: the document builder clamps the whole). */
export function markdownToCanvas(markdown: string, links: LinkPolicy = NO_TRUSTED_HOSTS): string {
  // A fresh lexer per call: no global marked options can leak in.
  const tokens = Lexer.lex(markdown.replace(/\r\n?/g, '\n'), { gfm: true, breaks: false });
  return tokens
    .map((t) => blockOf(t, links))
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
