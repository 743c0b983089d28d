/**
 * Agent Markdown → canvas Markdown (markdown-to-canvas.ts): tables rewritten as canvas tables
 * (alignment kept, pipes escaped, clamped), headings at most h3, links http(s) only with the real
 * host, and nothing that mentions, broadcasts or embeds.
 */
import { describe, expect, it } from 'vitest';
import { canvasLink, canvasText, defuseCanvasMarkdown } from '../../../../src/slack/blocks/canvas/canvas-text.js';
import { canvasInline, canvasTable, markdownToCanvas } from '../../../../src/slack/blocks/canvas/markdown-to-canvas.js';
import { CANVAS_LIMITS } from '../../../../src/slack/blocks/limits/canvas-limits.js';

const trusted = { trustedHosts: ['research.example.com'] };

describe('markdownToCanvas', () => {
  it('keeps a report’s table as a canvas table with its alignment', () => {
    const md = markdownToCanvas(
      '## Margins\n\n| Company | 2024 | Note |\n|:--|--:|:-:|\n| Moutai | 52.3% | **best** |\n| BYD | 5.1% | a \\| b |\n',
    );
    expect(md).toBe(
      [
        '## Margins',
        '',
        '| Company | 2024 | Note |',
        '| :--- | ---: | :---: |',
        '| Moutai | 52.3% | **best** |',
        '| BYD | 5.1% | a \\| b |',
      ].join('\n'),
    );
  });

  it('writes headings below h3 as h3 and keeps lists, quotes and code', () => {
    const md = markdownToCanvas('#### Deep\n\n- one\n- two\n\n> quoted\n\n```\nconst x = 1;\n```\n');
    expect(md).toContain('### Deep');
    expect(md).toContain('- one\n- two');
    expect(md).toContain('> quoted');
    expect(md).toContain('```\nconst x = 1;\n```');
  });

  it('never lets agent text mention a user or channel, broadcast, or embed an image', () => {
    const md = markdownToCanvas('Hi @channel and @here <!everyone> <@U123> ![](@U999) ![](#C123) ![pic](https://x.example/a.png)');
    expect(md).not.toMatch(/@(channel|here|everyone)\b/);
    expect(md).not.toMatch(/<[@!#]/);
    expect(md).not.toMatch(/!\[/);
    // What it says is still there to read.
    expect(md.replace(/[\u200B\u2060]/g, '')).toContain('@channel');
  });

  it('links only http(s), showing the real host of an untrusted link; reference definitions too', () => {
    const md = markdownToCanvas(
      '[Verify](https://evil.example/x) [doc](https://research.example.com/d/1) [js](javascript:alert(1))\n\n[r]: javascript:alert(2)',
      trusted,
    );
    expect(md).toContain('[Verify (evil.example)](https://evil.example/x)');
    expect(md).toContain('[doc](https://research.example.com/d/1)');
    expect(md).not.toContain('javascript:');
    expect(md).toContain('js');
  });

  it('clamps a huge table to the canvas limits and says what was left out', () => {
    const rows = [
      ['A', 'B'],
      ...Array.from({ length: CANVAS_LIMITS.tableRows + 7 }, (_, i) => [`r${i}`, 'x'.repeat(CANVAS_LIMITS.tableCellChars + 50)]),
    ];
    const table = canvasTable(rows, [], canvasText);
    const lines = table.split('\n');
    expect(lines.filter((l) => l.startsWith('| r'))).toHaveLength(CANVAS_LIMITS.tableRows);
    expect(table).toContain('Not shown: 7 more rows');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(CANVAS_LIMITS.tableCellChars + 20);
  });
});

describe('canvas text', () => {
  it('shows plain text literally: Markdown syntax escaped, one line', () => {
    expect(canvasText('  *bold* [x](y) a|b\nnext ')).toBe('\\*bold\\* \\[x\\](y) a\\|b next');
  });

  it('defuses every mention form', () => {
    expect(defuseCanvasMarkdown('![](@U1) <@U2> <!here> @everyone')).not.toMatch(/!\[|<[@!]|@everyone/);
  });

  it('links http(s) only', () => {
    expect(canvasLink('https://a.example/p', 'A')).toBe('[A (a.example)](https://a.example/p)');
    expect(canvasLink('ftp://a.example/p', 'A')).toBe('A');
    expect(canvasInline('[A](https://research.example.com/(1))', trusted)).toBe('[A](https://research.example.com/%281%29)');
  });
});
