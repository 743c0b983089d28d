import { describe, expect, it } from 'vitest';
import { parseFinancialsArgs } from '../../../../src/slack/financials/args/parse-financials-args.js';

const NOW = new Date('2025-06-30T08:00:00Z');
const parse = (t: string) => parseFinancialsArgs(t, NOW);

describe('parseFinancialsArgs', () => {
  it('opens the modal on empty text and shows help', () => {
    expect(parse('')).toEqual({ kind: 'modal' });
    expect(parse('help')).toEqual({ kind: 'help' });
  });

  it('snapshot without a statement', () => {
    expect(parse('sh:600519')).toMatchObject({ kind: 'snapshot', symbol: { canonical: 'SH:600519' } });
  });

  it('statements with options in any order', () => {
    expect(parse('quarterly limit:4 balance 600519 fy:2024 q:Q2')).toMatchObject({
      kind: 'balance',
      request: { symbol: 'SH:600519', period: 'quarterly', limit: 4, fiscalYear: '2024', fiscalQuarter: 'Q2' },
    });
    expect(parse('hk:700 cashflow cumulative q:9m')).toMatchObject({
      kind: 'cashflow',
      request: { symbol: 'HK:00700', period: 'cumulative quarterly', fiscalQuarter: 'Q3 (9 months)' },
    });
    expect(parse('$NVDA revenue annual limit:3')).toMatchObject({
      kind: 'revenue',
      request: { symbol: 'US:NVDA', period: 'FY', limit: 3 },
    });
    expect(parse('AAPL q:Q1 balance')).toMatchObject({ request: { period: 'quarterly', fiscalQuarter: 'Q1' } });
    expect(parse('600519 income annual limit:4')).toMatchObject({
      kind: 'income',
      request: { symbol: 'SH:600519', period: 'annual', limit: 4 },
    });
    expect(parse('利润表 hk:700 cumulative q:H1')).toMatchObject({
      kind: 'income',
      request: { symbol: 'HK:00700', period: 'cumulative quarterly', fiscalQuarter: 'H1' },
    });
  });

  it('prices of a company take the same windows as an index', () => {
    expect(parse('AAPL prices last:6m')).toEqual({
      kind: 'prices',
      symbol: expect.objectContaining({ canonical: 'US:AAPL' }),
      request: { symbol: 'US:AAPL', startDate: '2024-12-30' },
    });
    expect(parse('prices 600519 since:2025-01-01 until:2025-03-31')).toMatchObject({
      kind: 'prices',
      request: { symbol: 'SH:600519', startDate: '2025-01-01', endDate: '2025-03-31' },
    });
    expect(parse('$NVDA prices')).toMatchObject({ kind: 'prices', request: { symbol: 'US:NVDA' } });
  });

  it('`earnings` first gives the calendar', () => {
    expect(parse('earnings us next')).toEqual({ kind: 'earnings', markets: ['us'], startDate: '2025-07-07', endDate: '2025-07-13' });
  });

  it('takes A-share report names as quarters (the labels revenue periods carry)', () => {
    expect(parse('600519 revenue 三季报')).toMatchObject({ kind: 'revenue', request: { symbol: 'SH:600519', period: 'Q3' } });
    expect(parse('600519 revenue q:Q3')).toMatchObject({ kind: 'revenue', request: { period: 'Q3' } });
    expect(parse('600519 balance 中报')).toMatchObject({ request: { period: 'quarterly', fiscalQuarter: 'Q2' } });
    expect(parse('600519 balance 一季报 三季报')).toMatchObject({ kind: 'usage' });
  });

  it('indices get the index card with the index code', () => {
    expect(parse('SPX')).toMatchObject({ kind: 'index', request: { symbol: 'SPX' } });
    expect(parse('000300 prices last:6m')).toMatchObject({ kind: 'index', request: { symbol: '000300', startDate: '2024-12-30' } });
    expect(parse('hsi since:2025-01-01 until:2025-03-31')).toMatchObject({
      kind: 'index',
      request: { symbol: 'HSI', startDate: '2025-01-01', endDate: '2025-03-31' },
    });
  });

  it.each([
    ['000001', 'ambiguous'],
    ['SPX balance', 'is an index'],
    ['NVDA prices annual', 'window of dates'],
    ['NVDA prices limit:3', 'window of dates'],
    ['NVDA balance cumulative', 'cash-flow and income statements only'],
    ['NVDA revenue q:H1', 'cash-flow and income statements only'],
    ['NVDA earnings', 'start with `earnings`'],
    ['NVDA limit:0', 'limit'],
    ['NVDA fy:24', 'four-digit'],
    ['NVDA q:Q5', 'q is one of'],
    ['NVDA AAPL', 'one symbol'],
    ['NVDA balanc', 'did you mean `balance`'],
    ['NVDA foo:1', 'Unknown option'],
    ['balance annual', 'Which company'],
  ])('%s → usage (%s)', (text, fragment) => {
    const r = parse(text);
    expect(r.kind).toBe('usage');
    if (r.kind === 'usage') expect(r.problems.map((p) => p.message).join(' ')).toContain(fragment);
  });

  it('last: needs a clock', () => {
    expect(parseFinancialsArgs('SPX last:1y').kind).toBe('usage');
  });

  describe('compare', () => {
    const canon = (r: ReturnType<typeof parse>) => (r.kind === 'compare' ? r.symbols.map((s) => s.canonical) : r);
    it('takes 2 to 5 symbols in any accepted form, income and annual by default', () => {
      const r = parse('compare 600519 0700.HK $NVDA');
      expect(r).toMatchObject({ kind: 'compare', metric: 'income', period: 'annual', today: '2025-06-30' });
      expect(canon(r)).toEqual(['SH:600519', 'HK:00700', 'US:NVDA']);
      expect(parse('compare US:AAPL hk:700 prices')).toMatchObject({ kind: 'compare', metric: 'prices' });
      expect(parse('compare balance quarterly SH:600519 SZ:000858')).toMatchObject({
        kind: 'compare',
        metric: 'balance',
        period: 'quarterly',
      });
      expect(canon(parse('compare 600519 000858 300750 NVDA AAPL'))).toHaveLength(5);
    });
    it('explains one company, more than five, duplicates, indices and bad symbols', () => {
      const problems = (t: string) => {
        const r = parse(t);
        return r.kind === 'usage' ? r.problems.map((p) => `${p.token} ${p.message} ${p.example}`).join('\n') : `not usage: ${r.kind}`;
      };
      expect(problems('compare 600519')).toMatch(/2 to 5 companies; only one was given/);
      expect(problems('compare')).toMatch(/none was given/);
      expect(problems('compare 600519 000858 300750 NVDA AAPL MSFT')).toMatch(/^MSFT .*at most 5 companies; 6 were given/m);
      expect(problems('compare 600519 SH:600519')).toMatch(/SH:600519 is given twice/);
      expect(problems('compare 600519 SPX')).toMatch(/is an index/);
      expect(problems('compare 600519 zz:bad')).toMatch(/^zz:bad /m);
      expect(problems('compare 600519 NVDA incme')).toMatch(/did you mean `income`/);
      expect(problems('compare 600519 NVDA prices annual')).toMatch(/not periods/);
    });
  });

  it('reads a second word close to a keyword as a typo, not a second ticker', () => {
    const r = parseFinancialsArgs('NVDA incme', new Date('2025-06-30T08:00:00Z'));
    expect(r.kind).toBe('usage');
    const text = r.kind === 'usage' ? r.problems.map((p) => `${p.message} ${p.example}`).join(' ') : '';
    expect(text).toContain('did you mean `income`?');
    expect(text).toContain('/financials US:NVDA income');
    const two = parseFinancialsArgs('NVDA AAPL', new Date('2025-06-30T08:00:00Z'));
    expect(two.kind === 'usage' ? two.problems[0] : undefined).toMatchObject({
      token: 'AAPL',
      message: 'Give one symbol at a time; `/financials compare` puts companies side by side.',
      example: '/financials compare US:NVDA US:AAPL',
    });
  });
});
