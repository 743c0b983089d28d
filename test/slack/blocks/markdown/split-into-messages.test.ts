import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KnownBlock, TableBlock } from '@slack/types';
import type { SlackMessage } from '../../../../src/slack-api/slack-message.js';
import { findMessageViolations } from '../limit-violations.js';
import { tableCellText } from '../../../../src/slack/blocks/table-cell-text.js';
import { markdownToBlocks, sectionBlock } from '../../../../src/slack/blocks/markdown/markdown-to-blocks.js';
import { blockTextLength, MESSAGE_TEXT_BUDGET, splitIntoMessages } from '../../../../src/slack/blocks/markdown/split-into-messages.js';
import { buildLongReport } from '../../../fixtures/build-long-report.js';

function allStrings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(allStrings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(allStrings);
  return [];
}

function expectWithinLimits(messages: SlackMessage[]): void {
  for (const m of messages) {
    expect(findMessageViolations(m)).toEqual([]);
    expect(m.blocks.length).toBeLessThanOrEqual(50);
    expect(m.blocks.filter((b) => b.type === 'table').length).toBeLessThanOrEqual(1);
    expect(blockTextLength(m.blocks)).toBeLessThanOrEqual(MESSAGE_TEXT_BUDGET);
    expect(m.text.length).toBeGreaterThan(0);
    expect(m.text.length).toBeLessThan(300);
  }
}

