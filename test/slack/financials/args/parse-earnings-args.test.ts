import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFinancialsArgs } from '../../../../src/slack/financials/args/parse-financials-args.js';

/** Tuesday 24 Nov 2026, 02:00 UTC: still Monday 23 Nov in New York. */
const NOW = new Date('2026-11-24T02:00:00Z');
const parse = (t: string, now: Date = NOW) => parseFinancialsArgs(t, now);

describe('/financials earnings', () => {
  it('defaults to this week in all three markets', () => {
    expect(parse('earnings')).toEqual({ kind: 'earnings', markets: ['cn', 'hk', 'us'], startDate: '2026-11-23', endDate: '2026-11-29' });
  });

  it('takes markets and a week in any order, with or without prefixes', () => {
    expect(parse('earnings us')).toMatchObject({ markets: ['us'], startDate: '2026-11-23', endDate: '2026-11-29' });
    expect(parse('earnings next HK')).toMatchObject({ markets: ['hk'], startDate: '2026-11-30', endDate: '2026-12-06' });
    expect(parse('calendar week:last market:cn')).toMatchObject({ markets: ['cn'], startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(parse('财报 港股 下周')).toMatchObject({ markets: ['hk'], startDate: '2026-11-30' });
    expect(parse('earnings cn us cn')).toMatchObject({ markets: ['cn', 'us'] });
  });

  it('a date is the Monday-to-Sunday week that contains it, and needs no clock', () => {
    expect(parseFinancialsArgs('earnings cn 2025-08-31')).toEqual({
      kind: 'earnings',
      markets: ['cn'],
      startDate: '2025-08-25',
      endDate: '2025-08-31',
    });
    expect(parse('earnings 2025-08-25')).toMatchObject({ startDate: '2025-08-25', endDate: '2025-08-31' });
  });

  it('decides "this week" in the market’s time zone', () => {
    // Monday 30 Nov 2026 00:30 in Shanghai is still Sunday 29 Nov in New York.
    const now = new Date('2026-11-29T16:30:00Z');
    expect(parse('earnings cn', now)).toMatchObject({ startDate: '2026-11-30' });
    expect(parse('earnings us', now)).toMatchObject({ startDate: '2026-11-23' });
  });

  it.each([
    ['earnings jp', 'neither a market'],
    ['earnings nxt', 'did you mean `next`'],
    ['earnings us next last', 'Choose one week'],
    ['earnings 2026-02-30', 'not a real calendar date'],
    ['earnings market:eu', 'market is one of cn, hk or us'],
    ['earnings week:soon', 'week is this, next, last or a date'],
    ['earnings $NVDA', 'neither a market'],
  ])('%s → usage (%s)', (text, fragment) => {
    const r = parse(text);
    expect(r.kind).toBe('usage');
    if (r.kind === 'usage') expect(r.problems.map((p) => p.message).join(' ')).toContain(fragment);
  });

  it('this/next without a clock asks for a date', () => {
    const r = parseFinancialsArgs('earnings us next');
    expect(r.kind).toBe('usage');
    if (r.kind === 'usage') expect(r.problems[0]?.example).toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('any week it accepts runs from a Monday to the Sunday after', () => {
    const word = fc.constantFrom('us', 'hk', 'cn', 'this', 'next', 'last', 'week:next', 'market:us', 'x', '');
    const date = fc.date({ min: new Date('1995-01-01'), max: new Date('2090-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 4 }), date, fc.option(date, { nil: undefined }), (words, now, day) => {
        const text = ['earnings', ...words, day ? day.toISOString().slice(0, 10) : ''].join(' ');
        const r = parse(text, now);
        if (r.kind === 'usage') return r.problems.length > 0;
        if (r.kind !== 'earnings') return false;
        const start = new Date(`${r.startDate}T00:00:00Z`);
        const end = new Date(`${r.endDate}T00:00:00Z`);
        return start.getUTCDay() === 1 && end.getTime() - start.getTime() === 6 * 86_400_000 && r.markets.length > 0;
      }),
      { numRuns: 500 },
    );
  });
});
