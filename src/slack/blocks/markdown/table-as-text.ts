/**
 * Text renderings of a table for where a Slack table block cannot go: a second table in a
 * message (tableMode 'text'), a table wider than 20 columns, and the live progress view.
 * Cells arrive as plain text; the output is mrkdwn (escaped here).
 */
import { bold, escapeMrkdwn } from '../escape.js';

export type ColumnAlign = 'left' | 'center' | 'right' | null;

/** Widest monospaced rendering we allow before switching to one record per row. */
const MAX_MONOSPACE_WIDTH = 100;

/** East Asian wide and fullwidth characters take two columns in a monospaced font. */
function charWidth(cp: number): number {
  if (cp === 0x200b || cp === 0x2060 || (cp >= 0x300 && cp <= 0x36f)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

/** Columns a string takes in a monospaced font (CJK counts two). */
function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch.codePointAt(0) ?? 0);
  return w;
}

function pad(text: string, width: number, align: ColumnAlign): string {
  const gap = Math.max(0, width - displayWidth(text));
  if (align === 'right') return ' '.repeat(gap) + text;
  if (align === 'center') return ' '.repeat(Math.floor(gap / 2)) + text + ' '.repeat(gap - Math.floor(gap / 2));
  return text + ' '.repeat(gap);
}

const flat = (cell: string): string => cell.replace(/\s+/g, ' ').trim();

function widths(rows: readonly string[][]): number[] {
  const cols = Math.max(0, ...rows.map((r) => r.length));
  return Array.from({ length: cols }, (_, c) => Math.max(1, ...rows.map((r) => displayWidth(flat(r[c] ?? '')))));
}

/** Total width of the monospaced rendering, separators included. */
function monospaceWidth(rows: readonly string[][]): number {
  const w = widths(rows);
  return w.reduce((a, b) => a + b, 0) + Math.max(0, w.length - 1) * 3;
}

const NUMBER_CELL = /^[-+−(]?[$¥€£]?\d[\d,]*(?:\.\d+)?\)?\s?(?:%|[A-Za-z]{1,3}|[亿万元]{1,2})?$/;

/** Body cells all numbers (blank or dash allowed): such a column reads best right-aligned. */
function isNumberColumn(rows: readonly string[][], c: number): boolean {
  const body = rows.slice(1).map((r) => flat(r[c] ?? ''));
  const filled = body.filter((cell) => cell !== '' && cell !== '-' && cell !== '—');
  return filled.length > 0 && filled.every((cell) => NUMBER_CELL.test(cell));
}

/**
 * A code block with padded columns (first row = header, underlined). Fits tables up to
 * MAX_MONOSPACE_WIDTH columns wide; callers use tableToRecords beyond that. Columns of numbers
 * without an alignment of their own are right-aligned, so digits line up.
 */
function tableToMonospace(rows: readonly string[][], given: readonly ColumnAlign[] = []): string {
  const w = widths(rows);
  const align = w.map((_, c) => given[c] ?? (isNumberColumn(rows, c) ? 'right' : null));
  const line = (r: readonly string[]): string =>
    w
      .map((width, c) => pad(flat(r[c] ?? ''), width, align[c] ?? null))
      .join(' | ')
      .trimEnd();
  const [header, ...body] = rows;
  const lines: string[] = [];
  if (header) {
    lines.push(line(header));
    lines.push(w.map((width) => '-'.repeat(width)).join('-+-'));
  }
  for (const r of body) lines.push(line(r));
  const text = escapeMrkdwn(lines.join('\n')).replace(/```/g, 'ˋˋˋ');
  return `\`\`\`\n${text}\n\`\`\``;
}

/** One line per row, "*header*: value · …", for tables too wide to read monospaced. */
function tableToRecords(rows: readonly string[][]): string {
  const [header = [], ...body] = rows;
  const names = header.map((h, i) => flat(h) || `#${i + 1}`);
  return body
    .map((r) => `• ${r.map((cell, c) => `${bold(escapeMrkdwn(names[c] ?? `#${c + 1}`))}: ${escapeMrkdwn(flat(cell) || '—')}`).join(' · ')}`)
    .join('\n');
}

/** `:rocket:`-style codes, which Slack draws as emoji in text but not inside a code block. */
const EMOJI_CODE = /:[a-z0-9_+-]{1,40}:/i;

/** The best text rendering: monospaced when narrow enough and free of emoji codes, else records. */
export function tableAsText(rows: readonly string[][], align: readonly ColumnAlign[] = []): string {
  const monospace = monospaceWidth(rows) <= MAX_MONOSPACE_WIDTH && !rows.some((r) => r.some((cell) => EMOJI_CODE.test(cell)));
  return monospace ? tableToMonospace(rows, align) : tableToRecords(rows);
}
