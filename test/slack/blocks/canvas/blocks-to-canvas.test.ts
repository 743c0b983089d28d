/** A card's Block Kit → canvas Markdown (blocks-to-canvas.ts): what a statement or comparison card saved as a canvas shows. */
import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { blocksToCanvas, mrkdwnToCanvas } from '../../../../src/slack/blocks/canvas/blocks-to-canvas.js';
import { clampCanvasMarkdown, clampCanvasTitle, CANVAS_LIMITS } from '../../../../src/slack/blocks/limits/canvas-limits.js';

describe('blocksToCanvas', () => {
  it('writes a header, notes and a data_table as a heading, italics and a canvas table; buttons are left out', () => {
    const blocks = [
      { type: 'header', text: { type: 'plain_text', text: 'NVIDIA (US:NVDA) · Income statement' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'Units: *USD bn*' }] },
      {
        type: 'data_table',
        caption: 'Income',
        rows: [
          [
            { type: 'raw_text', text: 'Line' },
            { type: 'raw_text', text: 'FY2024' },
          ],
          [
            { type: 'raw_text', text: 'Revenue | net' },
            { type: 'raw_number', value: 60.9, text: '60.9' },
          ],
        ],
      },
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Chart' }, action_id: 'x' }] },
    ] as unknown as KnownBlock[];
    expect(blocksToCanvas(blocks)).toBe(
      [
        '## NVIDIA (US:NVDA) · Income statement',
        '',
        '_Units: **USD bn**_',
        '',
        '| Line | FY2024 |',
        '| --- | --- |',
        '| Revenue \\| net | 60.9 |',
      ].join('\n'),
    );
  });

  it('turns mrkdwn links into Markdown links and mentions into plain text', () => {
    const md = mrkdwnToCanvas('See <https://a.example/x|the doc> by <@U1|dana> &lt;b&gt; ~old~');
    expect(md).toContain('[the doc (a.example)](https://a.example/x)');
    expect(md).toContain('dana');
    expect(md).not.toMatch(/<@|!\[/);
    expect(md).toContain('~~old~~');
  });
});

describe('canvas limits', () => {
  it('cuts Markdown at a line boundary with a note, within the limit', () => {
    const md = Array.from({ length: 100 }, (_, i) => `| row ${i} | ${'x'.repeat(20)} |`).join('\n');
    const cut = clampCanvasMarkdown(md, 500);
    expect(cut.length).toBeLessThanOrEqual(500);
    expect(cut).toMatch(/\| row \d+ \| x+ \|\n\n_… The rest did not fit in a canvas\._\n$/);
    expect(clampCanvasMarkdown('short', 500)).toBe('short');
  });

  it('keeps a title on one line within its cap', () => {
    expect(clampCanvasTitle(' a\nb ')).toBe('a b');
    expect(clampCanvasTitle('t'.repeat(400)).length).toBeLessThanOrEqual(CANVAS_LIMITS.titleChars);
  });
});
