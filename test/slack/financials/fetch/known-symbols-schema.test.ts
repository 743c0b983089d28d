import { describe, expect, it } from 'vitest';
import { constituentsSchema } from '../../../../src/slack/financials/fetch/known-symbols-schema.js';

describe('constituentsSchema', () => {
  it('reads symbols with their market, or codes beside their market area, in a list or {items}', () => {
    expect(
      constituentsSchema.parse([
        { symbol: 'US:NVDA', name: 'NVIDIA', name_zh: '英伟达' },
        { symbol: '00700', market: 'hk' },
        { code: '600519', area: 'cn', stock_name: '贵州茅台' },
      ]),
    ).toEqual([
      { symbol: 'US:NVDA', names: ['NVIDIA', '英伟达'] },
      { symbol: 'HK:00700', names: [] },
      { symbol: 'SH:600519', names: ['贵州茅台'] },
    ]);
    expect(constituentsSchema.parse({ items: [{ symbol: 'AAPL', market: 'us' }] })).toEqual([{ symbol: 'US:AAPL', names: [] }]);
  });

  it('leaves out members it cannot make a symbol of, and reads nothing as none', () => {
    expect(constituentsSchema.parse([{ symbol: 'NVDA' }, 'junk', { name: 'no symbol' }])).toEqual([]);
    expect(constituentsSchema.parse(null)).toEqual([]);
  });
});
