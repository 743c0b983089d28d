/**
 * Rows of text → Slack `data_table` blocks: sortable and paged, and (unlike `table`) more than
 * one per message. A cell that reads as a number ("1,741.4", "(12.5)", "-3%", "$2.1B") becomes a
 * `raw_number` so sorting is numeric; the header row stays raw_text (Slack refuses rich_text
 * there). A table over Slack's limits is split, never cut: by rows (≤ 100 a block, and ≤ about
 * 10,000 characters across cells) with the header repeated, and by columns (≤ 20) with the first
 * column repeated, each part's caption saying which rows or columns it holds.
 * @see https://docs.slack.dev/reference/block-kit/blocks/data-table-block
 */
import type { DataTableBlock, RawNumberElement, RawTextElement } from '@slack/types';
import { clampPlainText } from './clamp-text.js';
import { SLACK_LIMITS } from './limits.js';

export type DataTableCell = RawTextElement | RawNumberElement;

const SCALE: Record<string, number> = { k: 1e3, m: 1e6, mn: 1e6, b: 1e9, bn: 1e9, t: 1e12 };

/**
 * The number a cell shows, or undefined when it is not one number. Thousands separators,
 * a currency sign, a % and a k/m/bn/t scale are read; "(12)" is negative, as accountants write it.
 */
export function parseDisplayedNumber(text: string): number | undefined {
  let t = text.trim();
  if (t === '' || t.length > 40) return undefined;
  let sign = 1;
  if (/^\(.*\)$/.test(t)) {
    sign = -1;
    t = t.slice(1, -1).trim();
  }
  if (/^[-−–]/.test(t)) {
    sign = -sign;
    t = t.slice(1).trim();
  } else if (t.startsWith('+')) t = t.slice(1).trim();
  t = t.replace(/^(US\$|[$€£¥])\s*/i, '');
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(%|k|m|mn|b|bn|t)?$/i.exec(t);
  if (!m) return undefined;
  const value = Number(`${(m[1] ?? '').replace(/,/g, '')}${m[2] ?? ''}`);
  const suffix = (m[3] ?? '').toLowerCase();
  const scaled = suffix === '%' || suffix === '' ? value : value * (SCALE[suffix] ?? 1);
  return Number.isFinite(scaled) ? sign * scaled : undefined;
}

/** Slack documents no empty cell: an empty one holds a space. */
const text = (t: string): RawTextElement => ({ type: 'raw_text', text: t === '' ? ' ' : t });

/** A body cell: numeric when it reads as a number, its text kept as the display. */
export function dataTableCell(cellText: string): DataTableCell {
  const value = parseDisplayedNumber(cellText);
  return value === undefined ? text(cellText) : { type: 'raw_number', value, text: cellText.trim() };
}

export interface DataTableOptions {
  caption: string;
  /** Rows a page shows; SLACK_LIMITS.dataTablePageSize by default. */
  pageSize?: number;
}

const cellChars = (row: readonly string[]): number => row.reduce((n, c) => n + Math.max(1, c.length), 0);

/** Column groups of ≤ 20: the first column, then as many others as fit, repeated per group. */
function columnGroups(width: number): number[][] {
  const max = SLACK_LIMITS.dataTableColumns;
  if (width <= max) return [Array.from({ length: width }, (_, c) => c)];
  const groups: number[][] = [];
  for (let c = 1; c < width; c += max - 1) {
    groups.push([0, ...Array.from({ length: Math.min(max - 1, width - c) }, (_, i) => c + i)]);
  }
  return groups;
}

/** Body rows in runs of ≤ 100 rows whose cells, with the header's, stay within the character cap. */
function rowRuns(header: readonly string[], body: readonly string[][]): Array<{ first: number; rows: string[][] }> {
  const maxRows = SLACK_LIMITS.dataTableRows - 1;
  const budget = SLACK_LIMITS.dataTableCellChars - cellChars(header);
  const runs: Array<{ first: number; rows: string[][] }> = [];
  let current: string[][] = [];
  let chars = 0;
  let first = 0;
  body.forEach((row, i) => {
    const n = cellChars(row);
    if (current.length > 0 && (current.length >= maxRows || chars + n > budget)) {
      runs.push({ first, rows: current });
      current = [];
      chars = 0;
      first = i;
    }
    current.push([...row]);
    chars += n;
  });
  if (current.length > 0) runs.push({ first, rows: current });
  return runs;
}

/**
 * Rows (first = header) → one or more data_table blocks. Cells longer than the cap are cut
 * (SLACK_LIMITS.tableCellChars); a table with a header only gets one empty row, since Slack
 * needs two rows at least.
 */
export function buildDataTables(rows: readonly string[][], options: DataTableOptions): DataTableBlock[] {
  const width = Math.max(1, ...rows.map((r) => r.length));
  const toWidth = (r: readonly string[]): string[] =>
    Array.from({ length: width }, (_, c) => clampPlainText((r[c] ?? '').trim(), SLACK_LIMITS.tableCellChars));
  const [headerRow = [], ...bodyRows] = rows.map(toWidth);
  const header = headerRow.length > 0 ? headerRow : toWidth([]);
  const body = bodyRows.length > 0 ? bodyRows : [toWidth([])];
  const groups = columnGroups(width);
  const out: DataTableBlock[] = [];
  for (const [g, cols] of groups.entries()) {
    const pick = (r: readonly string[]): string[] => cols.map((c) => r[c] ?? '');
    const runs = rowRuns(pick(header), body.map(pick));
    for (const run of runs) {
      const parts: string[] = [];
      if (groups.length > 1) parts.push(`columns ${g === 0 ? 1 : (cols[1] ?? 1) + 1}–${(cols[cols.length - 1] ?? 0) + 1} of ${width}`);
      if (runs.length > 1) parts.push(`rows ${run.first + 1}–${run.first + run.rows.length} of ${body.length}`);
      out.push(dataTableBlock(pick(header), run.rows, { ...options, caption: captionWith(options.caption, parts) }));
    }
  }
  return out;
}

function captionWith(caption: string, parts: string[]): string {
  const suffix = parts.length > 0 ? ` (${parts.join(', ')})` : '';
  const base = caption.trim() === '' ? 'Table' : caption.trim();
  return `${clampPlainText(base, SLACK_LIMITS.dataTableCaptionChars - suffix.length)}${suffix}`;
}

function dataTableBlock(header: readonly string[], body: readonly string[][], options: DataTableOptions): DataTableBlock {
  const pageSize = Math.min(options.pageSize ?? SLACK_LIMITS.dataTablePageSize, SLACK_LIMITS.dataTablePageSizeMax);
  return {
    type: 'data_table',
    caption: options.caption,
    rows: [header.map(text), ...body.map((r) => r.map(dataTableCell))],
    page_size: Math.max(1, Math.min(pageSize, body.length)),
  };
}
