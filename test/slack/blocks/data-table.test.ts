import type { DataTableBlock, KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { buildDataTables, parseDisplayedNumber } from '../../../src/slack/blocks/data-table.js';
import { clampMessage, SLACK_LIMITS } from '../../../src/slack/blocks/limits.js';
import { markdownToBlocks } from '../../../src/slack/blocks/markdown/markdown-to-blocks.js';
import { splitIntoMessages } from '../../../src/slack/blocks/markdown/split-into-messages.js';
import { tableCellText } from '../../../src/slack/blocks/table-cell-text.js';

const isDataTable = (b: KnownBlock): b is DataTableBlock => b.type === 'data_table';
const mdTable = (header: string[], rows: string[][]): string =>
  [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const texts = (t: DataTableBlock): string[][] => t.rows.map((r) => r.map(tableCellText));
const cellsOf = (t: DataTableBlock): number => t.rows.flat().reduce((n, c) => n + tableCellText(c).length, 0);

describe('parseDisplayedNumber', () => {
  it.each([
    ['1,741.4', 1741.4],
    ['-3%', -3],
    ['(12.5)', -12.5],
    ['$2.1B', 2.1e9],
    ['€ 40m', 40e6],
    ['2024', 2024],
    ['+7', 7],
  ])('%s → %d', (text, value) => {
    expect(parseDisplayedNumber(text)).toBeCloseTo(value);
  });
  it.each(['FY2024', '2024 Q2', 'n/a', '', '1.2.3', '12 apples', '—'])('%s is not a number', (text) => {
    expect(parseDisplayedNumber(text)).toBeUndefined();
  });
});

describe('Markdown tables as data_table blocks', () => {
  it('an answer with two tables gives two data_table blocks in one message', () => {
    const md = [
      '## Revenue',
      mdTable(
        ['Company', 'FY2024', 'Margin'],
        [
          ['Apple', '391,035', '46.2%'],
          ['Microsoft', '245,122', '69.8%'],
        ],
      ),
      '',
      'Some words between.',
      '',
      mdTable(
        ['Ticker', 'Price'],
        [
          ['AAPL', '$227.5'],
          ['MSFT', '$415.1'],
        ],
      ),
    ].join('\n');
    const messages = splitIntoMessages(markdownToBlocks(md));
    expect(messages).toHaveLength(1);
    const tables = messages[0]!.blocks.filter(isDataTable);
    expect(tables).toHaveLength(2);
    expect(tables[0]!.caption).toBe('Revenue — table 1: Company, FY2024, Margin');
    expect(tables[1]!.caption).toBe('Revenue — table 2: Ticker, Price');
    // Header cells are text; numbers are numeric so Slack sorts them as numbers.
    expect(tables[0]!.rows[0]!.every((c) => c.type === 'raw_text')).toBe(true);
    expect(tables[0]!.rows[1]).toEqual([
      { type: 'raw_text', text: 'Apple' },
      { type: 'raw_number', value: 391035, text: '391,035' },
      { type: 'raw_number', value: 46.2, text: '46.2%' },
    ]);
    expect(messages[0]!.blocks.some((b) => b.type === 'table')).toBe(false);
  });

  it('150 rows become two data_tables of ≤ 101 rows, header repeated, captions saying which rows', () => {
    const rows = Array.from({ length: 150 }, (_, i) => [`r${i}`, String(i)]);
    const tables = markdownToBlocks(mdTable(['id', 'n'], rows)).filter(isDataTable);
    expect(tables.map((t) => t.rows.length)).toEqual([101, 51]);
    for (const t of tables) expect(texts(t)[0]).toEqual(['id', 'n']);
    expect(
      tables.flatMap((t) =>
        texts(t)
          .slice(1)
          .map((r) => r[0]),
      ),
    ).toEqual(rows.map((r) => r[0]));
    expect(tables.map((t) => t.caption)).toEqual(['Table 1: id, n (rows 1–100 of 150)', 'Table 1: id, n (rows 101–150 of 150)']);
    const messages = splitIntoMessages(tables);
    expect(messages).toHaveLength(1);
  });

  it('25 columns become two data_tables of ≤ 20 columns, the first column repeated', () => {
    const header = Array.from({ length: 25 }, (_, c) => `c${c}`);
    const rows = [Array.from({ length: 25 }, (_, c) => String(c))];
    const tables = markdownToBlocks(mdTable(header, rows)).filter(isDataTable);
    expect(tables.map((t) => t.rows[0]!.length)).toEqual([20, 6]);
    expect(texts(tables[1]!)[0]).toEqual(['c0', 'c20', 'c21', 'c22', 'c23', 'c24']);
    expect(tables.map((t) => t.caption)).toEqual([
      `Table 1: ${header.join(', ')} (columns 1–20 of 25)`,
      expect.stringMatching(/\(columns 21–25 of 25\)$/),
    ]);
    for (const t of tables) expect(t.caption.length).toBeLessThanOrEqual(SLACK_LIMITS.dataTableCaptionChars);
  });

  it('a table over 10,000 characters is split so each part stays within the cap', () => {
    const rows = Array.from({ length: 60 }, (_, i) => [`row ${i}`, 'x'.repeat(300)]);
    const tables = buildDataTables([['name', 'text'], ...rows], { caption: 'Long' });
    expect(tables.length).toBeGreaterThan(1);
    for (const t of tables) expect(cellsOf(t)).toBeLessThanOrEqual(SLACK_LIMITS.dataTableCellChars);
    expect(tables.reduce((n, t) => n + t.rows.length - 1, 0)).toBe(60);
  });

  it('a header-only table still has the two rows Slack needs; page_size fits the rows', () => {
    const [t] = buildDataTables([['a', 'b']], { caption: 'x' });
    expect(t!.rows).toHaveLength(2);
    expect(t!.page_size).toBe(1);
  });

  it('tables: "blocks" keeps the table block path', () => {
    expect(markdownToBlocks(mdTable(['a'], [['1']]), { tables: 'blocks' }).map((b) => b.type)).toEqual(['table']);
  });

  it('a caption cannot ping anyone', () => {
    const [t] = markdownToBlocks(`## <!channel> news\n\n${mdTable(['@here'], [['1']])}`).filter(isDataTable);
    expect(t!.caption).not.toMatch(/<!channel>|<!here>/);
  });
});

describe('clampMessage on data_table', () => {
  it('keeps every limit: columns, rows, characters, header type, page size, caption', () => {
    const wide = Array.from({ length: 25 }, () => ({ type: 'raw_text' as const, text: 'h' }));
    const richHeader = { type: 'rich_text' as const, elements: [] };
    const block: DataTableBlock = {
      type: 'data_table',
      caption: '',
      page_size: 500,
      row_header_column_index: 30,
      rows: [[richHeader, ...wide], ...Array.from({ length: 150 }, () => [{ type: 'raw_number' as const, value: 1, text: '1' }])],
    };
    const [out] = clampMessage({ text: 't', blocks: [block, { ...block }] }).blocks as DataTableBlock[];
    expect(out!.rows).toHaveLength(101);
    for (const r of out!.rows) expect(r).toHaveLength(20);
    expect(out!.rows[0]![0]!.type).toBe('raw_text');
    expect(out!.page_size).toBe(100);
    expect(out!.row_header_column_index).toBeUndefined();
    expect(out!.caption).toBe('Table (first 100 of 150 rows)');
    // More than one data_table stays in a message (the one-table rule is for `table`).
    expect(clampMessage({ text: 't', blocks: [block, { ...block }] }).blocks.filter((b) => b.type === 'data_table')).toHaveLength(2);
  });
});
