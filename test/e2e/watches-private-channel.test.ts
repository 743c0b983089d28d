/**
 * Issue 28, defect 8: the watches of a private channel are its members' business. Listing them
 * (`/research watches <#private>`, the card's Refresh) and adding one there need the user to be
 * in that channel — the rule App Home already filters by (users.conversations); a member may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEphemeral } from '../../src/emulators/slack/index.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { allText, button, rejectedSlackCalls } from './command-helpers.js';
import { commandReply } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('watches of a private channel: members only', () => {
  let h: Harness;
  let deals: string;
  let dealsRef: string;
  const dana = () => h.slack.defaultUserId;
  const alex = () => h.slack.adminUserId;

  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http' });
    // Alex (an admin) is in #deals, Dana is not; the bot is, so its alerts can post there.
    deals = h.slack.addChannel({ name: 'deals', is_private: true, members: [h.slack.adminUserId] }).id;
    dealsRef = `<#${deals}|deals>`;
    const added = await commandReply(h, { command: '/research', text: 'watch $NVDA filings', channel: deals, user: alex() });
    expect(allText(added)).toContain('US:NVDA');
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    await h?.close();
  });

  /** Clicks `actionId` on an ephemeral card as `user` with `value`, and returns the answer (a new or edited ephemeral). */
  async function clickAs(user: string, card: StoredEphemeral, actionId: string, value: string): Promise<StoredEphemeral> {
    const before = new Set(h.slack.ephemeralFor(user, card.channel).map((e) => `${e.ts}:${e.edits}`));
    await h.slack.clickAction({
      channel_id: card.channel,
      message_ts: card.ts,
      action_id: actionId,
      value,
      user_id: user,
      ephemeral: true,
    });
    return h.slack.waitFor(() => h.slack.ephemeralFor(user, card.channel).find((e) => !before.has(`${e.ts}:${e.edits}`)), 8_000);
  }

  it('refuses Dana the list of #deals’ watches by command, with why and what to do', async () => {
    const reply = await commandReply(h, { command: '/research', text: `watches ${dealsRef}` });
    const text = allText(reply);
    expect(text).not.toContain('US:NVDA');
    expect(text).toContain('private channel you are not a member of');
  });

  it('refuses Dana a watch added to #deals, and stores none', async () => {
    const reply = await commandReply(h, { command: '/research', text: `watch $AAPL news ${dealsRef}` });
    expect(allText(reply)).toContain('private channel you are not a member of');
    const watches = await h.desk.stores.watches.listForChannel(h.slack.teamId, deals);
    expect(watches.map((w) => w.target)).toEqual([{ kind: 'symbol', symbol: 'US:NVDA' }]);
  });

  it('refuses a Refresh whose value is forged to name #deals', async () => {
    const card = await commandReply(h, { command: '/research', text: 'watches' });
    const refresh = button(card, ACTION_IDS.watchList);
    const before = new Set(h.slack.ephemeralFor(dana(), card.channel).map((e) => `${e.ts}:${e.edits}`));
    await h.slack.clickAction({
      channel_id: card.channel,
      message_ts: card.ts,
      action_id: refresh.action_id,
      value: JSON.stringify({ ch: deals }),
      ephemeral: true,
    });
    const answer = await h.slack.waitFor(
      () => h.slack.ephemeralFor(dana(), card.channel).find((e) => !before.has(`${e.ts}:${e.edits}`)),
      8_000,
    );
    expect(allText(answer)).toContain('private channel you are not a member of');
    expect(allText(answer)).not.toContain('US:NVDA');
  });

  it('lets Alex, a member, list and add watches of #deals from another channel', async () => {
    const list = await commandReply(h, { command: '/research', text: `watches ${dealsRef}`, user: alex() });
    expect(allText(list)).toContain('US:NVDA');
    const added = await commandReply(h, { command: '/research', text: `watch $TSLA news ${dealsRef}`, user: alex() });
    expect(allText(added)).toContain('US:TSLA');
    expect(await h.desk.stores.watches.listForChannel(h.slack.teamId, deals)).toHaveLength(2);
  });

  it('refuses an admin’s Remove, forged to name a watch of a private channel he is not in, and keeps the watch', async () => {
    const danaOnly = h.slack.addChannel({ name: 'dana-notes', is_private: true, members: [dana()] }).id;
    await commandReply(h, { command: '/research', text: 'watch $MSFT news', channel: danaOnly });
    const [watch] = await h.desk.stores.watches.listForChannel(h.slack.teamId, danaOnly);
    const card = await commandReply(h, { command: '/research', text: `watches ${dealsRef}`, user: alex() });
    const remove = button(card, ACTION_IDS.watchRemove);
    const answer = await clickAs(alex(), card, remove.action_id, JSON.stringify({ t: h.slack.teamId, ch: danaOnly, w: watch!.watchId }));
    expect(allText(answer)).toContain('private channel you are not a member of');
    expect(await h.desk.stores.watches.listForChannel(h.slack.teamId, danaOnly)).toHaveLength(1);
  });

  it('refuses a Refresh forged to name another person’s DM', async () => {
    const card = await commandReply(h, { command: '/research', text: 'watches', user: alex() });
    const answer = await clickAs(alex(), card, ACTION_IDS.watchList, JSON.stringify({ ch: h.slack.defaultDmId }));
    expect(allText(answer)).toContain('another person’s DM');
  });

  it('lets Dana list and refresh a public channel’s watches as before', async () => {
    await commandReply(h, { command: '/research', text: 'watch $BYD news' });
    const card = await commandReply(h, { command: '/research', text: 'watches' });
    expect(allText(card)).toContain('BYD');
    expect(allText(card)).not.toContain('not a member');
  });
});
