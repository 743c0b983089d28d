/**
 * Markdown → an ordered list of pieces (text, header, divider, table, note), using marked's
 * lexer for all parsing. markdown-to-blocks.ts turns pieces into Block Kit; nested contexts
 * (list items, quotes) and the live progress view use the all-text form.
 * @see https://marked.js.org/using_pro#lexer
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { bold, escapeMrkdwn } from '../escape.js';
import { SLACK_LIMITS } from '../limits.js';
import { formulasToUnicode } from './formulas-to-unicode.js';
import { inlineToMrkdwn, inlineToPlainText } from './inline-to-mrkdwn.js';
import { NO_TRUSTED_HOSTS, type LinkPolicy } from './present-link.js';
import { tableAsText, type ColumnAlign } from './table-as-text.js';

export type Piece =
  | { kind: 'text'; mrkdwn: string }
  | { kind: 'header'; text: string }
  | { kind: 'divider' }
  | { kind: 'table'; rows: string[][]; align: ColumnAlign[] }
  /** A visible remark of ours (e.g. a table shown as text), rendered as a context block. */
  | { kind: 'note'; mrkdwn: string };

const BULLETS = ['•', '◦', '▪'] as const;
const INDENT = '    ';
const RULE = '───────────';

export function lexMarkdown(markdown: string): Token[] {
  // A fresh lexer per call: no global marked options (marked.use elsewhere) can leak in.
  return Lexer.lex(markdown, { gfm: true, breaks: false });
}

/** Block html: comments and tags dropped, <br> kept as a line break, the rest shown escaped. */
function htmlToMrkdwn(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi, '');
  return escapeMrkdwn(text);
}

function codeFence(code: string): string {
  const body = escapeMrkdwn(code.replace(/\n+$/, '')).replace(/```/g, 'ˋˋˋ');
  return `\`\`\`\n${body === '' ? ' ' : body}\n\`\`\``;
}

function quote(mrkdwn: string): string {
  return mrkdwn
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : prefix + line))
    .join('\n');
}

function listToMrkdwn(list: Tokens.List, depth: number, links: LinkPolicy): string {
  const start = typeof list.start === 'number' ? list.start : 1;
  const pad = INDENT.repeat(depth);
  return list.items
    .map((item, i) => {
      const marker = list.ordered ? `${start + i}.` : (BULLETS[depth % BULLETS.length] ?? '•');
      const lines: string[] = [];
      let first = '';
      let firstDone = false;
      for (const child of item.tokens) {
        if (child.type === 'checkbox') {
          first += (child as Tokens.Checkbox).checked ? '☑ ' : '☐ ';
        } else if (!firstDone && (child.type === 'text' || child.type === 'paragraph')) {
          const tokens = (child as Tokens.Text).tokens;
          first += tokens ? inlineToMrkdwn(tokens, links) : escapeMrkdwn((child as Tokens.Text).text);
          firstDone = true;
        } else if (child.type === 'list') {
          lines.push(listToMrkdwn(child as Tokens.List, depth + 1, links));
        } else if (child.type !== 'space') {
          lines.push(indent(piecesToMrkdwn(tokensToPieces([child], true, links)), pad + INDENT));
        }
      }
      // Continuation lines of the item line up under its text.
      const head = `${pad}${marker} ${first.replace(/\n/g, `\n${pad}${' '.repeat(marker.length + 1)}`)}`;
      return [head.trimEnd(), ...lines].join('\n');
    })
    .join('\n');
}

function tableRows(t: Tokens.Table, links: LinkPolicy): string[][] {
  const cell = (c: Tokens.TableCell): string => inlineToPlainText(c.tokens, links).replace(/\s+/g, ' ').trim();
  return [t.header.map(cell), ...t.rows.map((r) => r.map(cell))];
}

/** Tokens → pieces. `nested`: inside a list item or quote, where only text can go. */
export function tokensToPieces(tokens: readonly Token[], nested = false, links: LinkPolicy = NO_TRUSTED_HOSTS): Piece[] {
  const pieces: Piece[] = [];
  const text = (mrkdwn: string): void => {
    if (mrkdwn.trim() !== '') pieces.push({ kind: 'text', mrkdwn });
  };
  for (const t of tokens) {
    switch (t.type) {
      case 'heading': {
        const h = t as Tokens.Heading;
        const plain = inlineToPlainText(h.tokens, links).replace(/\s+/g, ' ').trim();
        if (!nested && h.depth <= 2 && plain !== '' && plain.length <= SLACK_LIMITS.headerTextChars) {
          pieces.push({ kind: 'header', text: plain });
        } else text(bold(inlineToMrkdwn(h.tokens, links)));
        break;
      }
      case 'paragraph':
        text(inlineToMrkdwn((t as Tokens.Paragraph).tokens, links));
        break;
      case 'text': {
        const tt = t as Tokens.Text;
        text(tt.tokens ? inlineToMrkdwn(tt.tokens, links) : escapeMrkdwn(tt.text));
        break;
      }
      case 'list':
        text(listToMrkdwn(t as Tokens.List, 0, links));
        break;
      case 'code':
        text(codeFence((t as Tokens.Code).text));
        break;
      case 'blockquote':
        text(quote(piecesToMrkdwn(tokensToPieces((t as Tokens.Blockquote).tokens, true, links))));
        break;
      case 'hr':
        if (nested) text(RULE);
        else pieces.push({ kind: 'divider' });
        break;
      case 'table': {
        const tbl = t as Tokens.Table;
        const rows = tableRows(tbl, links);
        if (nested) text(tableAsText(rows, tbl.align));
        else pieces.push({ kind: 'table', rows, align: [...tbl.align] });
        break;
      }
      case 'html':
        text(htmlToMrkdwn((t as Tokens.HTML).text));
        break;
      case 'space':
      case 'def':
        break;
      default: {
        const children = (t as { tokens?: Token[] }).tokens;
        const raw = (t as { text?: unknown }).text;
        text(children ? inlineToMrkdwn(children, links) : escapeMrkdwn(typeof raw === 'string' ? raw : ''));
      }
    }
  }
  return pieces;
}

/** Pieces as one mrkdwn string: headers bold, dividers as a rule, tables as text. */
function piecesToMrkdwn(pieces: readonly Piece[]): string {
  return pieces
    .map(pieceToMrkdwn)
    .filter((s) => s.trim() !== '')
    .join('\n\n');
}

function pieceToMrkdwn(p: Piece): string {
  switch (p.kind) {
    case 'text':
      return p.mrkdwn;
    case 'header':
      return bold(escapeMrkdwn(p.text));
    case 'divider':
      return RULE;
    case 'table':
      return tableAsText(p.rows, p.align);
    case 'note':
      return `_${p.mrkdwn}_`;
  }
}

/** Markdown → one mrkdwn string (no blocks): for the live progress view and text fallbacks. */
export function markdownToMrkdwn(markdown: string, links: LinkPolicy = NO_TRUSTED_HOSTS): string {
  return piecesToMrkdwn(tokensToPieces(lexMarkdown(formulasToUnicode(markdown)), true, links));
}
