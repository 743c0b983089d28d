import type { TableBlock } from '@slack/types';
import { clampPlainText, ELLIPSIS } from '../clamp-text.js';
import type { TableCell } from '../table-cell-text.js';
import { nonEmpty } from './clamp-text-object.js';
import { SLACK_LIMITS } from './slack-limits.js';

/** Text cells are cut to our cap; a rich_text cell is passed through as it is. */
export function clampCell(c: TableCell): TableCell {
  if (c.type === 'raw_text') return { type: 'raw_text', text: nonEmpty(clampPlainText(c.text, SLACK_LIMITS.tableCellChars), ' ') };
  if (c.type === 'raw_number') return { ...c, text: nonEmpty(clampPlainText(c.text, SLACK_LIMITS.tableCellChars), ' ') };
  return c;
}

export function clampTable(b: TableBlock): TableBlock {
  const width = Math.min(SLACK_LIMITS.tableCellsPerRow, Math.max(1, ...b.rows.map((r) => r.length)));
  let rows: TableCell[][] = b.rows.map((r) => {
    const cells = r.slice(0, width).map(clampCell);
    while (cells.length < width) cells.push({ type: 'raw_text', text: ' ' });
    return cells;
  });
  if (rows.length === 0) rows = [[{ type: 'raw_text', text: '—' }]];
  if (rows.length > SLACK_LIMITS.tableRows) {
    const hidden = rows.length - (SLACK_LIMITS.tableRows - 1);
    const note = [{ type: 'raw_text' as const, text: `${ELLIPSIS}and ${hidden} more rows` }];
    while (note.length < width) note.push({ type: 'raw_text', text: ' ' });
    rows = [...rows.slice(0, SLACK_LIMITS.tableRows - 1), note];
  }
  const out: TableBlock = { ...b, rows };
  if (b.column_settings) out.column_settings = b.column_settings.slice(0, Math.min(width, SLACK_LIMITS.tableColumnSettings));
  return out;
}
