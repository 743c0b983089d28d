/**
 * The same message with lesser tables, for a workspace that refuses a table block
 * (slack-api/table-fallback-fetch.ts decides when). To `table`: the first data_table of the
 * message becomes a `table` block under its caption (Slack shows one table per message), later
 * ones become text. To `text`: every table becomes its caption and a monospaced text rendering.
 * Only the tables change: the other blocks go as they came, so a message Slack refuses for another
 * reason is refused again and is never taken for a table refusal. Nothing is dropped.
 * @see https://docs.slack.dev/reference/block-kit/blocks/table-block
 */
import type { ContextBlock, DataTableBlock, KnownBlock, SectionBlock, TableBlock } from '@slack/types';
import { clampText } from './clamp-text.js';
import { escapeMrkdwn } from './escape.js';
import { clampBlocks, SLACK_LIMITS } from './limits.js';
import { splitMrkdwn } from './markdown/split-mrkdwn.js';
import { tableAsText } from './markdown/table-as-text.js';
import { type TableCell, tableCellText } from './table-cell-text.js';

const caption = (text: string): ContextBlock => ({
  type: 'context',
  elements: [{ type: 'mrkdwn', text: clampText(escapeMrkdwn(text), SLACK_LIMITS.textObjectChars) }],
});

const section = (mrkdwn: string): SectionBlock => ({ type: 'section', text: { type: 'mrkdwn', text: mrkdwn, verbatim: true } });

function asText(rows: TableCell[][], title?: string): KnownBlock[] {
  const text = tableAsText(rows.map((r) => r.map(tableCellText)));
  return [...(title ? [caption(title)] : []), ...splitMrkdwn(text, SLACK_LIMITS.sectionTextChars).map(section)];
}

/** A `table` holds ≤ 100 rows: a longer data_table keeps its first 100 as a table, the rest as text. */
function asTable(t: DataTableBlock): KnownBlock[] {
  const rows = t.rows.map((r) => r.map((c): TableCell => (c.type === 'raw_number' ? { type: 'raw_text', text: c.text } : c)));
  const head = rows.slice(0, SLACK_LIMITS.tableRows);
  const table: TableBlock = { type: 'table', rows: head };
  const rest = rows.slice(SLACK_LIMITS.tableRows);
  return [caption(t.caption), table, ...(rest.length > 0 ? asText([rows[0] ?? [], ...rest]) : [])];
}

function isBlock(b: unknown): b is KnownBlock {
  return typeof b === 'object' && b !== null && typeof (b as { type?: unknown }).type === 'string';
}

export function downgradeTables(blocks: unknown[], to: 'table' | 'text'): unknown[] {
  const out: KnownBlock[] = [];
  let tables = 0;
  for (const b of blocks) {
    if (!isBlock(b)) continue;
    if (b.type === 'data_table') {
      if (to === 'table' && tables < SLACK_LIMITS.tablesPerMessage) {
        tables += 1;
        out.push(...asTable(b));
      } else out.push(...asText(b.rows, b.caption));
    } else if (b.type === 'table') {
      if (to === 'table' && tables < SLACK_LIMITS.tablesPerMessage) {
        tables += 1;
        out.push(b);
      } else out.push(...asText(b.rows));
    } else out.push(b);
  }
  // Text takes more blocks than a table: those past the message's limit become a visible note.
  return blocks.length <= SLACK_LIMITS.blocksPerMessage ? clampBlocks(out, SLACK_LIMITS.blocksPerMessage) : out;
}
