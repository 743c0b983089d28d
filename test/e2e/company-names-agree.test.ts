/**
 * One name per company on every card (issue 29 §3): /concepts gets Chinese names from the concept
 * routes (英伟达 even for US:NVDA), /financials the local name from the daily quote (贵州茅台 for
 * SH:600519); both now add the company overview's names, one call per card, and the glossary picks
 * the English one. Against the 2025-12 (legacy) variant, whose overview takes one symbol only, the
 * cards still come and name their companies, with what they had when the call is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import type { ServiceVariant } from '../../src/emulators/service/index.js';
import { createSlackDigestPoster } from '../../src/slack/concepts/digest/post-digest-to-slack.js';
import { createWebClient } from '../../src/slack-api/create-web-client.js';
import { createSingleWorkspace } from '../../src/workspaces/single-workspace.js';
import { digestsIn } from './features-helpers.js';
import { E2E_SECRETS, startHarness, type Harness } from './harness.js';
import { allText, button, clickEphemeral, command, nextEphemeral, rejectedResponses, rejectedSlackCalls } from './command-helpers.js';

interface TableLike {
  type: string;
  rows?: Array<Array<{ text: string }>>;
}
const stockRows = (m: { blocks?: unknown[] }): string[][] =>
  ((m.blocks as TableLike[] | undefined)?.find((b) => b.type === 'table')?.rows ?? []).map((r) => r.map((c) => c.text));

/** The list card's stock lines (":chart_with_upwards_trend: NVIDIA (US:NVDA), …"), one string. */
const stockLines = (m: { text?: string; blocks?: unknown[] }): string =>
  (allText(m).match(/:chart_with_upwards_trend: [^\n"\\]*/g) ?? []).join('\n');

for (const variant of ['latest', 'published'] as const satisfies readonly ServiceVariant[]) {
  describe(`company names agree between /concepts and /financials (${variant})`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ deliveryMode: 'http', variant });
    });
    afterAll(async () => {
      expect(rejectedSlackCalls(h)).toEqual([]);
      expect(rejectedResponses(h)).toEqual([]);
      await h?.close();
    });

    const overviewCalls = (): number => h.service.requestLog.filter((r) => r.path === '/v1/stock/company-overview').length;

    it('names NVIDIA (US:NVDA) and Kweichow Moutai (SH:600519) the same on both cards, with one names call per card', async () => {
      const before = overviewCalls();
      const list = await command(h, '/concepts top:20');
      expect(overviewCalls() - before).toBe(1);
      // Documents' titles are the service's own words (英伟达 may be in them): the stock lines are ours.
      const stocks = stockLines(list);
      expect(stocks).toContain('NVIDIA (US:NVDA)');
      expect(stocks).toContain('Kweichow Moutai (SH:600519)');
      expect(stocks).not.toContain('英伟达');
      expect(stocks).not.toContain('贵州茅台');

      // The detail of the top concept (AI算力): the stock table and the message's text.
      const afterList = overviewCalls();
      const detail = await nextEphemeral(h, () => clickEphemeral(h, list, button(list, ACTION_IDS.conceptExpand)));
      // Its stocks were all on the list card: remembered, so at most one call (none here).
      expect(overviewCalls() - afterList).toBeLessThanOrEqual(1);
      expect(stockRows(detail)).toContainEqual(expect.arrayContaining(['NVIDIA', 'US:NVDA']));
      expect(detail.text).toContain('NVIDIA (US:NVDA)');

      const nvda = await command(h, '/financials US:NVDA');
      expect(allText(nvda)).toContain('NVIDIA (US:NVDA) · Snapshot');
      const moutai = await command(h, '/financials SH:600519');
      expect(allText(moutai)).toContain('Kweichow Moutai (SH:600519) · Snapshot');
      expect(allText(moutai)).not.toContain('贵州茅台');
      expect(allText(await command(h, '/financials SH:600519 overview'))).toContain('Kweichow Moutai (SH:600519) · Overview');
    });

    it('names them so in a concepts digest too', async () => {
      // Posted by the poster itself (no stored subscription: the harness's scheduler has nothing to race it for).
      const slot = '2025-03-03T09:00:00.000Z';
      const sub = {
        teamId: h.slack.teamId,
        channelId: h.slack.secondChannelId,
        cadence: 'daily' as const,
        time: '09:00',
        timeZone: 'UTC',
        top: 20,
        createdBy: h.slack.defaultUserId,
        createdAtMs: Date.parse(slot) - 86_400_000,
        paused: false,
      };
      const webClient = createWebClient({ token: E2E_SECRETS.botToken, apiUrl: h.slack.apiUrl, logger: h.logger });
      const poster = createSlackDigestPoster({
        workspaces: createSingleWorkspace({ service: h.client, client: webClient, baseUrl: 'test', startedAtMs: Date.parse(slot) }),
        deps: { stores: h.desk.stores, logger: h.logger, clock: () => Date.parse(slot) + 10_000 },
      });
      expect(await poster(sub, slot, { attempt: 1, recovered: false })).toBe('posted');
      const digest = digestsIn(h, sub.channelId).find((d) => d.slot === slot)?.message;
      const stocks = stockLines(digest ?? {});
      expect(stocks).toContain('NVIDIA (US:NVDA)');
      expect(stocks).toContain('Kweichow Moutai (SH:600519)');
      expect(stocks).not.toContain('英伟达');
    });

    it('asks nothing more when every name shown is already English, and remembers names it found', async () => {
      const before = overviewCalls();
      // The quote names NVIDIA in English: no names call.
      expect(allText(await command(h, '/financials US:NVDA income'))).toContain('NVIDIA (US:NVDA)');
      // Kweichow Moutai was found above: remembered for this workspace.
      expect(allText(await command(h, '/financials SH:600519 income'))).toContain('Kweichow Moutai (SH:600519)');
      expect(overviewCalls()).toBe(before);
    });
  });
}

describe('company names against the 2025-12 service (legacy): the cards fall back to the names they had', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http', variant: 'legacy' });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
    await h?.close();
  });

  it('shows the concepts with their own names when the overview refuses several symbols, and still names one company', async () => {
    const list = await command(h, '/concepts top:20');
    expect(allText(list)).toContain('Trending concepts');
    // 2025-12 takes one `symbol`: the batched call is refused (logged), the concept's names stay.
    expect(stockLines(list)).toContain('英伟达 (US:NVDA)');
    expect(h.logs.some((l) => l.includes('company names lookup failed'))).toBe(true);

    // One company: 2025-12's `symbol` is enough.
    expect(allText(await command(h, '/financials SH:600519'))).toContain('Kweichow Moutai (SH:600519) · Snapshot');
    expect(allText(await command(h, '/financials US:NVDA'))).toContain('NVIDIA (US:NVDA) · Snapshot');
  });
});
