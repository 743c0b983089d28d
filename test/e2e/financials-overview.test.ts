/**
 * `/financials <SYMBOL> overview` end to end, the app between both emulators: a US and an A-share
 * company's profile, listing and top shareholders as the service gives them; its CSV export, its
 * ownership chart, Share in channel; and the same card from a service speaking the 2025-12 names
 * (`symbol` where 2026-04 takes `symbols`).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '../../src/emulators/slack/index.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { startHarness, type Harness } from './harness.js';
import {
  allText,
  button,
  clickMessage,
  command,
  nextChannelMessage,
  nextThreadReply,
  rejectedResponses,
  rejectedSlackCalls,
  send,
} from './command-helpers.js';

type Cell = { text: string };
const tableRows = (m: { blocks?: unknown[] }): string[][] =>
  ((m.blocks as Array<{ type: string; rows?: Cell[][] }> | undefined)?.find((b) => b.type === 'table')?.rows ?? []).map((r) =>
    r.map((c) => c.text),
  );

/** What the emulator answers for a company, read as raw JSON. */
async function serviceAnswer(h: Harness, route: string, body: Record<string, unknown>) {
  const res = await fetch(`${h.service.url}${route}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${h.service.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { data: unknown }).data;
}

describe('/financials <SYMBOL> overview', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http' });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
    await h?.close();
  });

  const stockCalls = (from: number): string[] =>
    h.service.requestLog
      .slice(from)
      .filter((r) => r.path.startsWith('/v1/stock/'))
      .map((r) => `${r.status} ${r.path}`);

  it('shows a US company’s profile, listing and top shareholders, from the two overview routes', async () => {
    const from = h.service.requestLog.length;
    const card = await command(h, '/financials NVDA overview');
    const text = allText(card);
    expect(text).toContain('NVIDIA (US:NVDA) · Overview');
    expect(text).toContain('NASDAQ since 1999-01-22');
    expect(text).toContain('Jensen Huang');
    const rows = tableRows(card);
    expect(rows[0]).toEqual(['Holder', '% of shares', 'Shares', 'Change']);
    expect(rows.slice(1, 4).map((r) => r[0])).toEqual(['The Vanguard Group', 'BlackRock', 'Jensen Huang']);
    expect(rows).toHaveLength(11);
    expect(stockCalls(from).sort()).toEqual(['200 /v1/stock/company-overview', '200 /v1/stock/company-shareholders']);
    // Chart, both downloads and Share, as on every card that has them.
    expect(
      [ACTION_IDS.cardChart, ACTION_IDS.cardCsv, ACTION_IDS.cardXlsx, ACTION_IDS.cardShare].map((id) => button(card, id).text),
    ).toEqual(['Chart', 'Download CSV', 'Download XLSX', 'Share in channel']);
  });

  it('shows an A-share company by its English name as every card does, its Chinese one beside it, holders as the service ranks them', async () => {
    const card = await command(h, '/financials SH:600519 overview');
    const text = allText(card);
    expect(text).toContain('Kweichow Moutai (SH:600519) · Overview');
    expect(text).toContain('贵州茅台 · 白酒 · reports in CNY');
    expect(text).toContain('Shanghai Stock Exchange since 2001-08-27');
    const holders = (await serviceAnswer(h, '/v1/stock/company-shareholders', { symbol: 'SH:600519' })) as Array<{
      holder_name: string;
      hold_ratio: number;
      end_date: string;
    }>;
    const rows = tableRows(card);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual(holders.map((h) => [h.holder_name, `${h.hold_ratio.toFixed(2)}%`]));
    expect(text).toContain(`As of ${holders[0]?.end_date}`);
  });

  it('Download CSV is one long table of every field and holder, at the service’s precision, Chinese intact', async () => {
    const card = await nextChannelMessage(h, () => send(h, '/financials 600519 overview --public'));
    const before = new Set(h.slack.files.keys());
    await clickMessage(h, card, button(card, ACTION_IDS.cardCsv));
    const file: StoredFile = await h.slack.waitFor(() => [...h.slack.files.values()].find((f) => !before.has(f.id) && f.shared), 8_000);
    expect(file.thread_ts).toBe(card.ts);
    expect(file.filename).toMatch(/^600519-overview-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(Buffer.from(file.contentBase64 ?? '', 'base64'), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(new Set(rows.map((r) => r.Company))).toEqual(new Set(['Kweichow Moutai (SH:600519)']));
    const field = (name: string) => rows.find((r) => r.Section === 'profile' && r.Field === name)?.Value;
    const [overview] = (await serviceAnswer(h, '/v1/stock/company-overview', { symbols: 'SH:600519' })) as Array<Record<string, unknown>>;
    expect(field('total_shares')).toBe(String(overview?.total_shares));
    expect(field('listing_date')).toBe(overview?.listing_date);
    expect(field('description')).toBe(overview?.description);
    const holders = (await serviceAnswer(h, '/v1/stock/company-shareholders', { symbol: 'SH:600519' })) as Array<
      Record<string, number | string>
    >;
    for (const holder of holders) {
      const of = (f: string) => rows.find((r) => r.Section === 'shareholders' && r.Item === holder.holder_name && r.Field === f)?.Value;
      expect([of('shares'), of('percent_of_shares')]).toEqual([String(holder.hold_num), String(holder.hold_ratio)]);
    }
  });

  it('Chart draws what the top holders own as a native pie in the card’s thread', async () => {
    const card = await nextChannelMessage(h, () => send(h, '/financials US:NVDA overview --public'));
    const reply = await nextThreadReply(h, card.ts, () => clickMessage(h, card, button(card, ACTION_IDS.cardChart)));
    const chart = (reply.blocks as Array<{ type: string; chart?: { type: string; segments?: Array<{ label: string }> } }>).find(
      (b) => b.type === 'data_visualization',
    );
    expect(chart?.chart?.type).toBe('pie');
    expect(JSON.stringify(chart?.chart?.segments)).toContain('All other holders');
  });

  it('says plainly when the service has no overview of a symbol, and what an index has instead', async () => {
    expect(allText(await command(h, '/financials US:ZZZZ overview'))).toContain('`US:ZZZZ` is not a symbol the research service knows');
    expect(allText(await command(h, '/financials SPX overview'))).toContain('is an index');
    expect(allText(await command(h, '/financials help'))).toContain('/financials US:NVDA overview');
  });
});

describe('/financials overview against a service that speaks the 2025-12 names', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http', variant: 'legacy' });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    await h?.close();
  });

  it('reads the one company the 2025-12 route answers, from the same request', async () => {
    const from = h.service.requestLog.length;
    const card = await command(h, '/financials hk:700 overview');
    expect(allText(card)).toContain('Tencent (HK:00700) · Overview');
    expect(allText(card)).toContain('Hong Kong Stock Exchange since 2004-06-16');
    expect(tableRows(card)[1]?.[0]).toBe('Prosus N.V.');
    const calls = h.service.requestLog.slice(from).filter((r) => r.path.startsWith('/v1/stock/'));
    expect(calls.map((r) => r.status)).toEqual([200, 200]);
  });
});
