import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bold,
  escapeForMarkdownBlock,
  escapeMrkdwn,
  inlineCode,
  italic,
  mrkdwnLink,
  plainText,
  safeUrl,
  ZWSP,
} from '../../../src/slack/blocks/escape.js';

describe('escapeMrkdwn', () => {
  it('escapes only &, <, >', () => {
    expect(escapeMrkdwn('A&B <c> *d* _e_ "f"')).toBe('A&amp;B &lt;c&gt; *d* _e_ "f"');
  });

  it.each([
    '<!channel>',
    '<!here>',
    '<!everyone>',
    '<@U123ABC>',
    '<!subteam^S123|@team>',
    '< !here >',
    '&lt;!here&gt;',
    '&amp;lt;!channel&amp;gt;',
    '<<@U1>>',
    '<#C123|general>',
  ])('neutralises %j', (hostile) => {
    const out = escapeMrkdwn(hostile);
    expect(out).not.toMatch(/</);
    expect(out).not.toMatch(/>/);
  });

  it('decodes pre-escaped text once so it reads naturally', () => {
    expect(escapeMrkdwn('R&amp;D &lt;b&gt;')).toBe('R&amp;D &lt;b&gt;');
    expect(escapeMrkdwn('&amp;lt;')).toBe('&amp;lt;');
  });

  it('defuses bare broadcast words invisibly', () => {
    const out = escapeMrkdwn('ping @here and @Channel, not @hereafter');
    expect(out).not.toMatch(/@here\b/);
    expect(out).not.toMatch(/@channel\b/i);
    expect(out).toContain('@hereafter');
    expect(out.replace(/\u2060/g, '')).toBe('ping @here and @Channel, not @hereafter');
  });

  it('defuses a bare @everyone too (the third broadcast word), in any case, and leaves @everyones alone', () => {
    const out = escapeMrkdwn('FYI @everyone and @EVERYONE — @everyones is a name');
    expect(out).not.toMatch(/@everyone\b/i);
    expect(out).toContain('@everyones');
    expect(out.replace(/\u2060/g, '')).toBe('FYI @everyone and @EVERYONE — @everyones is a name');
  });

  it('drops control characters and repairs lone surrogates', () => {
    expect(escapeMrkdwn('a\u0000b\u0007c\r\nd\ud800')).toBe('abc\nd\uFFFD');
    expect(escapeMrkdwn(undefined)).toBe('');
    expect(escapeMrkdwn(42)).toBe('42');
  });

  it('never lets a token form from arbitrary input (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('<', '>', '&', '!', '@', 'U', '1', 'l', 't', ';', 'g', 'a', 'm', 'p', ' ', '^', '|', '中') }),
        (s) => {
          const out = escapeMrkdwn(s);
          expect(out).not.toMatch(/[<>]/);
          expect(out.replace(/&(amp|lt|gt);/g, '')).not.toContain('&');
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('links', () => {
  it('builds links for http(s) only', () => {
    expect(mrkdwnLink('https://ex.com/a?b=1&c=2', 'Q2 <results>')).toBe('<https://ex.com/a?b=1&amp;c=2|Q2 &lt;results&gt;>');
    expect(mrkdwnLink('javascript:alert(1)', 'x')).toBe('x');
    expect(mrkdwnLink('not a url', '<!here>')).toBe('&lt;!here&gt;');
    expect(mrkdwnLink('https://ex.com/a|b', '')).toBe('<https://ex.com/a%7Cb|ex.com>');
    expect(safeUrl('https://user:pw@ex.com')).toBeUndefined();
  });

  it('breaks link syntax in markdown block text', () => {
    expect(escapeForMarkdownBlock('[click](https://evil) <!here>')).toBe(`[click]${ZWSP}(https://evil) &lt;!here&gt;`);
  });

  it('plain text keeps characters but defuses broadcasts', () => {
    expect(plainText('R&amp;D <x> @here <!here>')).toBe('R&D <x> @\u2060here <\u200B!here>');
  });
});

describe('CJK-safe emphasis', () => {
  it('wraps markers in zero-width spaces and trims inside', () => {
    expect(bold(' 粗体 ')).toBe(`${ZWSP}*粗体*${ZWSP}`);
    expect(`中文${bold('粗体')}中文`).toBe(`中文${ZWSP}*粗体*${ZWSP}中文`);
    expect(italic('')).toBe('');
  });

  it('keeps inner markers from closing early, but not inside links', () => {
    expect(bold('*ST康美')).toBe(`${ZWSP}*＊ST康美*${ZWSP}`);
    expect(bold('<https://x.com/a*b|a*b>')).toBe(`${ZWSP}*<https://x.com/a*b|a*b>*${ZWSP}`);
    expect(inlineCode('a`b')).toBe('`aˋb`');
  });
});
