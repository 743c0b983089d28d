import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { DEMO_COMPANIES } from '../../../src/emulators/service/data/companies.js';
import { buildHttp } from './emulator-http.js';

let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ agentSpeed: 200 });
  http = buildHttp(em);
});
afterAll(async () => {
  await em.close();
});

type Section = Record<string, number>;
const sumExcept = (s: Section, exclude: string[]): number =>
  Object.entries(s)
    .filter(([k]) => !exclude.includes(k))
    .reduce((a, [, v]) => a + v, 0);

describe('balance sheets', () => {
  it('wrap data and default to the latest 8 quarterly records, newest first', async () => {
    const res = await http.post('/v1/stock/company-balance-sheet', { symbol: 'SH:600519' });
    expect(res.body).toMatchObject({ status: 200, code: 0, message: '' });
    expect(res.body.data).toHaveLength(8);
    const dates = res.body.data.map((r: { end_date: string }) => r.end_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.body.data[0]).toMatchObject({
      currency: 'CNY',
      symbol: '600519',
      period: 'quarterly',
      filling_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('add up for every record of every company', async () => {
    let checked = 0;
    for (const company of DEMO_COMPANIES) {
      for (const period of ['quarterly', 'annual']) {
        const res = await http.post('/v1/stock/company-balance-sheet', { symbol: company.symbol, period, limit: 100 });
        expect(res.status).toBe(200);
        if (period === 'quarterly') expect(res.body.data.length).toBeGreaterThanOrEqual(8);
        else expect(res.body.data.length).toBeGreaterThanOrEqual(3);
        for (const r of res.body.data) {
          const ca = r.current_assets as Section;
          const nca = r.non_current_assets as Section;
          const cl = r.current_liabilities as Section;
          const ncl = r.non_current_liabilities as Section;
          const eq = r.owners_equity as Section;
          expect(sumExcept(ca, ['total_current_assets'])).toBe(ca.total_current_assets);
          expect(
            sumExcept(nca, ['total_non_current_assets', 'total_assets', 'investments_in_associates', 'investments_in_joint_ventures']),
          ).toBe(nca.total_non_current_assets);
          expect((nca.investments_in_associates ?? 0) + (nca.investments_in_joint_ventures ?? 0)).toBe(
            nca.interests_in_associates_and_joint_ventures,
          );
          expect((ca.total_current_assets ?? 0) + (nca.total_non_current_assets ?? 0)).toBe(nca.total_assets);
          expect(sumExcept(cl, ['total_current_liabilities'])).toBe(cl.total_current_liabilities);
          expect(sumExcept(ncl, ['total_non_current_liabilities', 'total_liabilities'])).toBe(ncl.total_non_current_liabilities);
          expect((cl.total_current_liabilities ?? 0) + (ncl.total_non_current_liabilities ?? 0)).toBe(ncl.total_liabilities);
          expect((ncl.total_liabilities ?? 0) + (eq.total_shareholders_equity ?? 0)).toBe(nca.total_assets);
          expect((eq.total_equity_attributable_to_shareholders_and_other_equity_holders ?? 0) + (eq.non_controlling_interests ?? 0)).toBe(
            eq.total_shareholders_equity,
          );
          expect(
            (eq.share_premium ?? 0) +
              (eq.treasury_shares ?? 0) +
              (eq.other_reserve ?? 0) +
              (eq.retained_earnings ?? 0) +
              (eq.shares_held_for_share_award_scheme ?? 0),
          ).toBe(eq.total_equity_attributable_to_shareholders_and_other_equity_holders);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(DEMO_COMPANIES.length * 12);
  });

  it('filter by fiscal year, quarter, dates and calendar', async () => {
    const fy = await http.post('/v1/stock/company-balance-sheet', { symbol: 'US:AAPL', fiscal_year: '2024', fiscal_quarter: 'FY' });
    expect(fy.body.data).toHaveLength(1);
    expect(fy.body.data[0]).toMatchObject({ fiscal_year: '2024', fiscal_quarter: 'FY', end_date: '2024-09-30', period: 'annual' });
    const cal = await http.post('/v1/stock/company-balance-sheet', {
      symbol: 'US:AAPL',
      calendar: 'calendar',
      fiscal_year: '2024',
      fiscal_quarter: 'Q3',
    });
    expect(cal.body.data[0].end_date).toBe('2024-09-30');
    const dated = await http.post('/v1/stock/company-balance-sheet', {
      symbol: 'HK:00700',
      start_date: '2023-01-01',
      end_date: '2023-12-31',
      limit: 100,
    });
    expect(dated.body.data.map((r: { end_date: string }) => r.end_date)).toEqual(['2023-12-31', '2023-09-30', '2023-06-30', '2023-03-31']);
  });
});

describe('cash flow statements', () => {
  it('tie to the balance sheet and roll forward, in every period mode', async () => {
    for (const company of DEMO_COMPANIES) {
      const bs = await http.post('/v1/stock/company-balance-sheet', { symbol: company.symbol, period: 'quarterly', limit: 100 });
      const cashAt = new Map<string, number>(
        bs.body.data.map((r: { end_date: string; current_assets: Section }) => [r.end_date, r.current_assets.cash_and_cash_equivalents]),
      );
      for (const period of ['quarterly', 'cumulative quarterly', 'annual']) {
        const cf = await http.post('/v1/stock/company-cashflow-statement', { symbol: company.symbol, period, limit: 100 });
        expect(cf.body.data.length).toBeGreaterThan(0);
        for (const r of cf.body.data) {
          const op = r.cash_flows_from_operating_activities.net_cash_flows_from_operating_activities;
          const inv = r.cash_flows_from_investing_activities.net_cash_flows_from_investing_activities;
          const fin = r.cash_flows_from_financing_activities;
          expect(op + inv + fin.net_cash_flows_from_financing_activities).toBe(fin.net_increase_in_cash_and_cash_equivalents);
          expect(
            fin.cash_and_cash_equivalents_at_beginning_of_year +
              fin.net_increase_in_cash_and_cash_equivalents +
              fin.effect_of_exchange_rate_changes_on_cash_and_cash_equivalents,
          ).toBe(fin.cash_and_cash_equivalents_at_end_of_year);
          expect(fin.cash_and_cash_equivalents_at_end_of_year).toBe(cashAt.get(r.end_date));
        }
      }
    }
  });

  it('labels cumulative periods H1 and Q3 (9 months)', async () => {
    const h1 = await http.post('/v1/stock/company-cashflow-statement', { symbol: 'SZ:300750', fiscal_quarter: 'H1', fiscal_year: '2024' });
    expect(h1.body.data).toHaveLength(1);
    expect(h1.body.data[0]).toMatchObject({ period: 'cumulative quarterly', fiscal_quarter: 'H1', end_date: '2024-06-30' });
    const nine = await http.post('/v1/stock/company-cashflow-statement', {
      symbol: 'SZ:300750',
      fiscal_quarter: 'Q3 (9 months)',
      fiscal_year: '2024',
    });
    expect(nine.body.data[0].end_date).toBe('2024-09-30');
  });
});

describe('revenue breakdown', () => {
  it('has industry segments adding up, areas and products, 6 periods by default', async () => {
    const res = await http.post('/v1/stock/company-revenue-breakdown', { symbol: 'US:NVDA' });
    expect(res.body.code).toBe(0);
    expect(res.body.data.currency).toBe('USD');
    expect(res.body.data.list).toHaveLength(6);
    for (const p of res.body.data.list) {
      const total = p.industry.reduce((a: number, s: { revenue: number }) => a + s.revenue, 0);
      expect(total).toBe(p.industry_total_revenue);
      const pct = p.industry.reduce((a: number, s: { revenue_percentage: number }) => a + s.revenue_percentage, 0);
      expect(pct).toBeCloseTo(100, 1);
      expect(p.area.length).toBeGreaterThan(0);
      expect(p.area[0].name).toEqual(expect.any(String));
      expect(typeof p.fiscal_year).toBe('number');
    }
    const fy = await http.post('/v1/stock/company-revenue-breakdown', { symbol: 'SH:601318', period: 'FY', limit: 2 });
    expect(fy.body.data.list).toHaveLength(2);
    expect(fy.body.data.list[0].product).toEqual([]);
    expect(fy.body.data.list.every((p: { period: string }) => p.period.startsWith('FY'))).toBe(true);
  });
});

describe('index prices', () => {
  it.each(['SPX', 'HSI', '000300'])('%s: about a year, newest first, filterable', async (symbol) => {
    const res = await http.post('/v1/stock/index-prices', { symbol });
    const items = res.body.data.items;
    expect(items.length).toBeGreaterThanOrEqual(240);
    const dates = items.map((i: { date: string }) => i.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(items[0]).toMatchObject({ symbol, stock_price: expect.any(Number), pe_ttm: expect.any(Number), day_high: expect.any(Number) });
    for (const i of items.slice(0, 20)) expect(i.day_high).toBeGreaterThanOrEqual(Math.max(i.stock_open, i.stock_price));
    const window = await http.post('/v1/stock/index-prices', { symbol, start_date: '2025-06-01', end_date: '2025-06-30' });
    expect(window.body.data.items.length).toBeGreaterThan(15);
    expect(window.body.data.items.every((i: { date: string }) => i.date >= '2025-06-01')).toBe(true);
  });
});
