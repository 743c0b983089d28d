/**
 * The emulator's stock endpoints from the published schemas: the income statement, company
 * prices (company-prices and its 2026-04 name stock-quote), index-quote and the earnings
 * calendar; which variant serves which name; and that the new demo data agrees with the
 * statements and revenue breakdowns of the same companies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { DEMO_COMPANIES } from '../../../src/emulators/service/data/companies.js';
import { HKD_PER_CNY } from '../../../src/emulators/service/data/stock-prices.js';
import { buildHttp } from './emulator-http.js';

/** The emulator's today: prices end here, whatever the machine's date. */
const TODAY = '2025-09-15';
let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ clock: () => Date.parse(`${TODAY}T12:00:00Z`) });
  http = buildHttp(em);
});
afterAll(async () => {
  await em.close();
});

type Lines = Record<string, number>;
interface IncomeRecord {
  end_date: string;
  fiscal_year: string;
  fiscal_quarter: string;
  period: string;
  filling_date: string;
  currency: string;
  symbol: string;
  revenue_and_costs: Lines;
  operating_results: Lines;
  profit: Lines;
  earnings_per_share: Lines;
}

const income = async (symbol: string, period: string): Promise<IncomeRecord[]> =>
  (await http.post('/v1/stock/company-income-statement', { symbol, period, limit: 100 })).body.data;

describe('income statements', () => {
  it('add up, and agree with the revenue breakdown and balance sheets of every company', async () => {
    for (const company of DEMO_COMPANIES) {
      const quarters = await income(company.symbol, 'quarterly');
      const sheets = (await http.post('/v1/stock/company-balance-sheet', { symbol: company.symbol, period: 'quarterly', limit: 100 })).body
        .data as Array<{ end_date: string; filling_date: string; currency: string; symbol: string; fiscal_year: string }>;
      expect(quarters.map((q) => q.end_date)).toEqual(sheets.map((s) => s.end_date));
      for (const [i, q] of quarters.entries()) {
        const sheet = sheets[i]!;
        expect([q.filling_date, q.currency, q.symbol, q.fiscal_year]).toEqual([
          sheet.filling_date,
          sheet.currency,
          sheet.symbol,
          sheet.fiscal_year,
        ]);
        const { revenue_and_costs: rc, operating_results: op, profit: p, earnings_per_share: eps } = q;
        if (rc.cost_of_sales !== undefined) expect(rc.gross_profit).toBe(rc.revenue! - rc.cost_of_sales);
        expect(op.operating_profit).toBe(
          rc.revenue! -
            (rc.cost_of_sales ?? 0) -
            (op.selling_and_distribution_expenses ?? 0) -
            op.administrative_expenses! -
            (op.research_and_development_expenses ?? 0) +
            op.other_income_and_gains!,
        );
        expect(p.profit_before_tax).toBe(op.operating_profit! - p.finance_costs! + p.share_of_profits_of_associates_and_joint_ventures!);
        expect(p.profit_for_the_period).toBe(p.profit_before_tax! - p.income_tax_expense!);
        expect(p.profit_attributable_to_owners_of_the_parent! + p.profit_attributable_to_non_controlling_interests!).toBe(
          p.profit_for_the_period,
        );
        expect(eps.diluted_earnings_per_share).toBeLessThanOrEqual(eps.basic_earnings_per_share!);
      }
      const mix = (await http.post('/v1/stock/company-revenue-breakdown', { symbol: company.symbol, limit: 100 })).body.data.list as Array<{
        end_date: string;
        period: string;
        industry_total_revenue: number;
      }>;
      const annual = await income(company.symbol, 'annual');
      const cumulative = await income(company.symbol, 'cumulative quarterly');
      for (const period of mix) {
        const quarterCount = period.period.startsWith('H1') ? 2 : 4;
        const inPeriod = quarters.filter((q) => q.end_date <= period.end_date).slice(0, quarterCount);
        expect(inPeriod.reduce((s, q) => s + q.revenue_and_costs.revenue!, 0)).toBe(period.industry_total_revenue);
        expect(cumulative.find((c) => c.end_date === period.end_date)?.revenue_and_costs.revenue).toBe(period.industry_total_revenue);
        if (quarterCount === 4) {
          expect(annual.find((a) => a.end_date === period.end_date)?.revenue_and_costs.revenue).toBe(period.industry_total_revenue);
        }
      }
    }
  });

  it('answer the cash flow statement’s periods and quarter names; banks have no gross profit', async () => {
    const h1 = await http.post('/v1/stock/company-income-statement', { symbol: 'SZ:300750', fiscal_quarter: 'H1', fiscal_year: '2024' });
    expect(h1.body.data).toHaveLength(1);
    expect(h1.body.data[0]).toMatchObject({ period: 'cumulative quarterly', fiscal_quarter: 'H1', end_date: '2024-06-30' });
    const bank = await http.post('/v1/stock/company-income-statement', { symbol: 'SH:600036', period: 'annual', limit: 1 });
    expect(bank.body.data[0].revenue_and_costs).not.toHaveProperty('gross_profit');
    expect((await http.post('/v1/stock/company-income-statement', { symbol: 'US:ZZZZ' })).status).toBe(404);
    expect((await http.post('/v1/stock/company-income-statement', { symbol: 'NVDA' })).status).toBe(422);
  });
});

