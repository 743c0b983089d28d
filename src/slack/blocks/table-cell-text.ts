/**
 * The text of a table cell. Slack tables hold `raw_text` and `rich_text` cells (@slack/types also
 * lists `raw_number`); our renderers write raw_text only, and a rich_text cell counts as no text.
 * @see https://docs.slack.dev/reference/block-kit/blocks/table-block
 */
import type { TableBlock } from '@slack/types';

export type TableCell = TableBlock['rows'][number][number];

export function tableCellText(cell: TableCell): string {
  return cell.type === 'rich_text' ? '' : cell.text;
}
