import { describe, expect, it } from 'vitest';
import { parseSymbol, type StockSymbol } from '../../../../src/service/symbols.js';
import { closestSymbols } from '../../../../src/slack/financials/fetch/closest-symbols.js';
import type { Constituent } from '../../../../src/slack/financials/fetch/known-symbols-schema.js';

const KNOWN: Constituent[] = [
  { symbol: 'US:NVDA', names: ['NVIDIA', '英伟达'] },
  { symbol: 'US:AAPL', names: ['Apple'] },
  { symbol: 'US:AMZN', names: ['Amazon'] },
  { symbol: 'US:AMD', names: [] },
  { symbol: 'HK:00700', names: ['Tencent', '腾讯控股'] },
  { symbol: 'SH:600519', names: ['Kweichow Moutai', '贵州茅台'] },
  { symbol: 'SZ:000858', names: ['Wuliangye'] },
];
const symbol = (text: string): StockSymbol => {
  const r = parseSymbol(text);
  if (!r.ok) throw new Error(text);
  return r.symbol;
};
const near = (typed: string, read?: string) => closestSymbols(typed, read ? symbol(read) : undefined, KNOWN).map((c) => c.symbol);

describe('closestSymbols', () => {
  it('a mistyped code: the codes of its market nearest it, nearest first', () => {
    expect(near('NVDAA', 'NVDAA')[0]).toBe('US:NVDA');
    expect(near('AAPLE', 'AAPLE')[0]).toBe('US:AAPL');
    expect(near('600518', '600518')[0]).toBe('SH:600519');
  });

  it('ZZZZ: only codes that share something with it (AMZN has a Z), never the unrelated ones', () => {
    expect(near('ZZZZ', 'ZZZZ')).toEqual(['US:AMZN']);
  });

  it('stays in the market typed (Shanghai and Shenzhen are one)', () => {
    expect(near('000857', 'SZ:000857')).toContain('SZ:000858');
    expect(near('00701', 'HK:00701')).toEqual(['HK:00700']);
  });

  it('a word: the companies whose names are near it or contain it', () => {
    expect(near('nvidai')).toEqual(['US:NVDA']);
    expect(near('茅台')).toEqual(['SH:600519']);
    expect(near('tencent')).toEqual(['HK:00700']);
    expect(near('qwertyuiop')).toEqual([]);
  });

  it('never suggests the symbol itself, and at most three', () => {
    expect(near('NVDA', 'NVDA')).not.toContain('US:NVDA');
    expect(near('AMDX', 'AMDX').length).toBeLessThanOrEqual(3);
  });
});