describe('company prices', () => {
  const prices = async (path: string, body: Record<string, unknown>) => (await http.post(path, body)).body.data.items;

  it('serve the last year up to today by default, newest first, the same under both names', async () => {
    const items = await prices('/v1/stock/company-prices', { symbol: 'US:AAPL' });
    expect(items[0].date <= TODAY).toBe(true);
    expect(items[0].date >= '2025-09-12').toBe(true);
    expect(items.at(-1).date >= '2024-09-15').toBe(true);
    expect(items.length).toBeGreaterThan(250);
    expect(await prices('/v1/stock/stock-quote', { symbol: 'US:AAPL' })).toEqual(items);
    const later = await prices('/v1/stock/company-prices', { symbol: 'US:AAPL', start_date: '2025-09-01', end_date: '2030-01-01' });
    expect(later[0].date).toBe(items[0].date);
  });

  it('are the same for a day whatever the window, and agree with the statements', async () => {
    const june = await prices('/v1/stock/company-prices', { symbol: 'HK:00700', start_date: '2025-06-01', end_date: '2025-06-30' });
    const year = await prices('/v1/stock/company-prices', { symbol: 'HK:00700', start_date: '2024-07-01', end_date: '2025-07-31' });
    expect(year.filter((i: { date: string }) => i.date >= '2025-06-01' && i.date <= '2025-06-30')).toEqual(june);
    const day = june.find((i: { date: string }) => i.date === '2025-06-30');
    expect(day).toMatchObject({ symbol: 'HK:00700', currency: 'HKD', name: '腾讯控股' });
    expect(day.day_high).toBeGreaterThanOrEqual(Math.max(day.stock_open, day.stock_price));
    expect(day.day_low).toBeLessThanOrEqual(Math.min(day.stock_open, day.stock_price));
    // P/E × trailing profit (CNY) = market value (HKD) / HKD_PER_CNY, within the ratio's rounding.
    const quarters = await income('HK:00700', 'quarterly');
    const filed = quarters.filter((q) => q.filling_date <= '2025-06-30').slice(0, 4);
    const ttm = filed.reduce((s, q) => s + q.profit.profit_attributable_to_owners_of_the_parent!, 0);
    expect((day.pe_ttm * ttm) / (day.market_capitalization / HKD_PER_CNY)).toBeCloseTo(1, 2);
  });

  it('stock-quote is served in the latest variant only; company-prices everywhere', async () => {
    try {
      for (const variant of ['legacy', 'schema'] as const) {
        em.setVariant(variant);
        const missing = await http.post('/v1/stock/stock-quote', { symbol: 'US:AAPL' });
        expect([missing.status, missing.body]).toEqual([404, { detail: 'Not Found' }]);
        expect((await http.post('/v1/stock/company-prices', { symbol: 'US:AAPL' })).status).toBe(200);
      }
    } finally {
      em.setVariant('latest');
    }
  });
});

