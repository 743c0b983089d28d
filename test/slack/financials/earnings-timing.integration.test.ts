/**
 * Issue 29, defect 5: the earnings calendar had no before/after-market column. Read from the
 * emulator over HTTP through the app's client, the card and its export carry the timing the
 * service gives (the emulator's `report_time`), and say "Not given" / leave it empty where the
 * service gives none (the published variant, as the published schema names no such field).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { createResearchClient, type ResearchClient } from '../../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../../src/service/retry-policy.js';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { earningsCalendarSchema } from '../../../src/service/schemas/earnings-calendar-schema.js';
import { renderEarningsCalendar } from '../../../src/slack/financials/cards/earnings-calendar-card.js';
import { earningsTable } from '../../../src/slack/financials/export/earnings-export.js';

const WEEK = { startDate: '2026-11-23', endDate: '2026-11-29' };
let emu: ServiceEmulator;
let client: ResearchClient;

beforeAll(async () => {
  emu = await startServiceEmulator({
    port: 0,
    datasetAnchorMs: Date.parse('2026-11-27T00:00:00Z'),
    clock: () => Date.parse('2026-11-27T12:00:00Z'),
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

type Rows = Array<Array<{ text?: string }>>;
const tableOf = (blocks: unknown[]): string[][] =>
  ((blocks.find((b) => (b as { type: string }).type === 'table') as { rows: Rows }).rows ?? []).map((r) => r.map((c) => c.text ?? ''));

describe('the earnings calendar’s timing, end to end', () => {
  it('shows before open / after close from the service in the card and the export', async () => {
    emu.setVariant('latest');
    const entries = await client.earningsCalendar({ market: 'us', ...WEEK });
    expect(entries.length).toBeGreaterThan(0);
    const card = renderEarningsCalendar({ ...WEEK, markets: [{ market: 'us', entries }] });
    const rows = tableOf(card.blocks);
    expect(rows[0]?.slice(0, 2)).toEqual(['Date', 'Time']);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(['Before open', 'After close']).toContain(row[1]);
    const table = earningsTable({ kind: 'earnings', ...WEEK, markets: [{ market: 'us', entries }], missing: [] });
    expect(table.header[1]).toBe('Timing');
    expect(table.rows.length).toBeGreaterThan(0);
    for (const row of table.rows) expect(['before_open', 'after_close']).toContain(row[1]);
  });

  it('says "Not given" when the service names no timing (the published variant)', async () => {
    emu.setVariant('published');
    try {
      const entries = await client.earningsCalendar({ market: 'us', ...WEEK });
      expect(entries.length).toBeGreaterThan(0);
      const card = renderEarningsCalendar({ ...WEEK, markets: [{ market: 'us', entries }] });
      for (const row of tableOf(card.blocks).slice(1)) expect(row[1]).toBe('Not given');
      expect(JSON.stringify(card.blocks)).toContain('the service gave no time of day');
      const table = earningsTable({ kind: 'earnings', ...WEEK, markets: [{ market: 'us', entries }], missing: [] });
      for (const row of table.rows) expect(row[1]).toBeNull();
    } finally {
      emu.setVariant('latest');
    }
  });

  it('reads the timing words calendars use, and nothing else', () => {
    const parse = (extra: Record<string, string>) =>
      earningsCalendarSchema.parse([{ symbol: 'NVDA', market: 'us', filling_date: '2026-11-25', ...extra }])[0]?.timing;
    expect(parse({ report_time: 'after_close' })).toBe('after-close');
    expect(parse({ hour: 'bmo' })).toBe('before-open');
    expect(parse({ time: 'AMC' })).toBe('after-close');
    expect(parse({ timing: '盘前' })).toBe('before-open');
    expect(parse({ timing: 'during market hours' })).toBe('during-hours');
    expect(parse({ time: '16:05' })).toBeUndefined();
    expect(parse({})).toBeUndefined();
  });
});
