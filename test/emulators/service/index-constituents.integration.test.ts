/**
 * The emulator's index constituents (2026-04 schema) and the company overview's name search: what
 * the app suggests unknown symbols from (src/slack/financials/fetch/known-symbols.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { buildHttp } from './emulator-http.js';

let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ clock: () => Date.parse('2025-09-15T12:00:00Z') });
  http = buildHttp(em);
});
afterEach(() => em.setVariant('latest'));
afterAll(async () => {
  await em.close();
});

describe('/v1/stock/index-constituents', () => {
  it('2026-04: the demo companies of the index’s market, as symbols with names', async () => {
    const res = await http.post('/v1/stock/index-constituents', { symbol: 'SPX' });
    expect(res.status).toBe(200);
    const symbols = res.body.data.map((c: { symbol: string }) => c.symbol);
    expect(symbols).toEqual(expect.arrayContaining(['US:NVDA', 'US:AMZN', 'US:AAPL']));
    expect(symbols.every((s: string) => s.startsWith('US:'))).toBe(true);
    expect(res.body.data).toContainEqual(expect.objectContaining({ symbol: 'US:NVDA', name: 'NVIDIA', market: 'us' }));
    const csi = (await http.post('/v1/stock/index-constituents', { symbol: '000300' })).body.data.map((c: { symbol: string }) => c.symbol);
    expect(csi).toEqual(expect.arrayContaining(['SH:600519', 'SZ:300750']));
  });

  it('published: codes and market areas, as the schema describes; an unknown index is an empty list', async () => {
    em.setVariant('published');
    const res = await http.post('/v1/stock/index-constituents', { symbol: 'HSI' });
    expect(res.body.data).toContainEqual({ symbol: '00700', market: 'hk' });
    expect((await http.post('/v1/stock/index-constituents', { symbol: 'NOPE' })).body.data).toEqual([]);
  });

  it('2025-12 had no such route; an unknown index is a 404 in the wrapper', async () => {
    expect((await http.post('/v1/stock/index-constituents', { symbol: 'NOPE' })).body).toMatchObject({ code: 40402 });
    em.setVariant('legacy');
    expect((await http.post('/v1/stock/index-constituents', { symbol: 'SPX' })).status).toBe(404);
  });
});

describe('/v1/stock/company-overview names', () => {
  it('finds a company by part of its name, in any case', async () => {
    const of = async (names: string) =>
      (await http.post('/v1/stock/company-overview', { names })).body.data.map((c: { symbol: string }) => c.symbol);
    expect(await of('茅台')).toEqual(['SH:600519']);
    expect(await of('nvidia')).toEqual(['US:NVDA']);
    expect(await of('no such company')).toEqual([]);
  });
});
