/**
 * /research end to end over HTTP: help and usage, every filter family, news and passages, and
 * every button of the results card (Summary, Key passages, Prev/Next, Share, Open), for an
 * ephemeral card and a `--public` one — the real app between the two emulators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { decodeSearchState, type SearchState } from '../../src/slack/kit/button-values.js';
import { startHarness, type Harness } from './harness.js';
import {
  allText,
  button,
  buttonsOf,
  clickEphemeral,
  clickMessage,
  command,
  nextChannelMessage,
  nextEphemeral,
  nextThreadReply,
  rejectedResponses,
  rejectedSlackCalls,
  send,
  waitForEphemeral,
} from './command-helpers.js';

describe('/research', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http', variant: 'latest' });
  });
  afterAll(async () => {
    // No payload of this suite may have been refused by Slack.
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
    await h?.close();
  });

  /** The search the card would page or share: what the app asked the service for. */
  const stateOf = (m: { blocks?: unknown[] }): SearchState => {
    const state = decodeSearchState(button(m, ACTION_IDS.searchShare).value);
    if (!state) throw new Error('no search state on the card');
    return state;
  };
  const servicePaths = (): string[] => h.service.requestLog.map((r) => r.path);

  it('shows usage with examples for help and for an empty command', async () => {
    const help = await command(h, '/research help');
    expect(allText(help)).toContain('/research — search research documents');
    expect(allText(help)).toContain('since:2024-01-01');
    const empty = await command(h, '/research    ');
    expect(allText(empty)).toContain('/research — search research documents');
  });

  it('names an unknown filter, a bad date and an ambiguous symbol, with the right form', async () => {
    const unknown = await command(h, '/research battery typ:reports');
    expect(allText(unknown)).toContain('Unknown filter');
    expect(allText(unknown)).toContain('type:');
    const badDate = await command(h, '/research battery since:2024-13-45');
    expect(allText(badDate)).toContain('since:2024-13-45');
    expect(allText(badDate)).toMatch(/since:2024-01-01/);
    const ambiguous = await command(h, '/research liquor 000001');
    expect(allText(ambiguous)).toContain('ambiguous');
    expect(allText(ambiguous)).toMatch(/SZ:000001/);
    // None of them reached the service.
    expect(servicePaths().filter((p) => p.includes('search'))).toEqual([]);
  });

  it('searches by relevance (v2) and shows an ephemeral card with Share and per-document buttons', async () => {
    const card = await command(h, '/research NVIDIA data center');
    expect(allText(card)).toContain('Research for “NVIDIA data center”');
    expect(allText(card)).toContain('ranked by relevance');
    const ids = buttonsOf(card).map((b) => b.action_id);
    expect(ids).toEqual(
      expect.arrayContaining([
        `${ACTION_IDS.searchSummary}:0`,
        `${ACTION_IDS.searchPassages}:0`,
        ACTION_IDS.searchNext,
        ACTION_IDS.searchShare,
      ]),
    );
    expect(stateOf(card)).toMatchObject({ k: 'v2', p: 1, r: { query: 'NVIDIA data center' } });
    expect(servicePaths()).toContain('/v2/search');
  });

  it('passes symbol filters in every spelling', async () => {
    const card = await command(h, '/research guidance $NVDA hk:700 600519 symbol:AAPL');
    expect(stateOf(card).r).toMatchObject({ symbols: ['US:NVDA', 'HK:00700', 'SH:600519', 'US:AAPL'] });
    expect(allText(card)).toContain('US:NVDA, HK:00700, SH:600519, US:AAPL');
  });

  it('routes type, market, mode, sort and folder filters to v1 search', async () => {
    // `in:` searches only folders the searcher created from Slack here (or any, for an admin).
    const folder = { teamId: h.slack.teamId, folderId: 'fld_demo', name: 'Demo', createdBy: h.slack.defaultUserId, createdAtMs: 0 };
    await h.desk.stores.folders.save(folder);
    const card = await command(h, '/research NVIDIA type:reports,news market:us mode:semantic sort:latest in:fld_demo');
    const state = stateOf(card);
    expect(state.k).toBe('v1');
    expect(state.r).toMatchObject({
      categories: ['reports', 'news'],
      markets: ['us'],
      mode: 'semantic',
      sort: 'latest',
      folderIds: ['fld_demo'],
    });
    const context = allText(card);
    for (const shown of ['type: reports, news', 'market: us', 'mode: semantic', 'sort: latest', 'folder: fld_demo'])
      expect(context).toContain(shown);
    expect(servicePaths()).toContain('/v1/search');
  });

  it('passes date filters (since/until, and last: relative to now)', async () => {
    const fixed = await command(h, '/research NVIDIA since:2024-01-01 until:2024-06-30');
    expect(stateOf(fixed).r).toMatchObject({ startDatetime: '2024-01-01', endDatetime: '2024-06-30' });
    const relative = await command(h, '/research NVIDIA last:30d');
    const start = (stateOf(relative).r as { startDatetime?: string }).startDatetime ?? '';
    const expected = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    expect(Math.abs(Date.parse(start) - Date.parse(expected))).toBeLessThanOrEqual(86_400_000);
  });

  it('searches the news and finds passages', async () => {
    const news = await command(h, '/research news Tencent');
    expect(allText(news)).toContain('News for “Tencent”');
    expect(servicePaths()).toContain('/v2/search/news');
    const passages = await command(h, '/research passages gross margin');
    expect(allText(passages)).toContain('Passages for “gross margin”');
    expect(buttonsOf(passages).some((b) => b.action_id.startsWith(ACTION_IDS.searchSummary))).toBe(true);
  });

  it('pages in place with Next and Prev', async () => {
    const card = await command(h, '/research NVIDIA');
    expect(allText(card)).toContain('1–5 of');
    await clickEphemeral(h, card, button(card, ACTION_IDS.searchNext));
    const page2 = await waitForEphemeral(h, card.ts, (e) => e.edits === 1);
    expect(allText(page2)).toContain('6–10 of');
    await clickEphemeral(h, page2, button(page2, ACTION_IDS.searchPrev));
    const page1 = await waitForEphemeral(h, card.ts, (e) => e.edits === 2);
    expect(allText(page1)).toContain('1–5 of');
  });

  it('pages a v1 card through the service’s own pages', async () => {
    const card = await command(h, '/research NVIDIA type:reports,news,filings,transcripts');
    await clickEphemeral(h, card, button(card, ACTION_IDS.searchNext));
    const page2 = await waitForEphemeral(h, card.ts, (e) => e.edits === 1);
    expect(stateOf(page2)).toMatchObject({ k: 'v1', p: 2 });
    expect(allText(page2)).toContain('6–');
  });

  it('answers Summary and Key passages on an ephemeral card ephemerally', async () => {
    const card = await command(h, '/research NVIDIA data center');
    const summary = await nextEphemeral(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.searchSummary)));
    expect(allText(summary)).toContain('Summary:');
    expect(allText(summary)).toContain('Key points');
    const passages = await nextEphemeral(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.searchPassages)));
    expect(allText(passages)).toContain('Key passages:');
    // The document's formula and table chunks read as Unicode and aligned columns, not LaTeX and pipes.
    expect(allText(passages)).toContain(':abacus: Formula');
    expect(allText(passages)).not.toMatch(/\$\$|\\frac|\\text\{|\| --- \|/);
    // The results card stays as it was.
    expect(h.slack.ephemeralFor(h.slack.defaultUserId, h.slack.defaultChannelId).find((e) => e.ts === card.ts)?.edits).toBe(0);
  });

  it('shares an ephemeral card in the channel and removes the private copy', async () => {
    const card = await command(h, '/research Tencent');
    const shared = await nextChannelMessage(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.searchShare)));
    expect(allText(shared)).toContain('Research for “Tencent”');
    expect(buttonsOf(shared).some((b) => b.action_id === ACTION_IDS.searchShare)).toBe(false);
    await h.slack.waitFor(() => !h.slack.ephemeralFor(h.slack.defaultUserId, h.slack.defaultChannelId).some((e) => e.ts === card.ts));
  });

  it('posts with --public, answers Summary and Key passages in the thread, and pages the message in place', async () => {
    const card = await nextChannelMessage(h, () => send(h, '/research NVIDIA data center --public'));
    expect(allText(card)).toContain('Research for “NVIDIA data center”');
    const summary = await nextThreadReply(h, card.ts, () => clickMessage(h, card, button(card, ACTION_IDS.searchSummary)));
    expect(allText(summary)).toContain('Summary:');
    const passages = await nextThreadReply(h, card.ts, () => clickMessage(h, card, button(card, ACTION_IDS.searchPassages)));
    expect(allText(passages)).toContain('Key passages:');
    await clickMessage(h, card, button(card, ACTION_IDS.searchNext));
    const paged = await h.slack.waitFor(() =>
      h.slack.channelMessages(h.slack.defaultChannelId).find((m) => m.ts === card.ts && m.edits === 1),
    );
    expect(allText(paged)).toContain('6–10 of');
  });

  it('acks the Open link button and does nothing else', async () => {
    const card = await command(h, '/research NVIDIA data center');
    const open = button(card, ACTION_IDS.searchOpen);
    expect(open.url).toMatch(/^https:\/\/research\.example\.com\//);
    const before = h.slack.calls.length;
    // The app acked the click (clickEphemeral checks it); acking is all its listener does.
    await clickEphemeral(h, card, open);
    expect(h.slack.calls.length).toBe(before);
  });

  it('answers from a DM too', async () => {
    const card = await command(h, '/research Tencent', h.slack.defaultDmId);
    expect(allText(card)).toContain('Research for “Tencent”');
  });
});
