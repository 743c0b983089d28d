/**
 * The company-names lookup over HTTP against the service emulator: no call when every name is
 * already in the card's script, one call for all the others (symbols the overview cannot take
 * left out), found names remembered per service client, and a failed call keeping the names given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../../src/emulators/service/index.js';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { fastTestRetryPolicy } from '../../../../src/service/retry-policy.js';
import { createResearchClient, type ResearchClient } from '../../../../src/service/research-client.js';
import { withServiceNames } from '../../../../src/slack/kit/company-names/company-names-lookup.js';

let emu: ServiceEmulator;
const clients: ResearchClient[] = [];
const newClient = (): ResearchClient => {
  const c = createResearchClient({
    baseUrl: emu.url,
    apiKey: emu.apiKey,
    timeoutMs: 30_000,
    retry: { ...fastTestRetryPolicy, retries: 0 },
  });
  clients.push(c);
  return c;
};
const overviewCalls = (): number => emu.requestLog.filter((r) => r.path === '/v1/stock/company-overview').length;

beforeAll(async () => {
  emu = await startServiceEmulator({ port: 0 });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu?.close();
});

describe('withServiceNames', () => {
  const log = createMemoryLogger(createRedactor([]));

  it('asks nothing when every company already has a name in the card’s script', async () => {
    const before = overviewCalls();
    const named = await withServiceNames(newClient(), [{ symbol: 'US:NVDA', names: ['NVIDIA'] }], { lang: 'en', call: {}, log });
    expect(named).toEqual([{ symbol: 'US:NVDA', names: ['NVIDIA'] }]);
    expect(overviewCalls()).toBe(before);
  });

  it('asks once for all the others, and remembers what it found', async () => {
    const client = newClient();
    const companies = [
      { symbol: 'US:NVDA', names: ['英伟达'] },
      { symbol: 'SH:600519', names: ['贵州茅台'] },
      { symbol: 'US:NVDA', names: ['英伟达'] },
      { symbol: 'OTC 123', names: ['某公司'] },
    ];
    const before = overviewCalls();
    const named = await withServiceNames(client, companies, { lang: 'en', call: {}, log });
    expect(overviewCalls() - before).toBe(1);
    expect(named.map((c) => c.names[0])).toEqual(['NVIDIA', 'Kweichow Moutai', 'NVIDIA', '某公司']);
    expect(named[1]?.names).toEqual(['Kweichow Moutai', '贵州茅台', '贵州茅台']);

    await withServiceNames(client, companies.slice(0, 2), { lang: 'en', call: {}, log });
    expect(overviewCalls() - before).toBe(1);
  });

  it('keeps the names it was given, and warns, when the service fails', async () => {
    emu.setFaults({ rateLimitEvery: 1, retryAfterSeconds: 60 });
    try {
      const given = [{ symbol: 'SZ:300750', names: ['宁德时代'] }];
      expect(await withServiceNames(newClient(), given, { lang: 'en', call: {}, log })).toEqual(given);
      expect(log.lines.some((l) => l.includes('company names lookup failed') && l.includes('SZ:300750'))).toBe(true);
    } finally {
      emu.setFaults({});
    }
  });
});