describe('index-quote', () => {
  it('answers as index-prices in the latest variant, and is unknown in the older ones', async () => {
    const body = { symbol: 'HSI', start_date: '2025-06-01', end_date: '2025-06-30' };
    const quote = await http.post('/v1/stock/index-quote', body);
    expect(quote.status).toBe(200);
    expect(quote.body).toEqual((await http.post('/v1/stock/index-prices', body)).body);
    try {
      em.setVariant('legacy');
      expect((await http.post('/v1/stock/index-quote', body)).body).toEqual({ detail: 'Not Found' });
      // An unknown index is the route's own answer, not a missing route.
      expect((await http.post('/v1/stock/index-prices', { symbol: 'NIKKEI' })).body.detail).toContain('Unknown index');
    } finally {
      em.setVariant('latest');
    }
  });
});

describe('earnings calendar', () => {
  const calendar = (body: Record<string, unknown>) => http.post('/v1/stock/earnings-calendar', body);

  it('lists a market’s reports in a date range, dated as the statements are filed', async () => {
    const res = await calendar({ market: 'us', start_date: '2024-01-01', end_date: '2024-12-31' });
    expect(res.body).toMatchObject({ status: 200, code: 0 });
    const entries = res.body.data as Array<{
      symbol: string;
      market: string;
      fiscal_quarter: string;
      end_date: string;
      filling_date: string;
    }>;
    expect(entries.length).toBe(DEMO_COMPANIES.filter((c) => c.market === 'us').length * 4);
    expect(entries.every((e) => e.market === 'us' && e.filling_date >= '2024-01-01' && e.filling_date <= '2024-12-31')).toBe(true);
    expect(entries.map((e) => e.filling_date)).toEqual(entries.map((e) => e.filling_date).sort());
    const nvda = entries.find((e) => e.symbol === 'NVDA')!;
    const [sheet] = (await http.post('/v1/stock/company-balance-sheet', { symbol: 'US:NVDA', end_date: nvda.end_date, limit: 1 })).body
      .data;
    expect(sheet).toMatchObject({ end_date: nvda.end_date, filling_date: nvda.filling_date });
  });

  it('schedules quarters beyond the statements on weekdays, and filters by symbol', async () => {
    const res = await calendar({ market: 'hk', start_date: '2026-01-01', end_date: '2027-12-31', symbol: 'HK:00700' });
    const entries = res.body.data as Array<{ symbol: string; filling_date: string }>;
    expect(entries.length).toBe(8);
    expect(entries.every((e) => e.symbol === '00700')).toBe(true);
    for (const e of entries) expect([0, 6]).not.toContain(new Date(`${e.filling_date}T00:00:00Z`).getUTCDay());
  });

  it('names the market `market` in the latest variant and `area` in the older ones', async () => {
    const week = { start_date: '2025-08-04', end_date: '2025-08-10' };
    expect((await calendar({ market: 'cn', ...week })).status).toBe(200);
    const wrongName = await calendar({ area: 'cn', ...week });
    expect(wrongName.status).toBe(422);
    expect(JSON.stringify(wrongName.body)).toContain('market');
    try {
      em.setVariant('schema');
      expect((await calendar({ area: 'cn', ...week })).status).toBe(200);
      expect((await calendar({ market: 'cn', ...week })).status).toBe(422);
    } finally {
      em.setVariant('latest');
    }
  });

  it('requires both dates in order and a known market', async () => {
    for (const body of [
      { market: 'us', start_date: '2025-08-04' },
      { market: 'jp', start_date: '2025-08-04', end_date: '2025-08-10' },
      { market: 'us', start_date: '2025-08-10', end_date: '2025-08-04' },
    ]) {
      expect((await calendar(body)).status).toBe(422);
    }
  });
});
