/**
 * Several companies' daily closes on one chart, each rebased to 100 on the first day they all
 * traded: share prices in different currencies and of different sizes compare as performance.
 * Only the days every company traded are drawn (markets close on different holidays, and a gap
 * cannot be drawn natively). Pure; null with fewer than two companies or two common days.
 */
import type { PriceDay } from './build-price-chart.js';
import type { ChartData } from './chart-data.js';
import { type ChartCompany, companiesChartTitle } from './companies-chart-title.js';

export interface CompanyPrices {
  company: ChartCompany;
  days: PriceDay[];
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The chart's words in its language; English by default. */
export interface RebasedPriceWords {
  what: string;
  /** The axis title naming the base day. */
  axisTitle: (baseDay: string) => string;
  axisNote?: string;
  join?: (names: string[]) => string;
}

const ENGLISH: RebasedPriceWords = { what: 'share price', axisTitle: (day) => `Close, ${day} = 100` };

export function buildRebasedPriceChart(companies: readonly CompanyPrices[], words: RebasedPriceWords = ENGLISH): ChartData | null {
  if (companies.length < 2) return null;
  const closes = companies.map((c) => {
    const byDate = new Map<string, number>();
    for (const d of c.days) if (typeof d.date === 'string' && isNum(d.close) && d.close > 0) byDate.set(d.date.slice(0, 10), d.close);
    return byDate;
  });
  const [first, ...rest] = closes;
  const common = [...(first?.keys() ?? [])].filter((date) => rest.every((m) => m.has(date))).sort();
  if (common.length < 2) return null;
  const start = common[0] as string;
  return {
    kind: 'line',
    title: companiesChartTitle(
      companies.map((c) => c.company),
      words.what,
      words.join ? { join: words.join } : {},
    ),
    categories: common,
    series: companies.map((c, i) => {
      const m = closes[i] as Map<string, number>;
      const base = m.get(start) as number;
      return {
        name: c.company.name?.trim() || c.company.symbol,
        values: common.map((d) => Math.round(((m.get(d) as number) / base) * 10_000) / 100),
      };
    }),
    yTitle: words.axisTitle(start),
    ...(words.axisNote ? { axisNote: words.axisNote } : {}),
  };
}