describe('splitIntoMessages', () => {
  it('a 40,000-char report with several tables splits into messages each within limits, losing nothing', () => {
    const report = buildLongReport();
    expect(report.length).toBeGreaterThan(40_000);
    const blocks = markdownToBlocks(report, { tables: 'blocks' });
    const messages = splitIntoMessages(blocks);
    expect(messages.length).toBeGreaterThan(4);
    expectWithinLimits(messages);
    const text = allStrings(messages.map((m) => m.blocks)).join('\n');
    for (let p = 0; p < 80; p++) expect(text).toContain(`P${String(p).padStart(3, '0')}`);
    const rowIds = messages
      .flatMap((m) => m.blocks.filter((b): b is TableBlock => b.type === 'table'))
      .flatMap((tb) => tb.rows.slice(1).map((r) => tableCellText(r[0]!)));
    expect(rowIds.filter((id) => id.startsWith('R3-'))).toHaveLength(150);
    expect(new Set(rowIds).size).toBe(rowIds.length);
    expect(text).toContain('END-OF-REPORT');
    // Every part says which part it is.
    for (const [i, m] of messages.entries()) expect(m.text.endsWith(`(part ${i + 1} of ${messages.length})`)).toBe(true);
    expect(messages[0]!.text.startsWith('行业深度研究报告')).toBe(true);
  });

  it('a huge table is split by rows across messages with the header repeated', () => {
    const cell = 'x'.repeat(60);
    const md = `| a | b | c | d |\n|---|---|---|---|\n${Array.from({ length: 300 }, (_, i) => `| ${i} | ${cell} | ${cell} | ${cell} |`).join('\n')}`;
    const messages = splitIntoMessages(markdownToBlocks(md, { tables: 'blocks' }));
    expectWithinLimits(messages);
    const tables = messages.flatMap((m) => m.blocks.filter((b): b is TableBlock => b.type === 'table'));
    expect(tables.length).toBeGreaterThan(3);
    for (const tb of tables) expect(tb.rows[0]!.map(tableCellText)).toEqual(['a', 'b', 'c', 'd']);
    expect(tables.flatMap((tb) => tb.rows.slice(1).map((r) => Number(tableCellText(r[0]!))))).toEqual(
      Array.from({ length: 300 }, (_, i) => i),
    );
    expect(messages[0]!.text).toMatch(/^Table: a, b, c, d \(part 1 of \d+\)$/);
  });

  it('puts a second table in a new message and carries a heading along', () => {
    const blocks = markdownToBlocks('intro\n\n| a |\n|---|\n| 1 |\n\n## Next table\n\n| b |\n|---|\n| 2 |\n\noutro', { tables: 'blocks' });
    const messages = splitIntoMessages(blocks);
    expect(messages.map((m) => m.blocks.map((b) => b.type))).toEqual([
      ['section', 'table'],
      ['header', 'table', 'section'],
    ]);
  });

  it('cuts an oversize section and respects the block count', () => {
    const many: KnownBlock[] = Array.from({ length: 120 }, (_, i) => sectionBlock(`item ${i}`));
    const messages = splitIntoMessages([sectionBlock('word '.repeat(1500).trim()), ...many]);
    expectWithinLimits(messages);
    expect(messages.flatMap((m) => m.blocks).length).toBe(3 + 120);
  });

  it('past maxMessages the rest is replaced by a visible note; the tail always stays', () => {
    const body = Array.from({ length: 30 }, (_, i) => sectionBlock(`part ${i} `.repeat(300)));
    const tail = [sectionBlock('FOOTER')];
    const messages = splitIntoMessages(body, { maxMessages: 3 }, { tail, overflowHint: '<https://ex.com|Open>' });
    expect(messages).toHaveLength(3);
    const last = messages[2]!;
    expect(allStrings(last.blocks).join(' ')).toMatch(
      /The answer is too long for Slack: \d+ more sections were not posted\. <https:\/\/ex\.com\|Open>/,
    );
    expect(allStrings(last.blocks)).toContain('FOOTER');
    expectWithinLimits(messages);
  });

  it('an empty answer still yields one message', () => {
    const [only, ...rest] = splitIntoMessages([]);
    expect(rest).toEqual([]);
    expect(only!.blocks.length).toBe(1);
    expect(only!.text).toBe('(No content.)');
  });

  it('fallback text is escaped words without markup', () => {
    const [m] = splitIntoMessages(markdownToBlocks('**Bold** <!here> and [link](https://ex.com) `code`'));
    expect(m!.text).toBe('Bold &lt;!here&gt; and link (ex.com) code');
  });

  it('property: any mix of prose, headings, lists and tables splits into valid messages, table rows kept', () => {
    const prose = fc
      .tuple(
        fc.constantFrom('营收增长。', 'Margins held up. ', '**重点**内容，', 'see [x](https://e.com/a) ', '<!here> & '),
        fc.integer({ min: 1, max: 400 }),
      )
      .map(([s, n]) => s.repeat(n));
    const heading = fc
      .tuple(fc.integer({ min: 1, max: 3 }), fc.string({ minLength: 1, maxLength: 40 }))
      .map(([d, t]) => `${'#'.repeat(d)} H${t.replace(/[\n#|]/g, '')}`);
    const table = fc
      .tuple(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 24 }))
      .map(([cols, rows, w]) => {
        const head = `| ${Array.from({ length: cols }, (_, c) => `c${c}`).join(' | ')} |\n|${Array.from({ length: cols }, () => '---').join('|')}|`;
        const body = Array.from(
          { length: rows },
          (_, r) => `| ${Array.from({ length: cols }, (_, c) => (c === 0 ? `row${r}` : 'v'.repeat(w))).join(' | ')} |`,
        );
        return [head, ...body].join('\n');
      });
    fc.assert(
      fc.property(fc.array(fc.oneof(prose, heading, table, fc.constant('- a\n- b\n  - c')), { minLength: 1, maxLength: 8 }), (parts) => {
        const messages = splitIntoMessages(markdownToBlocks(parts.join('\n\n'), { tables: 'blocks' }));
        expectWithinLimits(messages);
        const narrowTables = parts.filter((p) => p.startsWith('| c0') && !p.split('\n')[0]!.includes('c20'));
        const expectedRows = narrowTables.reduce((n, p) => n + p.split('\n').length - 2, 0);
        const rows = messages
          .flatMap((m) => m.blocks.filter((b): b is TableBlock => b.type === 'table'))
          .reduce((n, t) => n + t.rows.length - 1, 0);
        // Past maxMessages the rest is dropped, visibly; otherwise every row arrives.
        const overflow = allStrings(messages).some((t) => t.includes('The answer is too long for Slack'));
        if (overflow) expect(rows).toBeLessThanOrEqual(expectedRows);
        else expect(rows).toBe(expectedRows);
      }),
      { numRuns: 25 },
    );
  });
});
