/**
 * The defects fixed in the passages card, checked in the other renderers that show service or
 * agent text: excerpts never cut mid-number, formulas read as Unicode in search result
 * summaries, document summaries and agent answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excerpt } from '../../../src/slack/blocks/format.js';
import { markdownExcerpt } from '../../../src/slack/blocks/markdown/markdown-excerpt.js';
import { markdownToMrkdwn } from '../../../src/slack/blocks/markdown/markdown-pieces.js';
import { markdownToBlocks } from '../../../src/slack/blocks/markdown/markdown-to-blocks.js';

const RAW_LATEX = /\$\$|\\frac|\\text\{|\\times/;

describe('excerpt', () => {
  it('never cuts a number in text without spaces or sentence ends near the cut (CJK)', () => {
    const text = `${'营业收入增长主要来自直销渠道占比提升'.repeat(5)}营业收入1234567.89亿元同比增长`;
    for (let max = 20; max < text.length; max++) {
      const out = excerpt(text, max);
      expect(out.length).toBeLessThanOrEqual(max);
      const head = out.replace(/ ?…$/, '');
      expect(/\d/.test(text[head.length - 1] ?? '') && /[\d.,]/.test(text[head.length] ?? '')).toBe(false);
    }
  });

  it('property: a cut never falls between two characters of a number', () => {
    const part = fc.oneof(
      fc.constantFrom('营业收入', '同比增长', '亿元', '，'),
      fc.double({ min: 0, max: 1e7, noNaN: true }).map((n) => n.toFixed(2)),
    );
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 40 }), fc.integer({ min: 5, max: 120 }), (parts, max) => {
        const text = parts.join('');
        const out = excerpt(text, max);
        if (out === text) return;
        const head = out.replace(/ ?…$/, '');
        expect(text.startsWith(head)).toBe(true);
        expect(/\d/.test(text[head.length - 1] ?? '') && /[\d.,]/.test(text[head.length] ?? '')).toBe(false);
      }),
    );
  });
});

describe('formulas outside the passages card', () => {
  const summary = '**Margins**\n\nGross margin is $$\\frac{\\text{Revenue} - \\text{COGS}}{\\text{Revenue}}$$ and P/E is $PE_{TTM}$.';

  it('search result and document summary excerpts read formulas as Unicode', () => {
    const out = markdownExcerpt(summary, 300);
    expect(out).toContain('(Revenue − COGS)/Revenue');
    expect(out).toContain('PE_TTM');
    expect(out).not.toMatch(RAW_LATEX);
    expect(markdownToMrkdwn(summary)).toContain('(Revenue − COGS)/Revenue');
  });

  it('agent answers (markdownToBlocks) read formulas as Unicode, and prices stay prices', () => {
    const blocks = JSON.stringify(markdownToBlocks(`${summary}\n\nShares moved from $5 to $7.`));
    expect(blocks).toContain('(Revenue − COGS)/Revenue');
    expect(blocks).toContain('$5 to $7');
    expect(blocks).not.toMatch(RAW_LATEX);
  });
});
