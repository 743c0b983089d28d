/** The document a saved card becomes (canvas-document.ts): content, sources as links, a closing line, within the canvas limit. */
import { describe, expect, it } from 'vitest';
import { buildCanvasDocument } from '../../../../src/slack/kit/canvas/canvas-document.js';
import { CANVAS_LIMITS } from '../../../../src/slack/blocks/limits/canvas-limits.js';

const savedAtMs = Date.UTC(2026, 10, 28, 9, 30);

describe('buildCanvasDocument', () => {
  it('puts the sources as links after the content and says where it came from', () => {
    const doc = buildCanvasDocument({
      title: 'Moutai <!here> margins',
      body: '## Margins\n\n| a | b |\n| --- | --- |\n| 1 | 2 |',
      sources: [{ title: 'Annual report', url: 'https://research.example.com/d/1' }, { title: 'No link *here*' }],
      links: { trustedHosts: ['research.example.com'] },
      savedAtMs,
    });
    expect(doc.title).toBe('Moutai <!here> margins');
    expect(doc.markdown).toContain('## Sources\n\n- [Annual report](https://research.example.com/d/1)\n- No link \\*here\\*');
    expect(doc.markdown).toContain('Saved from Research Desk on 2026-11-28 09:30 UTC');
  });

  it('cuts the content, never the sources, to fit the canvas limit', () => {
    const doc = buildCanvasDocument({
      title: 'Long',
      body: Array.from({ length: 60_000 }, (_, i) => `Paragraph ${i} ${'x'.repeat(20)}`).join('\n\n'),
      sources: [{ title: 'Kept', url: 'https://a.example/' }],
      savedAtMs,
    });
    expect(doc.markdown.length).toBeLessThanOrEqual(CANVAS_LIMITS.markdownChars);
    expect(doc.markdown).toContain('The rest did not fit in a canvas');
    expect(doc.markdown).toContain('[Kept (a.example)](https://a.example/)');
  });
});
