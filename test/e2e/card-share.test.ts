/**
 * "Share in channel" on /financials (typed or from the modal), /concepts and /research passages cards, end to end over HTTP: the click runs the
 * card's command again and posts it for everyone with who shared it (by name, pinging nobody),
 * the private copy goes away; a channel the app is not in still gets it (through the
 * response_url); a channel where Slack refuses posts gets a clear reason instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_IDS, FINANCIALS_MODAL } from '../../src/slack/blocks/action-ids.js';
import { startHarness, type Harness } from './harness.js';
import {
  allText,
  button,
  buttonsOf,
  clickEphemeral,
  command,
  nextChannelMessage,
  nextEphemeral,
  rejectedResponses,
  rejectedSlackCalls,
  send,
} from './command-helpers.js';

const modalValues = (symbol: string, statement: string, period?: string) => ({
  [FINANCIALS_MODAL.blocks.symbol]: { [FINANCIALS_MODAL.actions.symbol]: symbol },
  [FINANCIALS_MODAL.blocks.statement]: { [FINANCIALS_MODAL.actions.statement]: statement },
  ...(period ? { [FINANCIALS_MODAL.blocks.period]: { [FINANCIALS_MODAL.actions.period]: period } } : {}),
});

describe('Share in channel on data cards', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http' });
  });
  afterAll(async () => {
    // The refused calls are the ones the tests ask for: a channel the app is not in, an archived one.
    expect(rejectedSlackCalls(h, ['not_in_channel', 'is_archived'])).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
    await h?.close();
  });

  const ephemeralGone = (ts: string, channel = h.slack.defaultChannelId) =>
    h.slack.waitFor(() => !h.slack.ephemeralFor(h.slack.defaultUserId, channel).some((e) => e.ts === ts));

  it('shares a /financials card in the channel with who shared it, then removes the private copy', async () => {
    const card = await command(h, '/financials US:NVDA balance');
    expect(button(card, ACTION_IDS.cardShare).text).toBe('Share in channel');
    const shared = await nextChannelMessage(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.cardShare)));
    const text = allText(shared);
    expect(text).toContain('NVIDIA (US:NVDA) · Balance sheet');
    // Named as plain text: no user mention, no broadcast.
    expect(text).toContain('Shared by dana');
    expect(text).not.toMatch(/<@U|<!(channel|here|everyone)>/);
    // A public card offers no Share of its own.
    expect(buttonsOf(shared).some((b) => b.action_id === ACTION_IDS.cardShare)).toBe(false);
    await ephemeralGone(card.ts);
  });

  it('shares the /concepts list', async () => {
    const card = await command(h, '/concepts top:3');
    const shared = await nextChannelMessage(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.cardShare)));
    expect(allText(shared)).toContain('Shared by dana');
    await ephemeralGone(card.ts);
  });

  it('shares /research passages', async () => {
    const card = await command(h, '/research passages gross margin');
    const shared = await nextChannelMessage(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.cardShare)));
    expect(allText(shared)).toContain('Passages for “gross margin”');
    expect(allText(shared)).toContain('Shared by dana');
    await ephemeralGone(card.ts);
  });

  it('offers no Share on a --public card', async () => {
    const card = await nextChannelMessage(h, () => h.slack.sendCommand({ command: '/financials', text: 'US:NVDA income --public' }));
    expect(buttonsOf(card).some((b) => b.action_id === ACTION_IDS.cardShare)).toBe(false);
  });

  it('posts through the response_url in a channel the app is not in', async () => {
    const outside = h.slack.addChannel({ name: 'trading-floor', bot_is_member: false });
    const card = await command(h, '/financials SH:600519 revenue', outside.id);
    const shared = await nextChannelMessage(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.cardShare)), outside.id);
    expect(allText(shared)).toContain('Revenue breakdown');
    expect(allText(shared)).toContain('Shared by dana');
  });

  it('says why when Slack will not let it post in the channel', async () => {
    // Archived while the card was open: the click still arrives, a post does not go through.
    const old = h.slack.addChannel({ name: 'old-desk', is_archived: true });
    const card = await command(h, '/financials US:NVDA cashflow', old.id);
    const notice = await nextEphemeral(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.cardShare)), { channel: old.id });
    expect(allText(notice)).toContain('can’t post in this channel');
    expect(allText(notice)).toContain('is_archived');
    expect(h.slack.channelMessages(old.id)).toEqual([]);
  });

  it('shares the /financials modal’s card: its buttons carry the same request as /financials text', async () => {
    await send(h, '/financials');
    const modal = await h.slack.waitFor(() => h.slack.openModals().find((v) => v.view.callback_id === FINANCIALS_MODAL.callbackId));
    const card = await nextEphemeral(h, () =>
      h.slack.submitView({ view_id: modal.id, values: modalValues('600519.SH', 'income', 'quarterly') }),
    );
    expect(allText(card)).toContain('· Income statement');
    expect(buttonsOf(card).map((b) => b.text)).toEqual(['Chart', 'Download CSV', 'Download XLSX', 'Save as canvas', 'Share in channel']);
    expect(JSON.parse(button(card, ACTION_IDS.cardShare).value ?? '')).toEqual({ cmd: '/financials', text: 'SH:600519 income quarterly' });
    const shared = await nextChannelMessage(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.cardShare)));
    expect(allText(shared)).toContain('· Income statement');
    expect(allText(shared)).toContain('Quarterly');
    expect(allText(shared)).toContain('Shared by dana');
    await ephemeralGone(card.ts);
  });

  it('offers Download, not Share, on the modal’s card sent by DM (from App Home)', async () => {
    await h.slack.openHome();
    const home = await h.slack.waitFor(() => h.slack.homeViews.get(h.slack.defaultUserId));
    const opened = h.slack.openModals().length;
    await h.slack.clickViewAction({ view_id: home.id, action_id: ACTION_IDS.homeOpenFinancials });
    const modal = await h.slack.waitFor(() => (h.slack.openModals().length > opened ? h.slack.openModals().at(-1) : undefined));
    const card = await nextChannelMessage(
      h,
      () => h.slack.submitView({ view_id: modal.id, values: modalValues('US:NVDA', 'snapshot') }),
      h.slack.defaultDmId,
    );
    expect(buttonsOf(card).map((b) => b.text)).toEqual(['Download CSV', 'Download XLSX']);
    expect(JSON.parse(button(card, ACTION_IDS.cardCsv).value ?? '')).toEqual({ cmd: '/financials', text: 'US:NVDA' });
  });

  it('mentions --public in the help of /financials and /concepts', async () => {
    expect(allText(await command(h, '/financials help'))).toContain('--public');
    expect(allText(await command(h, '/concepts help'))).toContain('--public');
  });
});
