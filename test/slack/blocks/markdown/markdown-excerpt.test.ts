import fc from 'fast-check';
import { Lexer } from 'marked';
import { describe, expect, it, vi } from 'vitest';
import { excerpt } from '../../../../src/slack/blocks/format.js';
import { markdownExcerpt, markdownPrefixToPlainText } from '../../../../src/slack/blocks/markdown/markdown-excerpt.js';
import { markdownToPlainText } from '../../../../src/slack/blocks/markdown/markdown-to-plain-text.js';

/** Markdown built from pieces that start, continue and end blocks, so cuts land everywhere. */
const markdownPiece = fc.constantFrom(
  '\n\n',
  '\n',
  '- ',
  '1. ',
  '  ',
  '    ',
  '> ',
  '# ',
  '```',
  '**',
  '_',
  '`',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '[link](https://example.com)',
  '[ref][r]',
  '[r]: https://example.com/r',
  '<div>',
  '<!-- note',
  '-->',
  '贵州茅台营业收入增长。',
  'Revenue grew 12% on direct sales. ',
  'word ',
  '---',
);
const markdownText = fc.array(markdownPiece, { maxLength: 400 }).map((pieces) => pieces.join(''));

describe('markdownExcerpt', () => {
  it('shows what the excerpt of the whole text shows', () => {
    fc.assert(
      fc.property(markdownText, fc.integer({ min: 20, max: 400 }), (markdown, max) => {
        expect(markdownExcerpt(markdown, max)).toBe(excerpt(markdownToPlainText(markdown), max));
        // Asked again: the remembered excerpt is the same.
        expect(markdownExcerpt(markdown, max)).toBe(excerpt(markdownToPlainText(markdown), max));
      }),
      { numRuns: 300 },
    );
  });

  it('reads the whole text when a cut would change the head (reference links, HTML blocks)', () => {
    const filler = Array.from({ length: 60 }, () => 'Revenue grew on direct sales and wholesale prices held.').join('\n\n');
    const withReference = `See [the filing][f] first.\n\n${filler}\n\n[f]: https://example.com/filing`;
    expect(markdownExcerpt(withReference, 40)).toBe(excerpt(markdownToPlainText(withReference), 40));
    expect(markdownExcerpt(withReference, 40)).toContain('See the filing first');
    const withComment = `<!-- draft\n\n${filler}\n\n-->\n\nPublished text.`;
    expect(markdownExcerpt(withComment, 40)).toBe(excerpt(markdownToPlainText(withComment), 40));
  });

  it('lexes only the head of a long summary', () => {
    const paragraph = '贵州茅台营业收入增长，直销渠道占比提升。Revenue grew on direct sales.';
    const long = Array.from({ length: 2000 }, (_, i) => `${i}. ${paragraph}`).join('\n\n');
    const prefix = markdownPrefixToPlainText(long, 280);
    expect(prefix.length).toBeGreaterThan(280);
    expect(prefix.length).toBeLessThan(long.length / 20);
    expect(markdownToPlainText(long).startsWith(prefix)).toBe(true);
  });

  it('lexes a summary once while it is among the recent ones, per excerpt length', () => {
    const lex = vi.spyOn(Lexer, 'lex');
    try {
      const summary = `**Kweichow Moutai ${Math.random()}**\n\n- Revenue grew 15%.\n- Direct sales rose.`;
      const first = markdownExcerpt(summary, 280);
      const lexedOnce = lex.mock.calls.length;
      expect(lexedOnce).toBeGreaterThan(0);
      expect(markdownExcerpt(summary, 280)).toBe(first);
      expect(lex.mock.calls.length).toBe(lexedOnce);
      expect(markdownExcerpt(summary, 20)).toBe(excerpt(markdownToPlainText(summary), 20));
      expect(lex.mock.calls.length).toBeGreaterThan(lexedOnce);
    } finally {
      lex.mockRestore();
    }
  });
});
