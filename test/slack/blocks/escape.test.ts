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
  strike,
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

  it('defuses every broadcast word bare and every mention token in one text, and keeps the rest as written', () => {
    const hostile = '@here @channel @everyone <!here> <!channel> <!everyone> <@U123ABC> <#C1|general> a & b';
    const out = escapeMrkdwn(hostile);
    expect(out).toBe(
      '@\u2060here @\u2060channel @\u2060everyone &lt;!here&gt; &lt;!channel&gt; &lt;!everyone&gt; &lt;@U123ABC&gt; &lt;#C1|general&gt; a &amp; b',
    );
    expect(escapeMrkdwn('mail a@b.com and @hereby')).toBe('mail a@b.com and @hereby');
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
  it('plain text defuses bare @everyone, @channel, user and channel mentions too', () => {
    expect(plainText('@everyone @channel <!everyone> <@U123ABC> <#C1> a<b')).toBe(
      '@\u2060everyone @\u2060channel <\u200B!everyone> <\u200B@U123ABC> <\u200B#C1> a<b',
    );
  });

  it('links only http and https URLs, and keeps each as WHATWG URL writes it', () => {
    expect(safeUrl('http://ex.com')).toBe('http://ex.com/');
    expect(safeUrl('https://ex.com/a b<c>')).toBe('https://ex.com/a%20b%3Cc%3E');
    expect(safeUrl('ftp://ex.com/file')).toBeUndefined();
    expect(safeUrl('javascript:alert("https://ex.com")')).toBeUndefined();
    expect(safeUrl('mailto:a@ex.com')).toBeUndefined();
  });

  it('refuses a URL carrying a user name or a password, even alone', () => {
    expect(safeUrl('https://user@ex.com')).toBeUndefined();
    expect(safeUrl('https://:pw@ex.com')).toBeUndefined();
  });

  it('trims a URL copied with spaces or no-break spaces around it, and refuses blank or non-string values', () => {
    expect(safeUrl('\u00A0 https://ex.com/a \u00A0')).toBe('https://ex.com/a');
    expect(safeUrl('   ')).toBeUndefined();
    expect(safeUrl('')).toBeUndefined();
    expect(safeUrl(42)).toBeUndefined();
    expect(safeUrl(undefined)).toBeUndefined();
    expect(safeUrl({ trim: () => 'https://ex.com' })).toBeUndefined();
  });

  it('collapses the whitespace of a link label and trims it', () => {
    expect(mrkdwnLink('https://ex.com', '  Q2\n\n  results  ')).toBe('<https://ex.com/|Q2 results>');
    expect(mrkdwnLink('https://ex.com', ' \n ')).toBe('<https://ex.com/|ex.com>');
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

  it('replaces inner markers with full-width ones outside link tokens, also between text and a link', () => {
    expect(bold('*ST <https://x.com/a*b|a*b> x*')).toBe(`${ZWSP}*＊ST <https://x.com/a*b|a*b> x＊*${ZWSP}`);
    expect(italic('snake_case <@U1_X>')).toBe(`${ZWSP}_snake＿case <@U1_X>_${ZWSP}`);
    expect(strike('~5% <!here> ~')).toBe(`${ZWSP}~～5% <!here> ～~${ZWSP}`);
    expect(strike('')).toBe('');
  });

  it('joins the lines of emphasised and inline code text with one space each', () => {
    expect(bold('a\n\nb\nc')).toBe(`${ZWSP}*a b c*${ZWSP}`);
    expect(inlineCode(' a\n\nb\nc ')).toBe('`a b c`');
    expect(inlineCode('')).toBe('');
    expect(inlineCode(' \n ')).toBe('');
  });
});
