/**
 * The service emulator's naming variants (legacy, schema, latest, published) seen through the
 * commands: v1 paging names, document detail dates, tags and metadata shapes, and the published
 * schema's forms (doc_id lists, plain 422s, the real samples' units and labels) must all end up on
 * the cards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { startHarness, type Harness } from './harness.js';
import {
  allText,
  button,
  clickEphemeral,
  command,
  nextEphemeral,
  rejectedResponses,
  rejectedSlackCalls,
  waitForEphemeral,
} from './command-helpers.js';

describe.each(['legacy', 'schema', 'latest', 'published'] as const)('the %s naming variant', (variant) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http', variant });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
    await h?.close();
  });

  it('pages a v1 search and summarises a document', async () => {
    const card = await command(h, '/research NVIDIA type:reports,news,filings,transcripts sort:latest');
    expect(allText(card)).toMatch(/1–5 of \d+/);
    await clickEphemeral(h, card, button(card, ACTION_IDS.searchNext));
    const page2 = await waitForEphemeral(h, card.ts, (e) => e.edits === 1);
    expect(allText(page2)).toMatch(/6–\d+ of \d+/);
    const summary = await nextEphemeral(h, () => clickEphemeral(h, page2, button(page2, ACTION_IDS.searchSummary)));
    expect(allText(summary)).toContain('Summary:');
    // The detail's date (published_date in legacy, published_at elsewhere) reaches the card.
    expect(allText(summary)).toMatch(/20\d\d-\d\d-\d\d/);
  });

  it('finds passages and a company snapshot', async () => {
    expect(allText(await command(h, '/research passages data center'))).toContain('Passages for “data center”');
    expect(allText(await command(h, '/financials hk:700'))).toContain('Tencent (HK:00700) · Snapshot');
  });

  it('looks documents up by tag', async () => {
    const card = await command(h, '/research tag 半导体');
    expect(allText(card)).toMatch(/1–\d+ of \d+/);
  });

  it('shows index valuation in the service’s units: the yield a percentage, a mainland index’s A-share cap', async () => {
    const text = allText(await command(h, '/financials 000300'));
    expect(text).toMatch(/\*Dividend yield\*\\n[1-9]\.\d\d%/);
    expect(text).toMatch(/\*A-share market cap\*\\n\d+\.\d\dT/);
    expect(allText(await command(h, '/financials DJI'))).toContain('Dow Jones Industrial Average (DJI)');
  });

  it('shows the nine-month revenue report a q:Q3 or 三季报 asks for', async () => {
    const text = allText(await command(h, '/financials 600519 revenue 三季报'));
    expect(text).toContain('Revenue breakdown');
    // One period scheme whatever the variant calls it (三季报 or "Q3 FY2024"), the year written once.
    expect(text).toMatch(/Q3 FY20\d\d \(to 20\d\d-09-30\)/);
    expect(text).not.toMatch(/FY(20\d\d) \1/);
  });

  it('tells an unknown company apart from a failure', async () => {
    const text = allText(await command(h, '/financials US:ZZZZ balance'));
    // The interface variants answer 404 in the stock wrapper, the published schema (which knows no
    // such status for stock routes) empty lists: either way the app confirms with the service that
    // the symbol is unknown and says so, as the user's mistake.
    expect(text).toContain('`US:ZZZZ` is not a symbol the research service knows');
    expect(text).not.toContain('unavailable');
  });

  it('lists concept stocks as symbols /financials then accepts', async () => {
    const card = await command(h, '/concepts');
    const symbols = [...new Set(allText(card).match(/\b(?:SH|SZ|HK|US):[0-9A-Z.]+/g) ?? [])];
    expect(symbols).toContain('SZ:300750');
    expect(allText(card)).not.toMatch(/\b(?:CN|cn):\d/);
    expect(allText(await command(h, '/financials SZ:300750'))).toContain('CATL (SZ:300750) · Snapshot');
  });
});
