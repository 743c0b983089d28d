import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitMrkdwn } from '../../../../src/slack/blocks/markdown/split-mrkdwn.js';

const squash = (s: string): string => s.replace(/\s+/g, '');

describe('splitMrkdwn', () => {
  it('leaves short text alone', () => {
    expect(splitMrkdwn('short', 3000)).toEqual(['short']);
  });

  it('cuts English at sentence ends, never mid-word', () => {
    const sentence = 'Revenue grew strongly across every segment this year. ';
    const text = sentence.repeat(200).trim();
    const pieces = splitMrkdwn(text, 3000);
    expect(pieces.length).toBeGreaterThan(3);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(3000);
      expect(p.endsWith('.')).toBe(true);
    }
    expect(pieces.join(' ')).toBe(text);
  });

  it('falls back to word boundaries when there is no sentence end', () => {
    const text = Array.from({ length: 900 }, (_, i) => `word${i}`).join(' ');
    const pieces = splitMrkdwn(text, 1000);
    const words = new Set(text.split(' '));
    for (const p of pieces) for (const w of p.split(' ')) expect(words.has(w)).toBe(true);
    expect(pieces.join(' ')).toBe(text);
  });

  it('cuts Chinese after 。！？； and at any character when there is no punctuation', () => {
    const zh = '公司营收稳步增长，毛利率维持高位。'.repeat(300);
    const pieces = splitMrkdwn(zh, 1000);
    for (const p of pieces) expect(p.endsWith('。')).toBe(true);
    expect(pieces.join('')).toBe(zh);
    const solid = '营'.repeat(2500);
    const cut = splitMrkdwn(solid, 1000);
    expect(cut.map((p) => p.length)).toEqual([1000, 1000, 500]);
  });

  it('prefers blank lines, then line breaks', () => {
    const para = `${'a '.repeat(400)}\n\n`;
    const pieces = splitMrkdwn(para.repeat(5), 2000);
    for (const p of pieces) expect(p.endsWith('a')).toBe(true);
    expect(pieces).toHaveLength(3);
  });

  it('never cuts inside a link token, an entity or an emphasis span', () => {
    const link = '<https://example.com/some/long/path?x=1&amp;y=2|a fairly long label with words>';
    const text = `${'x '.repeat(40)}${link} \u200B*bold words that go on*\u200B &amp; more `.repeat(60);
    for (const p of splitMrkdwn(text, 500)) {
      expect(p.length).toBeLessThanOrEqual(500);
      expect((p.match(/</g) ?? []).length).toBe((p.match(/>/g) ?? []).length);
      expect(p).not.toMatch(/&(?:a|am|l|g)?$/);
      expect((p.match(/\u200B\*/g) ?? []).length).toBe((p.match(/\*\u200B/g) ?? []).length);
    }
  });

  it('closes and reopens a code fence cut in two', () => {
    const code = `\`\`\`\n${Array.from({ length: 400 }, (_, i) => `line ${i} = value;`).join('\n')}\n\`\`\``;
    const pieces = splitMrkdwn(code, 3000);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(3000);
      expect(p.startsWith('```\n')).toBe(true);
      expect(p.endsWith('\n```')).toBe(true);
    }
    expect(squash(pieces.join('').replace(/```/g, ''))).toBe(squash(code.replace(/```/g, '')));
  });

  it('property: pieces fit and nothing but whitespace is lost', () => {
    const chunk = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom('。', '. ', '\n', '\n\n', ' ', '中文字符', '&amp;', '<https://a.b/c|lbl>'),
    );
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 120 }), fc.integer({ min: 16, max: 400 }), (parts, max) => {
        const text = parts.join('');
        const pieces = splitMrkdwn(text, max);
        for (const p of pieces) expect(p.length).toBeLessThanOrEqual(max);
        if (!text.includes('```')) expect(squash(pieces.join(''))).toBe(squash(text));
      }),
      { numRuns: 200 },
    );
  });
});
