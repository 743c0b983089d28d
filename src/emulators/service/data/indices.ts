/**
 * Index price history: about a year of weekday closes ending on the dataset's end date.
 * Units as the service's real samples give them: `dividend_yield` a fraction (0.0343 = 3.43%),
 * `stock_change_percent` a percentage; mainland indices carry their A-share market cap.
 */
import type { DatasetCalendar } from './dataset-calendar.js';
import { createPrng, hashSeed } from './prng.js';

export interface IndexDefinition {
  symbol: string;
  name: string;
  aliases: string[];
  level: number;
  pe: number;
  pb: number;
  /** A fraction: 0.014 = 1.4%. */
  dividendYield: number;
  marketCap: number;
  /** A mainland (Shanghai/Shenzhen) index: market_capitalization_a_share is filled. */
  mainland?: boolean;
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
    dividendYield: 0.014,
    marketCap: 4.9e13,
  },
  {
    symbol: 'DJI',
    name: 'Dow Jones Industrial Average',
    aliases: ['DJI', '.DJI', 'US:DJI', 'DJIA'],
    level: 42_000,
    pe: 23,
    pb: 5.1,
    dividendYield: 0.017,
    marketCap: 1.5e13,
  },
  {
    symbol: 'NDX',
    name: 'Nasdaq-100',
    aliases: ['NDX', '.NDX', 'US:NDX'],
    level: 19_500,
    pe: 32,
    pb: 7.9,
    dividendYield: 0.0075,
    marketCap: 2.6e13,
  },
  {
    symbol: 'HSI',
    name: '恒生指数',
    aliases: ['HSI', 'HK:HSI', '.HSI'],
    level: 17500,
    pe: 9.5,
    pb: 1.0,
    dividendYield: 0.039,
    marketCap: 3.2e13,
  },
  {
    symbol: '000300',
    name: '沪深300',
    aliases: ['000300', 'SH:000300', 'CSI300', 'CSI 300'],
    level: 3500,
    pe: 12.5,
    pb: 1.3,
    dividendYield: 0.029,
    marketCap: 4.8e13,
    mainland: true,
  },
  {
    symbol: '000001',
    name: '上证指数',
    aliases: ['000001', 'SH:000001', 'SHCOMP', '上证指数'],
    level: 3300,
    pe: 13.5,
    pb: 1.25,
    dividendYield: 0.031,
    marketCap: 6.5e13,
    mainland: true,
  },
  {
    symbol: '399001',
    name: '深证成指',
    aliases: ['399001', 'SZ:399001', 'SZCOMP', '深证成指'],
    level: 10_000,
    pe: 20,
    pb: 2.2,
    dividendYield: 0.019,
    marketCap: 2.8e13,
    mainland: true,
  },
  {
    symbol: '399006',
    name: '创业板指',
    aliases: ['399006', 'SZ:399006', 'CHINEXT', '创业板指'],
    level: 2000,
    pe: 30,
    pb: 3.8,
    dividendYield: 0.011,
    marketCap: 1.2e13,
    mainland: true,
  },
];

const TRADING_DAYS = 252;

const r2 = (x: number): number => Math.round(x * 100) / 100;
const r4 = (x: number): number => Math.round(x * 10_000) / 10_000;

export function findIndex(symbol: string): IndexDefinition | undefined {
  const wanted = symbol.trim().toUpperCase();
  return DEMO_INDICES.find((i) => i.aliases.some((a) => a.toUpperCase() === wanted));
}

/** Newest first. */
export function buildIndexHistory(index: IndexDefinition, calendar: DatasetCalendar): IndexPriceItem[] {
  const prng = createPrng(hashSeed(`index:${index.symbol}`));
  const days: string[] = [];
  let ms = Date.parse(`${calendar.endDate}T00:00:00Z`);
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
      dividend_yield: r4(index.dividendYield / scale),
      market_capitalization: Math.round(index.marketCap * scale),
      market_capitalization_a_share: index.mainland ? Math.round(index.marketCap * scale * 0.93) : 0,
    });
    close = next;
  }
  return items.reverse();
}
