/**
 * The data_table block: a sortable, paged table in messages. Unlike `table`, a message may hold
 * more than one. Its rules: a caption is required; 2–101 rows (the first is the header, whose
 * cells may not be rich_text); every row the same length, at most 20 columns; cells raw_text,
 * raw_number (a numeric value and a display text of at least 1 character) or rich_text; about
 * 10,000 characters across all cells; page_size 1–100 (default 5).
 * @see https://docs.slack.dev/reference/block-kit/blocks/data-table-block
 */
import { slackLimits } from './limits.js';
import { checkRichText } from './rich-text.js';
import { type IssueList, isRecord } from './validation-issue.js';

/** Characters a cell shows: raw text, a number's display text, or a rich_text's text leaves. */
function cellChars(cell: Record<string, unknown>): number {
  if (typeof cell.text === 'string') return cell.text.length;
  let n = 0;
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isRecord(v)) {
      if (typeof v.text === 'string') n += v.text.length;
      walk(v.elements);
    }
  };
  walk(cell.elements);
  return n;
}

function checkCell(issues: IssueList, path: string, cell: unknown, isHeader: boolean): number {
  if (!isRecord(cell)) {
    issues.add(path, 'must provide an object');
    return 0;
  }
  switch (cell.type) {
    case 'raw_text':
      if (typeof cell.text !== 'string') issues.add(`${path}/text`, 'must provide a string');
      break;
    case 'raw_number':
      if (typeof cell.value !== 'number' || !Number.isFinite(cell.value)) issues.add(`${path}/value`, 'must provide a number');
      if (typeof cell.text !== 'string' || cell.text.length < 1) issues.add(`${path}/text`, 'must be at least 1 character');
      break;
    case 'rich_text':
      if (isHeader) issues.add(`${path}/type`, 'rich_text cannot be used for header cells');
      else checkRichText(issues, `${path}/elements`, cell.elements);
      break;
    default:
      issues.add(`${path}/type`, `must be one of [raw_text, raw_number${isHeader ? '' : ', rich_text'}]`);
  }
  return cellChars(cell);
}

function checkInteger(issues: IssueList, path: string, value: unknown, min: number, max: number): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    issues.add(path, `must be an integer from ${min} to ${max}`);
  }
}

export function checkDataTable(issues: IssueList, path: string, block: Record<string, unknown>): void {
  if (typeof block.caption !== 'string' || block.caption.trim() === '') issues.add(`${path}/caption`, 'must provide a non-empty string');
  const rows = block.rows;
  if (!Array.isArray(rows)) {
    issues.add(`${path}/rows`, 'must provide an array');
    return;
  }
  if (rows.length < slackLimits.dataTableMinRows) issues.add(`${path}/rows`, `must provide at least ${slackLimits.dataTableMinRows} items`);
  if (rows.length > slackLimits.dataTableRows) issues.add(`${path}/rows`, `must provide no more than ${slackLimits.dataTableRows} items`);
  const width = Array.isArray(rows[0]) ? rows[0].length : 0;
  let chars = 0;
  rows.forEach((row, r) => {
    const rp = `${path}/rows/${r}`;
    if (!Array.isArray(row) || row.length === 0) {
      issues.add(rp, 'must provide a non-empty array');
      return;
    }
    if (row.length > slackLimits.dataTableColumns) issues.add(rp, `must provide no more than ${slackLimits.dataTableColumns} items`);
    else if (row.length !== width) issues.add(rp, `all rows must have the same number of values (${width})`);
    row.forEach((cell, c) => {
      chars += checkCell(issues, `${rp}/${c}`, cell, r === 0);
    });
  });
  if (chars > slackLimits.dataTableCellChars) {
    issues.add(`${path}/rows`, `cells must total no more than ${slackLimits.dataTableCellChars} characters`);
  }
  checkInteger(issues, `${path}/page_size`, block.page_size, slackLimits.dataTablePageSizeMin, slackLimits.dataTablePageSizeMax);
  checkInteger(issues, `${path}/row_header_column_index`, block.row_header_column_index, 0, Math.max(0, width - 1));
}
