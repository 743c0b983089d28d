/**
 * The companies with stock data only (stock-only-companies.ts): HKEX reports in HKD, so the demo
 * data hold three reporting currencies; its shares trade in HKD unconverted, and it has no documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
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

describe('HK:00388 (stock data only)', () => {
  it('reports statements and revenue in HKD', async () => {
    const income = await http.post('/v1/stock/company-income-statement', { symbol: 'HK:00388', period: 'annual' });
    expect(income.status).toBe(200);
    expect(income.body.data.length).toBeGreaterThanOrEqual(3);
    expect(new Set(income.body.data.map((r: { currency: string }) => r.currency))).toEqual(new Set(['HKD']));
    const revenue = await http.post('/v1/stock/company-revenue-breakdown', { symbol: 'HK:00388' });
    expect(revenue.body.data.currency).toBe('HKD');
  });

  it('trades in HKD', async () => {
    const res = await http.post('/v1/stock/company-prices', { symbol: 'HK:00388' });
    const items = (res.body.data.items ?? res.body.data) as Array<{ currency: string; market_capitalization: number; stock_price: number }>;
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.currency))).toEqual(new Set(['HKD']));
  });

  it('has no documents, so search results are unchanged', async () => {
    const res = await http.post('/v1/search', { query: '港交所', symbols: ['HK:00388'] });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('香港交易所');
  });
});
