import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampSnippet } from '../../../src/slack/blocks/clamp-snippet.js';
import { findMathSpans } from '../../../src/slack/blocks/markdown/math-spans.js';

const NUMBER = /[-+]?\d(?:[\d,.]*\d)?%?/g;

/** Where the clamp cut `text`, or undefined when it returned the text whole. */
function cutOf(text: string, out: string): number | undefined {
  if (out === text) return undefined;
  const head = out.replace(/\n*…$/, '');
  expect(text.startsWith(head)).toBe(true);
  return head.length;
}

const inside = (cut: number, start: number, end: number): boolean => cut > start && cut < end;

const word = fc.constantFrom('revenue', 'margin', '营业收入', '同比增长', 'FY2024', 'the', 'USD', ':rocket:', 'a');
const number = fc.oneof(
  fc.integer({ min: -99999, max: 9999999 }).map((n) => n.toLocaleString('en-US')),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((n) => n.toFixed(2)),
  fc.integer({ min: 0, max: 100 }).map((n) => `${n}.5%`),
);
const formula = fc.constantFrom('$$\\frac{a}{b}$$', '$PE_{TTM}$', '\\(x_1 + y^2\\)', '$$\\text{毛利率} = \\frac{1}{2}$$');
const sep = fc.constantFrom(' ', ' ', '. ', '，', '。', '\n', ', ');
const passage = fc.array(fc.tuple(fc.oneof(word, number, formula), sep), { maxLength: 60 }).map((parts) => parts.flat().join(''));

describe('clampSnippet', () => {
  it('stays within max, returns a prefix plus …, and never cuts a number or a formula', () => {
    fc.assert(
      fc.property(passage, fc.integer({ min: 4, max: 400 }), (text, max) => {
        const out = clampSnippet(text, max);
        expect(out.length).toBeLessThanOrEqual(Math.max(max, text.length <= max ? text.length : 0));
        const cut = cutOf(text, out);
        if (cut === undefined) return;
        expect(out.endsWith('…')).toBe(true);
        for (const m of text.matchAll(NUMBER)) expect(inside(cut, m.index, m.index + m[0].length)).toBe(false);
        for (const s of findMathSpans(text)) expect(inside(cut, s.start, s.end)).toBe(false);
      }),
    );
  });

  it('never splits a grapheme or a Markdown table row', () => {
    const row = fc.array(fc.constantFrom('| 营业收入 | 1,275.5 | 1,505.6 |', '| ROE（%） | 30.3 | 34.2 |', '👨‍👩‍👧 family 🇨🇳'), {
      maxLength: 20,
    });
    fc.assert(
      fc.property(row, fc.integer({ min: 4, max: 300 }), (lines, max) => {
        const text = lines.join('\n');
        const out = clampSnippet(text, max);
        const cut = cutOf(text, out);
        if (cut === undefined) return;
        const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.index);
        expect(cut === text.length || graphemes.includes(cut)).toBe(true);
        const line = text.slice(text.lastIndexOf('\n', cut - 1) + 1, cut);
        if (line.startsWith('|')) expect(text[cut] === undefined || text[cut] === '\n').toBe(true);
      }),
    );
  });

  it('backs off to a word boundary when one is close, and a sentence end first', () => {
    expect(clampSnippet('Revenue rose 12.5% to USD 1,234.56 billion in the quarter.', 40)).toBe('Revenue rose 12.5% to USD 1,234.56…');
    expect(clampSnippet('Margins held. Revenue rose 12.5% to USD 1,234.56 billion.', 24)).toBe('Margins held.…');
    expect(clampSnippet('营业收入1741.4亿元，同比增长15.7%，净利润862.3亿元。', 20)).toBe('营业收入1741.4亿元，同比增长…');
  });

  it('cuts a link that fills the whole budget rather than showing nothing', () => {
    const url = `https://example.com/${'a'.repeat(300)}`;
    expect(clampSnippet(url, 50)).toBe(`${url.slice(0, 47)}…`);
  });

  it('puts the ellipsis below a cut table so its rows still parse', () => {
    const table = '| a | b |\n| --- | --- |\n| 1 | 2 |\n| 3 | 4 |';
    expect(clampSnippet(table, 40)).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |\n\n…');
  });
});
