/** Index price history: about a year of weekday closes ending at the dataset's anchor date. */
import { createPrng, hashSeed } from './prng.js';

export interface IndexDefinition {
  symbol: string;
  name: string;
  aliases: string[];
  level: number;
  pe: number;
  pb: number;
  dividendYield: number;
  marketCap: number;
}

export interface IndexPriceItem {
  date: string;
  symbol: string;
  name: string;
  stock_open: number;
  day_high: number;
  day_low: number;
  stock_price: number;
  stock_change_percent: number;
  trade_amount: number;
  ps_ttm: number;
  pb: number;
  pe_ttm: number;
  dividend_yield: number;
  market_capitalization: number;
  market_capitalization_a_share: number;
}

export const DEMO_INDICES: readonly IndexDefinition[] = [
  {
    symbol: 'SPX',
    name: 'S&P 500',
    aliases: ['SPX', '.SPX', 'US:SPX', 'INX', 'SP500'],
    level: 5200,
    pe: 24,
    pb: 4.6,
    dividendYield: 1.4,
    marketCap: 4.9e13,
  },
  {
    symbol: 'HSI',
    name: '恒生指数',
    aliases: ['HSI', 'HK:HSI', '.HSI'],
    level: 17500,
    pe: 9.5,
    pb: 1.0,
    dividendYield: 3.9,
    marketCap: 3.2e13,
  },
  {
    symbol: '000300',
    name: '沪深300',
    aliases: ['000300', 'SH:000300', 'CSI300', 'CSI 300'],
    level: 3500,
    pe: 12.5,
    pb: 1.3,
    dividendYield: 2.9,
    marketCap: 4.8e13,
  },
];

export const INDEX_HISTORY_END = '2025-06-30';
const TRADING_DAYS = 252;

const r2 = (x: number): number => Math.round(x * 100) / 100;

export function findIndex(symbol: string): IndexDefinition | undefined {
  const wanted = symbol.trim().toUpperCase();
  return DEMO_INDICES.find((i) => i.aliases.some((a) => a.toUpperCase() === wanted));
}

/** Newest first. */
export function buildIndexHistory(index: IndexDefinition): IndexPriceItem[] {
  const prng = createPrng(hashSeed(`index:${index.symbol}`));
  const days: string[] = [];
  let ms = Date.parse(`${INDEX_HISTORY_END}T00:00:00Z`);
  while (days.length < TRADING_DAYS) {
    const d = new Date(ms);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) days.push(d.toISOString().slice(0, 10));
    ms -= 86_400_000;
  }
  days.reverse();
  const items: IndexPriceItem[] = [];
  let close = index.level;
  for (const date of days) {
    const open = close * (1 + prng.float(-0.004, 0.004));
    const next = close * (1 + prng.float(-0.018, 0.0195));
    const high = Math.max(open, next) * (1 + prng.float(0, 0.008));
    const low = Math.min(open, next) * (1 - prng.float(0, 0.008));
    const change = ((next - close) / close) * 100;
    const scale = next / index.level;
    items.push({
      date,
      symbol: index.symbol,
      name: index.name,
      stock_open: r2(open),
      day_high: r2(high),
      day_low: r2(low),
      stock_price: r2(next),
      stock_change_percent: r2(change),
      trade_amount: Math.round(index.marketCap * prng.float(0.004, 0.012)),
      ps_ttm: r2(index.pe * 0.12 * scale),
      pb: r2(index.pb * scale),
      pe_ttm: r2(index.pe * scale),
      dividend_yield: r2(index.dividendYield / scale),
      market_capitalization: Math.round(index.marketCap * scale),
      market_capitalization_a_share: index.symbol === '000300' ? Math.round(index.marketCap * scale * 0.93) : 0,
    });
    close = next;
  }
  return items.reverse();
}
