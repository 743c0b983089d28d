import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KnownBlock, SectionBlock, TableBlock } from '@slack/types';
import { findMessageViolations } from '../limit-violations.js';
import { tableCellText } from '../../../../src/slack/blocks/table-cell-text.js';
import { markdownToMrkdwn } from '../../../../src/slack/blocks/markdown/markdown-pieces.js';
import { markdownToBlocks } from '../../../../src/slack/blocks/markdown/markdown-to-blocks.js';

const ZWSP = '\u200B';
const sectionTexts = (blocks: KnownBlock[]): string[] => blocks.flatMap((b) => (b.type === 'section' && b.text ? [b.text.text] : []));
const only = (md: string): string => {
  const texts = sectionTexts(markdownToBlocks(md));
  expect(texts).toHaveLength(1);
  return texts[0]!;
};
/** Every string in a payload, wherever it sits. */
function allStrings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(allStrings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(allStrings);
  return [];
}

describe('markdownToBlocks: constructs', () => {
  it('h1/h2 become header blocks, smaller or long headings bold sections', () => {
    const blocks = markdownToBlocks(`# 年度报告\n\n## Key *figures*\n\n### 风险\n\n# ${'长'.repeat(200)}`);
    expect(blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: '年度报告', emoji: true } });
    expect(blocks[1]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Key figures', emoji: true } });
    const texts = sectionTexts(blocks);
    expect(texts[0]!.startsWith(`${ZWSP}*风险*${ZWSP}`)).toBe(true);
    expect(texts[0]).toContain(`${ZWSP}*${'长'.repeat(200)}*${ZWSP}`);
  });

  it('paragraphs share a section, separated by a blank line, marked verbatim', () => {
    const [block] = markdownToBlocks('First paragraph.\n\nSecond one.') as SectionBlock[];
    expect(block!.text).toEqual({ type: 'mrkdwn', text: 'First paragraph.\n\nSecond one.', verbatim: true });
  });

  it('emphasis, strong and strike use Slack markers', () => {
    expect(only('a **bold** and *it* and ~~gone~~ words')).toBe(
      `a ${ZWSP}*bold*${ZWSP} and ${ZWSP}_it_${ZWSP} and ${ZWSP}~gone~${ZWSP} words`,
    );
  });

  it('CJK emphasis: zero-width spaces around markers so Slack sees word boundaries', () => {
    const text = only('营收**同比增长15%**，净利润*稳健*，~~亏损~~扭转');
    expect(text).toBe(`营收${ZWSP}*同比增长15%*${ZWSP}，净利润${ZWSP}_稳健_${ZWSP}，${ZWSP}~亏损~${ZWSP}扭转`);
    // Every marker is guarded on its outer side by a zero-width space (a word boundary for Slack).
    expect(text.replace(/\u200B[*_~]|[*_~]\u200B/g, '')).not.toMatch(/[*_~]/);
  });

  it('*ST stock names inside bold stay readable and cannot close the emphasis early', () => {
    expect(only('**关注*ST康美的风险**')).toBe(`${ZWSP}*关注＊ST康美的风险*${ZWSP}`);
  });

  it('links become <url|label (host)> with escaping; unsafe schemes keep only the label', () => {
    expect(only('See [the 10-K & notes](https://ex.com/a?b=1&c=2) now')).toBe(
      'See <https://ex.com/a?b=1&amp;c=2|the 10-K &amp; notes (ex.com)> now',
    );
    expect(only('[click](javascript:alert(1)) here')).toBe('click here');
    expect(only('visit https://ex.com/x today')).toBe('visit <https://ex.com/x|https://ex.com/x> today');
  });

  it('inline code and code blocks are escaped; fences inside code are defused', () => {
    expect(only('use `a<b && c` here')).toBe('use `a&lt;b &amp;&amp; c` here');
    expect(only('```ts\nif (a < b) { x = "```"; }\n```')).toBe('```\nif (a &lt; b) { x = "ˋˋˋ"; }\n```');
  });

  it('block quotes become > lines, nested formatting kept', () => {
    expect(only('> 引用 **重点**\n> 第二行\n>\n> - 列表')).toBe(`> 引用 ${ZWSP}*重点*${ZWSP}\n> 第二行\n>\n> • 列表`);
  });

  it('lists: bullets by depth, ordered numbering from start, tasks, continuation lines', () => {
    const text = only('3. three\n4. four\n   - sub\n     - subsub\n\n- [x] done\n- [ ] todo');
    expect(text).toBe('3. three\n4. four\n    ◦ sub\n        ▪ subsub\n\n• ☑ done\n• ☐ todo');
  });

  it('horizontal rules become dividers', () => {
    expect(markdownToBlocks('a\n\n---\n\nb').map((b) => b.type)).toEqual(['section', 'divider', 'section']);
  });

  it('tables become table blocks with header row, alignment and padded cells', () => {
    const [table] = markdownToBlocks('| 指标 | 2024 | 说明 |\n|:--|--:|:-:|\n| **营收** | 1,741.4 | a \\| b |\n| 利润 | |', {
      tables: 'blocks',
    }).filter((b): b is TableBlock => b.type === 'table');
    expect(table!.rows.map((r) => r.map(tableCellText))).toEqual([
      ['指标', '2024', '说明'],
      ['营收', '1,741.4', 'a | b'],
      ['利润', ' ', ' '],
    ]);
    expect(table!.column_settings).toEqual([
      { align: 'left', is_wrapped: true },
      { align: 'right', is_wrapped: true },
      { align: 'center', is_wrapped: true },
    ]);
  });

  it('a table over 100 rows is split into tables of ≤ 100 rows, header repeated, with notes', () => {
    const md = `| n | v |\n|---|---|\n${Array.from({ length: 250 }, (_, i) => `| ${i + 1} | x${i + 1} |`).join('\n')}`;
    const blocks = markdownToBlocks(md, { tables: 'blocks' });
    const tables = blocks.filter((b): b is TableBlock => b.type === 'table');
    expect(tables.map((t) => t.rows.length)).toEqual([100, 100, 53]);
    for (const t of tables) expect(t.rows[0]!.map(tableCellText)).toEqual(['n', 'v']);
    const data = tables.flatMap((t) => t.rows.slice(1).map((r) => tableCellText(r[0]!)));
    expect(data).toEqual(Array.from({ length: 250 }, (_, i) => String(i + 1)));
    expect(allStrings(blocks).filter((s) => s.startsWith('Table continued'))).toEqual([
      'Table continued: rows 100–198 of 250.',
      'Table continued: rows 199–250 of 250.',
    ]);
  });

  it('a table over 20 columns falls back to text with a visible note', () => {
    const cols = Array.from({ length: 24 }, (_, i) => `c${i}`);
    const md = `| ${cols.join(' | ')} |\n|${cols.map(() => '---').join('|')}|\n| ${cols.map((c) => `${c}v`).join(' | ')} |`;
    const blocks = markdownToBlocks(md, { tables: 'blocks' });
    expect(blocks.some((b) => b.type === 'table')).toBe(false);
    expect(allStrings(blocks)).toContain('Table shown as text: it has 24 columns and Slack tables hold at most 20.');
    expect(sectionTexts(blocks).join('\n')).toContain('c23v');
  });

  it("tables: 'text' mode renders a monospaced block aligned for CJK widths", () => {
    const blocks = markdownToBlocks('| 名称 | v |\n|--|--:|\n| 茅台 | 1 |\n| ab | 22 |', { tables: 'text' });
    expect(sectionTexts(blocks)[0]).toBe('```\n名称 |  v\n-----+---\n茅台 |  1\nab   | 22\n```');
  });

  it('empty or whitespace input gives no blocks', () => {
    expect(markdownToBlocks('')).toEqual([]);
    expect(markdownToBlocks('  \n\n ')).toEqual([]);
  });
});

