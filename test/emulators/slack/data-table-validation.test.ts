import { describe, expect, it } from 'vitest';
import type { SlackApiError } from '../../../src/emulators/slack/errors.js';
import { checkBlocks } from '../../../src/emulators/slack/validation/blocks.js';
import { validateMessageContent } from '../../../src/emulators/slack/validation/message.js';

const repeat = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const text = (t: string) => ({ type: 'raw_text', text: t });
const num = (value: number, t = String(value)) => ({ type: 'raw_number', value, text: t });
const rich = { type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'r' }] }] };
const header = (n: number) => repeat(n, (i) => text(`h${i}`));
const body = (n: number) => repeat(n, (i) => num(i));
const dataTable = (rows: unknown[][], extra: Record<string, unknown> = {}) => ({ type: 'data_table', caption: 'Revenue', rows, ...extra });

const pathsOf = (blocks: unknown[]): string[] => checkBlocks(blocks, 'message').issues.issues.map((i) => i.path);

/** @see https://docs.slack.dev/reference/block-kit/blocks/data-table-block */
describe('data_table validation (Slack documented limits)', () => {
  it.each([
    ['the smallest table: a header and one row', [dataTable([header(2), body(2)])]],
    ['101 rows (100 plus the header) of 20 columns', [dataTable([header(20), ...repeat(100, () => body(20))])]],
    [
      'page_size 1 and 100, row_header_column_index',
      [dataTable([header(2), body(2)], { page_size: 1 }), dataTable([header(2), body(2)], { page_size: 100, row_header_column_index: 1 })],
    ],
    ['rich_text cells below the header', [dataTable([header(2), [rich, text('x')]])]],
    ['10,000 characters across cells', [dataTable([[text('a'.repeat(5000))], [text('b'.repeat(5000))]])]],
    ['three data tables in one message', repeat(3, () => dataTable([header(1), body(1)]))],
  ])('accepts %s', (_name, blocks) => {
    expect(pathsOf(blocks)).toEqual([]);
  });

  it.each([
    ['no caption', [{ type: 'data_table', rows: [header(1), body(1)] }], '/blocks/0/caption'],
    ['an empty caption', [dataTable([header(1), body(1)], { caption: '' })], '/blocks/0/caption'],
    ['a header only (1 row)', [dataTable([header(2)])], '/blocks/0/rows'],
    ['102 rows', [dataTable([header(1), ...repeat(101, () => body(1))])], '/blocks/0/rows'],
    ['21 columns', [dataTable([header(21), body(21)])], '/blocks/0/rows/0'],
    ['rows of different lengths', [dataTable([header(2), body(3)])], '/blocks/0/rows/1'],
    ['a rich_text header cell', [dataTable([[rich], body(1)])], '/blocks/0/rows/0/0/type'],
    ['page_size 0', [dataTable([header(1), body(1)], { page_size: 0 })], '/blocks/0/page_size'],
    ['page_size 101', [dataTable([header(1), body(1)], { page_size: 101 })], '/blocks/0/page_size'],
    ['page_size 2.5', [dataTable([header(1), body(1)], { page_size: 2.5 })], '/blocks/0/page_size'],
    [
      'row_header_column_index past the last column',
      [dataTable([header(2), body(2)], { row_header_column_index: 2 })],
      '/blocks/0/row_header_column_index',
    ],
    [
      'a raw_number without a numeric value',
      [dataTable([header(1), [{ type: 'raw_number', value: '12', text: '12' }]])],
      '/blocks/0/rows/1/0/value',
    ],
    ['a raw_number with empty text', [dataTable([header(1), [num(1, '')]])], '/blocks/0/rows/1/0/text'],
    ['an unknown cell type', [dataTable([header(1), [{ type: 'mrkdwn', text: 'x' }]])], '/blocks/0/rows/1/0/type'],
    ['10,001 characters across cells', [dataTable([[text('a'.repeat(5000))], [text('b'.repeat(5001))]])], '/blocks/0/rows'],
  ])('rejects %s', (_name, blocks, path) => {
    expect(pathsOf(blocks)).toContain(path);
  });

  it('is a message-only block', () => {
    const issues = checkBlocks([dataTable([header(1), body(1)])], 'modal').issues.issues;
    expect(issues.map((i) => i.path)).toContain('/blocks/0/type');
  });
});

describe('a workspace that refuses data_table', () => {
  it('answers invalid_blocks pointing at the data_table block, and still takes table blocks', () => {
    const refused = { refusedBlockTypes: new Set(['data_table']) };
    const blocks = [{ type: 'divider' }, dataTable([header(1), body(1)])];
    try {
      validateMessageContent({ blocks }, 'chat.postMessage', refused);
      expect.unreachable();
    } catch (err) {
      const body = (err as SlackApiError).toBody();
      expect(body.error).toBe('invalid_blocks');
      expect(JSON.stringify(body.response_metadata)).toContain('[json-pointer:/blocks/1/type]');
    }
    const table = { type: 'table', rows: [[text('a')]] };
    expect(validateMessageContent({ blocks: [table] }, 'chat.postMessage', refused).blocks).toEqual([table]);
    expect(validateMessageContent({ blocks }, 'chat.postMessage').blocks).toEqual(blocks);
  });
});
