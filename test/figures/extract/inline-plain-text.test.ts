import { marked, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { alignRaw, inlinePlainText } from '../../../src/figures/extract/inline-plain-text.js';

/** Every character of the plain text sits at its offset in the Markdown (what a reader sees is what was written). */
function expectLocated(markdown: string, plain: { text: string; offsets: number[] }) {
  expect(plain.offsets).toHaveLength(plain.text.length);
  for (let i = 0; i < plain.text.length; i++) {
    const c = plain.text[i];
    const at = markdown[plain.offsets[i]!];
    expect(c === ' ' ? /\s/.test(at ?? '') : at).toBe(c === ' ' ? true : c);
  }
}

describe('inlinePlainText', () => {
  it('drops emphasis, code ticks and link targets, keeps each character at its place', () => {
    const md = 'Intro.\n\n- **AMD** (`US:AMD`): revenue of [USD 19.90bn](https://x.example/a_b) \\_ up *9%*';
    const list = marked.lexer(md)[2] as Tokens.List;
    const lead = list.items[0]!.tokens[0] as Tokens.Text;
    const plain = inlinePlainText(lead.tokens ?? [], md, 8);
    expect(plain.text).toBe('AMD (US:AMD): revenue of USD 19.90bn _ up 9%');
    expectLocated(md, plain);
    expect(md.slice(plain.offsets[plain.text.indexOf('19.90')])).toMatch(/^19\.90bn\]/);
  });

  it('follows a list item onto its indented continuation line', () => {
    const md = '- **NVIDIA**: gross margin\n  73.4% in Q1 FY2026';
    const item = (marked.lexer(md)[0] as Tokens.List).items[0]!;
    const plain = inlinePlainText((item.tokens[0] as Tokens.Text).tokens ?? [], md, 0);
    expect(plain.text).toBe('NVIDIA: gross margin 73.4% in Q1 FY2026');
    expectLocated(md, plain);
    expect(plain.offsets[plain.text.indexOf('73.4%')]).toBe(md.indexOf('73.4%'));
  });

  it('reads a Chinese paragraph with CJK brackets and codespans', () => {
    const md = '**贵州茅台**（`SH:600519`）：经营现金流 147.7亿元，同比+251.4%。';
    const para = marked.lexer(md)[0] as Tokens.Paragraph;
    const plain = inlinePlainText(para.tokens, md, 0);
    expect(plain.text).toBe('贵州茅台（SH:600519）：经营现金流 147.7亿元，同比+251.4%。');
    expectLocated(md, plain);
  });
});

describe('alignRaw', () => {
  it('places a raw verbatim, or across dropped indentation and escape backslashes', () => {
    expect(alignRaw('abc', 'xxabc', 0)).toEqual([2, 3, 4]);
    expect(alignRaw('B | c', '| B \\| c |', 0)).toEqual([2, 3, 5, 6, 7]);
    expect(alignRaw('a\nb', 'a\n   b', 0)).toEqual([0, 1, 5]);
    expect(alignRaw('zz', 'abc', 0)).toBeUndefined();
  });
});