describe('markdownToBlocks: hostile text', () => {
  const hostile = 'Hi <!channel> <!here> <!everyone> <@U123> <#C42> <!subteam^S1|team> &lt;!here&gt; @here a&b';

  it('neutralises mentions and broadcasts in paragraphs', () => {
    const text = only(hostile);
    expect(text).not.toMatch(/<[!@#]/);
    expect(text).toContain('&lt;!channel&gt;');
    expect(text).toContain('&lt;@U123&gt;');
    expect(text).toContain('&lt;!here&gt;');
    expect(text).toContain('a&amp;b');
    expect(text).toContain('@\u2060here');
  });

  it('neutralises them in headers, table cells, links, code and html blocks too', () => {
    const md = `# ${hostile}\n\n| h |\n|---|\n| <!channel> <@U1> |\n\n[<!here>](https://ex.com)\n\n\`<!here>\`\n\n<!channel>\n\n<div><@U999></div>`;
    const blocks = markdownToBlocks(md);
    for (const s of allStrings(blocks)) expect(s).not.toMatch(/<[!@#]/);
  });

  it('property: arbitrary text never yields a Slack token we did not build, nor throws', () => {
    const fragment = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '<!channel>',
        '<@U123>',
        '<#C1>',
        '<!subteam^S1>',
        '&lt;!here&gt;',
        '**',
        '*',
        '_',
        '~',
        '`',
        '```',
        '|',
        '\n',
        '\n\n',
        '# ',
        '> ',
        '- ',
        '1. ',
        '[x](https://a.b)',
        '<https://a.b|x>',
        '中文',
        '&amp;',
        '<br>',
        '<!-- c -->',
      ),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 30 }), (parts) => {
        const blocks = markdownToBlocks(parts.join(''));
        for (const s of allStrings(blocks)) expect(s).not.toMatch(/<[!@#]/);
        // In mrkdwn, any remaining '<' opens a link we built: <http(s)://…|label>.
        for (const s of sectionTexts(blocks)) {
          for (const m of s.matchAll(/</g)) expect(s.slice(m.index)).toMatch(/^<https?:\/\/[^\s<>|]+\|[^<>]*>/);
        }
        expect(findMessageViolations({ text: 'x', blocks: blocks.slice(0, 50) }).filter((v) => !v.includes('tables'))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('markdownToMrkdwn', () => {
  it('renders headings bold, tables as text and rules as a line', () => {
    const text = markdownToMrkdwn('# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n---\n\nend');
    expect(text).toBe(`${ZWSP}*T*${ZWSP}\n\n\`\`\`\na | b\n--+--\n1 | 2\n\`\`\`\n\n───────────\n\nend`);
  });
});
