/**
 * The service emulator's naming variants (legacy, schema, latest) seen through the commands:
 * v1 paging names, document detail dates, tags and metadata shapes must all end up on the cards.
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

describe.each(['legacy', 'schema', 'latest'] as const)('the %s naming variant', (variant) => {
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
    expect(allText(await command(h, '/financials hk:700'))).toContain('HK:00700 · Snapshot');
  });
});
