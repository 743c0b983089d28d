import type { DataTableBlock } from '@slack/types';
import { clampPlainText } from '../clamp-text.js';
import type { TableCell } from '../table-cell-text.js';
import { nonEmpty } from './clamp-text-object.js';
import { clampCell } from './clamp-table.js';
import { SLACK_LIMITS } from './slack-limits.js';

const cellChars = (c: TableCell): number => (c.type === 'rich_text' ? 0 : Math.max(1, c.text.length));

/**
 * A data_table within Slack's limits: ≤ 20 columns, rows padded to one width, a raw_text header,
 * 2–101 rows and ≤ 10,000 characters across cells (rows past either are dropped, and the caption
 * says so: renderers split big tables before this, so it is a last resort), a caption, a page
 * size of 1–100 and a row header column that exists.
 */
export function clampDataTable(b: DataTableBlock): DataTableBlock {
  const width = Math.min(SLACK_LIMITS.dataTableColumns, Math.max(1, ...b.rows.map((r) => r.length)));
  const pad = (r: TableCell[]): TableCell[] => {
    const cells = r.slice(0, width).map(clampCell);
    while (cells.length < width) cells.push({ type: 'raw_text', text: ' ' });
    return cells;
  };
  const [first = [], ...rest] = b.rows;
  // The header takes at most half the character budget, so there is room for rows.
  const headerCellChars = Math.floor(SLACK_LIMITS.dataTableCellChars / 2 / width);
  const header = pad(first).map(
    (c): TableCell => ({ type: 'raw_text', text: c.type === 'rich_text' ? ' ' : nonEmpty(clampPlainText(c.text, headerCellChars), ' ') }),
  );
  let budget = SLACK_LIMITS.dataTableCellChars - header.reduce((n, c) => n + cellChars(c), 0);
  const body: TableCell[][] = [];
  for (const r of rest.slice(0, SLACK_LIMITS.dataTableRows - 1).map(pad)) {
    const n = r.reduce((m, c) => m + cellChars(c), 0);
    if (n > budget) break;
    budget -= n;
    body.push(r);
  }
  if (body.length === 0) body.push(pad([]));
  const hidden = Math.max(0, rest.length - body.length);
  const note = hidden > 0 ? ` (first ${body.length} of ${rest.length} rows)` : '';
  const caption = `${clampPlainText(nonEmpty(b.caption, 'Table'), SLACK_LIMITS.dataTableCaptionChars - note.length)}${note}`;
  const out: DataTableBlock = { ...b, caption, rows: [header, ...body] };
  if (b.page_size !== undefined) out.page_size = Math.max(1, Math.min(SLACK_LIMITS.dataTablePageSizeMax, Math.round(b.page_size)));
  if (b.row_header_column_index !== undefined && (b.row_header_column_index < 0 || b.row_header_column_index >= width)) {
    delete out.row_header_column_index;
  }
  return out;
}
