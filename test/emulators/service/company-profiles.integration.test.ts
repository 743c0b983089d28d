/**
 * The emulator's company overview and shareholders (2026-04 schema's routes, also in 2025-12):
 * each schema version's overview input and answer, the holders' agreement with the company's own
 * share count and prices, and unknown symbols per variant.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { buildHttp } from './emulator-http.js';

const TODAY = '2025-09-15';
let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ clock: () => Date.parse(`${TODAY}T12:00:00Z`) });
  http = buildHttp(em);
});
afterEach(() => em.setVariant('latest'));
afterAll(async () => {
  await em.close();
});

interface Holder {
  holder_name: string;
  hold_num: number;
  hold_ratio: number;
  end_date: string;
}

describe('/v1/stock/company-overview', () => {
  it('2026-04: a company per symbol or name asked, comma-separated, in the order asked', async () => {
    const res = await http.post('/v1/stock/company-overview', { symbols: 'US:NVDA,SH:600519', names: '腾讯控股' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data.map((c: { symbol: string }) => c.symbol)).toEqual(['US:NVDA', 'SH:600519', 'HK:00700']);
    const [nvda, moutai] = res.body.data;
    expect(nvda).toMatchObject({ name: 'NVIDIA', exchange: 'NASDAQ', currency: 'USD', ceo: 'Jensen Huang', listing_date: '1999-01-22' });
    expect(moutai).toMatchObject({ name: '贵州茅台', name_en: 'Kweichow Moutai', industry: '白酒', currency: 'CNY', chairman: '张德芹' });
    expect(moutai.description).toContain('茅台酒');
    // An unknown symbol is left out, not refused; a malformed one is refused as FastAPI would.
    expect((await http.post('/v1/stock/company-overview', { symbols: 'US:ZZZZ' })).body.data).toEqual([]);
    const bad = await http.post('/v1/stock/company-overview', { symbols: 'NVDA' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'symbols']);
  });

  it('2025-12: `symbol` is required and the answer is the one company; an unknown symbol is a 404 in the wrapper', async () => {
    em.setVariant('legacy');
    expect((await http.post('/v1/stock/company-overview', { symbols: 'US:NVDA' })).status).toBe(422);
    const res = await http.post('/v1/stock/company-overview', { symbol: 'HK:00700', symbols: 'HK:00700' });
    expect(res.status).toBe(200);
    // Its reporting currency: Tencent reports in CNY while its shares trade in HKD.
    expect(res.body.data).toMatchObject({ symbol: 'HK:00700', name: '腾讯控股', exchange: 'Hong Kong Stock Exchange', currency: 'CNY' });
    const unknown = await http.post('/v1/stock/company-overview', { symbol: 'US:ZZZZ' });
    expect(unknown.body).toMatchObject({ code: 40401 });
  });
});

describe('/v1/stock/company-shareholders', () => {
  it('lists the top holders, largest first, their shares agreeing with the company’s share count', async () => {
    const overview = (await http.post('/v1/stock/company-overview', { symbols: 'SH:600519' })).body.data[0];
    const res = await http.post('/v1/stock/company-shareholders', { symbol: 'SH:600519', type: 'shareholders' });
    expect(res.status).toBe(200);
    const holders = res.body.data as Holder[];
    expect(holders).toHaveLength(10);
    expect(holders[0]).toMatchObject({ holder_name: '中国贵州茅台酒厂(集团)有限责任公司', hold_ratio: 54.07 });
    const ratios = holders.map((h) => h.hold_ratio);
    expect([...ratios].sort((a, b) => b - a)).toEqual(ratios);
    expect(ratios.reduce((a, b) => a + b, 0)).toBeLessThan(100);
    for (const h of holders) expect(h.hold_num).toBe(Math.round((overview.total_shares * h.hold_ratio) / 100));
    // The register of the newest quarter the statements report.
    const [latest] = (await http.post('/v1/stock/company-income-statement', { symbol: 'SH:600519', period: 'quarterly', limit: 1 })).body
      .data;
    expect(new Set(holders.map((h) => h.end_date))).toEqual(new Set([latest.end_date]));
    // The market cap the prices give is the close times these shares.
    const prices = (await http.post('/v1/stock/stock-quote', { symbol: 'SH:600519', start_date: '2025-09-01' })).body.data.items;
    const last = prices.at(-1) ?? prices[0];
    expect(last.market_capitalization / last.stock_price).toBeCloseTo(overview.total_shares, -3);
  });

  it('takes a limit and the holder type, and refuses another type', async () => {
    const res = await http.post('/v1/stock/company-shareholders', { symbol: 'US:NVDA', type: 'outstanding_shareholders', limit: 3 });
    expect(res.body.data.map((h: Holder) => h.holder_name)).toEqual(['The Vanguard Group', 'BlackRock', 'Jensen Huang']);
    expect((await http.post('/v1/stock/company-shareholders', { symbol: 'US:NVDA', type: 'owners' })).status).toBe(422);
  });

  it('answers an unknown symbol with an empty list in the published variant, 404 in the wrapper elsewhere', async () => {
    expect((await http.post('/v1/stock/company-shareholders', { symbol: 'US:ZZZZ' })).body).toMatchObject({ code: 40401 });
    em.setVariant('published');
    const res = await http.post('/v1/stock/company-shareholders', { symbol: 'US:ZZZZ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});
