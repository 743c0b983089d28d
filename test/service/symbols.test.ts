import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeSymbol, formatSymbol, parseSymbol, symbolOfListing } from '../../src/service/symbols.js';

const ok = (input: string, ctx?: 'standalone' | 'freeText') => {
  const r = parseSymbol(input, ctx ? { context: ctx } : {});
  if (!r.ok) throw new Error(`expected ${input} to parse: ${r.message}`);
  return r.symbol;
};

describe('parseSymbol', () => {
  it.each([
    ['US:NVDA', 'US:NVDA'],
    ['us:nvda', 'US:NVDA'],
    ['$NVDA', 'US:NVDA'],
    ['$nvda', 'US:NVDA'],
    ['hk:700', 'HK:00700'],
    ['HK:0700', 'HK:00700'],
    ['0700.HK', 'HK:00700'],
    ['600519', 'SH:600519'],
    ['600519.SS', 'SH:600519'],
    ['688981', 'SH:688981'],
    ['000858', 'SZ:000858'],
    ['300750', 'SZ:300750'],
    ['9988', 'HK:09988'],
    ['brk.b', 'US:BRK.B'],
    ['BRK-B', 'US:BRK.B'],
    ['T', 'US:T'],
    ['CN:300750', 'SZ:300750'],
    ['cn:600519', 'SH:600519'],
  ])('%s → %s', (input, canonical) => {
    const s = ok(input);
    expect(s.canonical).toBe(canonical);
    expect(formatSymbol(s)).toBe(canonical);
    expect(s.isIndex).toBe(false);
  });

  it.each([
    ['SPX', 'US:SPX', 'SPX'],
    ['spx', 'US:SPX', 'SPX'],
    ['US:SPX', 'US:SPX', 'SPX'],
    ['HSI', 'HK:HSI', 'HSI'],
    ['000300', 'SH:000300', '000300'],
    ['CSI300', 'SH:000300', '000300'],
    ['SH:000001', 'SH:000001', '000001'],
    ['399006', 'SZ:399006', '399006'],
  ])('index %s → %s', (input, canonical, code) => {
    const s = ok(input);
    expect(s).toMatchObject({ canonical, code, isIndex: true });
  });

  it('reports 000001 as ambiguous between Ping An Bank and the SSE Composite', () => {
    const r = parseSymbol('000001');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe('ambiguous');
    expect(r.candidates?.map((c) => c.canonical)).toEqual(['SZ:000001', 'SH:000001']);
    expect(r.message).toContain('Ping An Bank');
    expect(describeSymbol(r.candidates![1]!)).toBe('SH:000001 (SSE Composite index)');
    expect(ok('SZ:000001').isIndex).toBe(false);
  });

  it('treats bare words and short numbers in free text with care', () => {
    const t = parseSymbol('T', { context: 'freeText' });
    expect(t).toMatchObject({ ok: false, reason: 'ambiguous' });
    expect(parseSymbol('2024', { context: 'freeText' })).toMatchObject({ ok: false, reason: 'ambiguous' });
    expect(parseSymbol('NVDA', { context: 'freeText' })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(ok('$T', 'freeText').canonical).toBe('US:T');
    expect(ok('600519', 'freeText').canonical).toBe('SH:600519');
  });

  it.each(['', 'XX:123', 'SH:12345', 'SZ:600519', 'HK:123456', 'US:TOOLONG', '830001', '💥', 'a b', '$', 'HK:0'])('rejects %j', (input) => {
    const r = parseSymbol(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.length).toBeGreaterThan(0);
  });

  it('never throws and always round-trips what it accepts (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^(\$|[a-zA-Z]{2}:)?[A-Za-z0-9.-]{0,8}$/)), fc.boolean(), (input, free) => {
        const r = parseSymbol(input, { context: free ? 'freeText' : 'standalone' });
        if (r.ok) {
          expect(r.symbol.canonical).toMatch(/^(SH|SZ|HK|US):[A-Z0-9.]+$/);
          const again = parseSymbol(r.symbol.canonical);
          expect(again.ok && again.symbol.canonical).toBe(r.symbol.canonical);
        } else {
          expect(['invalid', 'ambiguous']).toContain(r.reason);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('zero-pads any 1–5 digit Hong Kong code (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }), (n) => {
        expect(ok(`hk:${n}`).code).toBe(String(n).padStart(5, '0'));
      }),
    );
  });

  it.each([
    ['SH', '600519', 'SH:600519'],
    ['SZ', '300750', 'SZ:300750'],
    ['SZ', '000001', 'SZ:000001'],
    ['cn', '300750', 'SZ:300750'],
    ['cn', '688981', 'SH:688981'],
    ['hk', '9988', 'HK:09988'],
    ['HK', '00700', 'HK:00700'],
    ['us', 'nvda', 'US:NVDA'],
    ['cn', '830001', undefined],
    ['jp', '7203', undefined],
    ['SZ', '', undefined],
  ])('a %s listing of %s is the symbol %s, which parses back to itself', (market, code, symbol) => {
    expect(symbolOfListing(market, code)).toBe(symbol);
    if (symbol) expect(ok(symbol).canonical).toBe(symbol);
  });
});
