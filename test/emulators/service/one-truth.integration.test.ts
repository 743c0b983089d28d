/**
 * Issue 29, defect 5: one truth across the emulator's endpoints, read through the app's client
 * over HTTP. With the data ending on 2026-11-27 (the day the issue was found), the earnings
 * calendar said NVIDIA reported Q3 FY2027 on 25 November while its statements, and so its
 * snapshot card, still ended at Q2 FY2027. For every company, the newest report the calendar dates
 * before the data's end is the newest period of its statements and what the snapshot calls latest,
 * and no report the calendar dates later has statements yet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { DEMO_COMPANIES } from '../../../src/emulators/service/data/companies.js';
import { addDays } from '../../../src/emulators/service/data/add-days.js';
import { createResearchClient, type ResearchClient } from '../../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../../src/service/retry-policy.js';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { renderCompanySnapshot } from '../../../src/slack/financials/cards/company-snapshot-card.js';
import { periodLabel } from '../../../src/periods/period-label.js';
import type { Market } from '../../../src/service/types.js';

const END_DAY = '2026-11-27';
let emu: ServiceEmulator;
let client: ResearchClient;

beforeAll(async () => {
  emu = await startServiceEmulator({
    port: 0,
    datasetAnchorMs: Date.parse(`${END_DAY}T00:00:00Z`),
    clock: () => Date.parse(`${END_DAY}T12:00:00Z`),
  });
  client = createResearchClient({
    baseUrl: emu.url,
    apiKey: emu.apiKey,
    timeoutMs: 10_000,
    retry: fastTestRetryPolicy,
    logger: createMemoryLogger(createRedactor([])),
  });
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

describe(`the demo data ending on ${END_DAY}`, () => {
  it.each(DEMO_COMPANIES.map((c) => c.symbol))(
    '%s: the calendar’s latest report is the statements’ and the snapshot’s latest period',
    async (symbol) => {
      const market = DEMO_COMPANIES.find((c) => c.symbol === symbol)!.market as Market;
      const reports = await client.earningsCalendar({ market, startDate: addDays(END_DAY, -200), endDate: addDays(END_DAY, 200), symbol });
      const past = reports.filter((r) => r.date < END_DAY);
      const future = reports.filter((r) => r.date >= END_DAY);
      const latest = past.at(-1);
      expect(latest, `${symbol} reported in the last 200 days`).toBeDefined();

      const income = await client.incomeStatement({ symbol, period: 'quarterly', limit: 8 });
      const newest = income[0]!;
      expect({ fy: newest.fiscalYear, q: newest.fiscalQuarter, end: newest.endDate, filed: newest.filingDate }).toEqual({
        fy: latest!.fiscalYear,
        q: latest!.fiscalQuarter,
        end: latest!.periodEnd,
        filed: latest!.date,
      });
      for (const r of future)
        expect(
          income.some((s) => s.endDate === r.periodEnd),
          `${symbol} ${r.fiscalQuarter} FY${r.fiscalYear} not out yet`,
        ).toBe(false);

      const balance = await client.balanceSheet({ symbol, period: 'quarterly', limit: 2 });
      const cashFlow = await client.cashFlow({ symbol, period: 'quarterly', limit: 2 });
      const card = renderCompanySnapshot({ symbol, income: income.slice(0, 2), balance, cashFlow, revenue: null });
      const shown = JSON.stringify(card.blocks);
      const label = periodLabel({ fiscalYear: latest!.fiscalYear, fiscalQuarter: latest!.fiscalQuarter, endDate: latest!.periodEnd });
      expect(shown).toContain(`Income: ${label}`);
      expect(shown).toContain(`Balance sheet: ${label}`);
    },
  );
});
