import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseResearchArgs } from '../../../../src/slack/research/parse-research-args.js';
import { WATCH_CATEGORIES, WATCH_KEYWORD_MAX_CHARS } from '../../../../src/slack/kit/commands/parse-watch-args.js';

const NOW = new Date('2025-06-30T08:00:00Z');
const parse = (t: string) => parseResearchArgs(t, NOW);
const messages = (t: string): string => {
  const r = parse(t);
  return r.kind === 'usage' ? r.problems.map((p) => p.message).join(' | ') : `not usage: ${r.kind}`;
};

describe('/research watch', () => {
  it('reads one symbol in any spelling, categories after it, and a channel anywhere', () => {
    expect(parse('watch $NVDA filings news <#C123|markets>')).toEqual({
      kind: 'watch',
      target: { kind: 'symbol', symbol: 'US:NVDA' },
      categories: ['filings', 'news'],
      channel: { id: 'C123', name: 'markets' },
    });
    expect(parse('watch 600519')).toMatchObject({ target: { kind: 'symbol', symbol: 'SH:600519' }, categories: [], channel: null });
    expect(parse('watch hk:700 type:transcripts,filing')).toMatchObject({
      target: { kind: 'symbol', symbol: 'HK:00700' },
      categories: ['transcripts', 'filings'],
    });
    expect(parse('watch SH:600519 公告 研报')).toMatchObject({ categories: ['filings', 'reports'] });
  });

  it('reads other words as a keyword; a quoted word stays a keyword', () => {
    expect(parse('watch solid-state battery reports')).toMatchObject({
      target: { kind: 'keyword', keyword: 'solid-state battery' },
      categories: ['reports'],
    });
    expect(parse('watch "AI"')).toMatchObject({ target: { kind: 'keyword', keyword: 'AI' } });
    expect(parse('watch AI')).toMatchObject({ target: { kind: 'symbol', symbol: 'US:AI' } });
    expect(parse('watch #research')).toMatchObject({ kind: 'usage' });
  });

  it('says what is wrong and how to fix it', () => {
    expect(messages('watch')).toContain('Say what to watch');
    expect(messages('watch $NVDA type:filingz')).toContain('Did you mean `filings`?');
    // A symbol and then a near-miss category is a typo, not the keyword "NVDA filingz".
    expect(messages('watch NVDA filingz')).toContain('Did you mean `filings`?');
    expect(parse('watch "NVDA" filingz')).toMatchObject({ target: { kind: 'keyword', keyword: 'NVDA filingz' } });
    expect(messages('watch $NVDA type:files')).toContain('not a category a watch can follow');
    expect(messages('watch $NVDA $AAPL')).toContain('one symbol or one keyword');
    expect(messages('watch $SPX')).toContain('Indices have no documents');
    expect(messages('watch $NVDA <#C1|a> <#C2|b>')).toContain('Give one channel');
    expect(messages('watch <@U1|bob>')).toContain('Mentions cannot be watched');
    expect(messages(`watch ${'x'.repeat(WATCH_KEYWORD_MAX_CHARS + 1)}`)).toContain(`at most ${WATCH_KEYWORD_MAX_CHARS} characters`);
    expect(messages('watch type:news $NVDA')).toContain('Put categories after what to watch');
  });

  it('lists with `watches`, for this channel or a given one', () => {
    expect(parse('watches')).toEqual({ kind: 'watches', channel: null });
    expect(parse('watches <#C9|desk>')).toEqual({ kind: 'watches', channel: { id: 'C9', name: 'desk' } });
    expect(messages('watches later')).toContain('is not a channel');
  });

  it('never throws, and a watch always names a target and known categories (property)', () => {
    const piece = fc.constantFrom(
      '$NVDA',
      'SH:600519',
      '600519',
      'hk:700',
      'AI',
      '"AI"',
      'battery',
      'news',
      'filings',
      'type:reports',
      'type:bogus',
      'files',
      '<#C1|a>',
      '#desk',
      '<@U1>',
      '<!here>',
      '中文',
      '',
      ' ',
      '"',
      '$',
      ':',
      'type:',
      'x'.repeat(120),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.constantFrom('watch', 'watches'), (parts, sub) => {
        const r = parse([sub, ...parts].join(' '));
        if (r.kind === 'usage') return r.problems.length > 0 && r.problems.every((p) => p.message.length > 0);
        if (r.kind === 'watches') return sub === 'watches';
        if (r.kind !== 'watch') return false;
        const named = r.target.kind === 'symbol' ? /^[A-Z]{2}:\S+$/.test(r.target.symbol) : r.target.keyword.length > 0;
        return named && r.categories.every((c) => WATCH_CATEGORIES.includes(c));
      }),
      { numRuns: 3_000 },
    );
  });
});
