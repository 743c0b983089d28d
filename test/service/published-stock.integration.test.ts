/**
 * The client against the emulator over HTTP for the stock operations of the published schemas:
 * the renamed routes (index-quote → index-prices, stock-quote → company-prices) and the earnings
 * calendar's renamed market field are tried newest first, fall back once, and the answer that
 * worked is remembered per client. The emulator's older variants speak only the 2025-12 names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { createResearchClient, type ResearchClient } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { ServiceError } from '../../src/service/errors/service-error.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';

let emu: ServiceEmulator;
const clients: ResearchClient[] = [];

function freshClient(logger = createMemoryLogger(createRedactor([]))): ResearchClient {
  const c = createResearchClient({ baseUrl: emu.url, apiKey: emu.apiKey, timeoutMs: 30_000, retry: fastTestRetryPolicy, logger });
  clients.push(c);
  return c;
}

/** The stock requests `run` makes, as `status path`. */
async function requestsOf(run: () => Promise<unknown>): Promise<string[]> {
  const before = emu.requestLog.length;
  await run().catch(() => undefined);
  return emu.requestLog
    .slice(before)
    .filter((r) => r.path.startsWith('/v1/stock/'))
    .map((r) => `${r.status} ${r.path}`);
}

beforeAll(async () => {
  emu = await startServiceEmulator({ port: 0, clock: () => Date.parse('2025-09-15T12:00:00Z') });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
});

const WEEK = { startDate: '2025-08-04', endDate: '2025-08-10' };

describe('the 2026-04 names, served by the latest variant', () => {
  beforeAll(() => emu.setVariant('latest'));

  it('index quotes, company prices and the calendar each take one request', async () => {
    const client = freshClient();
    expect(await requestsOf(() => client.indexPrices({ symbol: 'SPX', startDate: '2025-06-01' }))).toEqual(['200 /v1/stock/index-quote']);
    expect(await requestsOf(() => client.companyPrices({ symbol: 'US:NVDA', startDate: '2025-09-01' }))).toEqual([
      '200 /v1/stock/stock-quote',
    ]);
    expect(await requestsOf(() => client.earningsCalendar({ market: 'cn', ...WEEK }))).toEqual(['200 /v1/stock/earnings-calendar']);
  });

  it('reads the answers into the app’s shapes', async () => {
    const client = freshClient();
    const [statement] = await client.incomeStatement({ symbol: 'SH:600519', period: 'annual', limit: 1 });
    expect(statement).toMatchObject({ currency: 'CNY', fiscalQuarter: 'FY', period: 'annual', filingDate: expect.any(String) });
    expect(statement?.lines.gross_profit).toBe((statement?.lines.revenue ?? 0) - (statement?.lines.cost_of_sales ?? 0));
    expect(statement?.lines.basic_earnings_per_share).toEqual(expect.any(Number));

    const prices = await client.companyPrices({ symbol: 'HK:00700', startDate: '2025-09-01', endDate: '2025-09-12' });
    expect(prices).toHaveLength(10);
    expect(prices[0]).toMatchObject({ date: '2025-09-12', currency: 'HKD', close: expect.any(Number), marketCap: expect.any(Number) });

    const entries = await client.earningsCalendar({ market: 'cn', ...WEEK });
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(e.date >= WEEK.startDate && e.date <= WEEK.endDate).toBe(true);
      expect(e).toMatchObject({ market: 'cn', fiscalQuarter: expect.stringMatching(/^Q[1-4]$/), name: expect.any(String) });
    }
  });
});

describe.each(['legacy', 'schema'] as const)('the 2025-12 names only (variant %s)', (variant) => {
  beforeAll(() => emu.setVariant(variant));
  afterAll(() => emu.setVariant('latest'));

  it('falls back from index-quote once, then goes straight to index-prices', async () => {
    const logger = createMemoryLogger(createRedactor([]));
    const client = freshClient(logger);
    expect(await requestsOf(() => client.indexPrices({ symbol: 'HSI' }))).toEqual([
      '404 /v1/stock/index-quote',
      '200 /v1/stock/index-prices',
    ]);
    expect(await requestsOf(() => client.indexPrices({ symbol: '000300' }))).toEqual(['200 /v1/stock/index-prices']);
    expect(logger.lines.filter((l) => l.includes('service naming learned'))).toEqual([
      expect.stringContaining('"naming":"/v1/stock/index-prices"'),
    ]);
    // Memory is per client: another client asks the current name first again.
    const other = freshClient();
    expect(await requestsOf(() => other.indexPrices({ symbol: 'HSI' }))).toHaveLength(2);
  });

  it('falls back from stock-quote to company-prices and remembers it', async () => {
    const client = freshClient();
    const first = await requestsOf(() => client.companyPrices({ symbol: 'US:AAPL' }));
    expect(first).toEqual(['404 /v1/stock/stock-quote', '200 /v1/stock/company-prices']);
    expect(await requestsOf(() => client.companyPrices({ symbol: 'US:TSLA' }))).toEqual(['200 /v1/stock/company-prices']);
    expect((await client.companyPrices({ symbol: 'US:AAPL', startDate: '2025-09-01' })).length).toBeGreaterThan(5);
  });

  it('sends the calendar’s market as `area` after one refusal, and keeps to it', async () => {
    const client = freshClient();
    expect(await requestsOf(() => client.earningsCalendar({ market: 'us', ...WEEK }))).toEqual([
      '422 /v1/stock/earnings-calendar',
      '200 /v1/stock/earnings-calendar',
    ]);
    expect(await requestsOf(() => client.earningsCalendar({ market: 'hk', ...WEEK }))).toEqual(['200 /v1/stock/earnings-calendar']);
  });

  it('an unknown index is the old route’s answer: not found, and the route is still learned', async () => {
    const client = freshClient();
    const error = await client.indexPrices({ symbol: 'NIKKEI' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'not_found', path: '/v1/stock/index-prices' });
    expect(await requestsOf(() => client.indexPrices({ symbol: 'SPX' }))).toEqual(['200 /v1/stock/index-prices']);
  });
});

describe('a client that learned the old names follows a service upgrade', () => {
  it('tries the current name again when the remembered one fails as a wrong name', async () => {
    emu.setVariant('schema');
    const client = freshClient();
    await client.earningsCalendar({ market: 'us', ...WEEK });
    emu.setVariant('latest');
    expect(await requestsOf(() => client.earningsCalendar({ market: 'us', ...WEEK }))).toEqual([
      '422 /v1/stock/earnings-calendar',
      '200 /v1/stock/earnings-calendar',
    ]);
    expect(await requestsOf(() => client.earningsCalendar({ market: 'us', ...WEEK }))).toEqual(['200 /v1/stock/earnings-calendar']);
  });
});
