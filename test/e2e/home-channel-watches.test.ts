/**
 * App Home lists the watches of the channels the user is in (issue 15 §3 "App Home shows them
 * too"), found with users.conversations, with Remove only where the user may remove (the person
 * who added it or a workspace admin); a channel the user is not in shows none of its watches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_SCOPES } from '../../src/emulators/slack/config.js';
import type { StoredView } from '../../src/emulators/slack/index.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { allText, buttonsOf, rejectedSlackCalls } from './command-helpers.js';
import { commandReply } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('App Home: the watches of the user’s channels', () => {
  let h: Harness;
  let adminsOnly: string;

  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http' });
    adminsOnly = h.slack.addChannel({ name: 'admins-desk', members: [h.slack.adminUserId] }).id;
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    await h?.close();
  });

  /** The user's Home tab, published after opening it. */
  async function openHome(userId: string): Promise<StoredView> {
    const seen = h.slack.homeViews.get(userId)?.updates;
    expect((await h.slack.openHome(userId)).ok).toBe(true);
    return h.slack.waitFor(() => {
      const v = h.slack.homeViews.get(userId);
      return v && (seen === undefined || v.updates > seen) ? v : undefined;
    }, 8_000);
  }
  const textOf = (v: StoredView): string => allText({ blocks: v.view.blocks as unknown[] });
  const removeButtons = (v: StoredView) =>
    buttonsOf({ blocks: v.view.blocks as unknown[] }).filter((b) => b.action_id.startsWith(ACTION_IDS.watchRemove));

  it('shows others’ watches in the user’s channels, without Remove for a member who did not add them', async () => {
    await commandReply(h, { command: '/research', text: 'watch $NVDA filings', user: h.slack.adminUserId });
    await commandReply(h, { command: '/research', text: 'watch $AAPL news', user: h.slack.adminUserId, channel: adminsOnly });
    const home = await openHome(h.slack.defaultUserId);
    const text = textOf(home);
    expect(text).toContain('Watches in your channels');
    expect(text).toContain('US:NVDA');
    // #admins-desk is not Dana's: its watch is not shown to her.
    expect(text).not.toContain('US:AAPL');
    expect(text).toContain('Added by someone else');
    expect(removeButtons(home)).toEqual([]);
    const lookups = h.slack.calls.filter((c) => c.method === 'users.conversations');
    expect(lookups.at(-1)?.args).toMatchObject({ user: h.slack.defaultUserId, types: 'public_channel,private_channel' });
  });

  it('gives an admin Remove on others’ watches, which removes them', async () => {
    await commandReply(h, { command: '/research', text: 'watch $TSLA filings' });
    const home = await openHome(h.slack.adminUserId);
    const text = textOf(home);
    expect(text).toContain('Your watches');
    expect(text).toContain('US:AAPL');
    expect(text).toContain('US:TSLA');
    // Their own two and Dana's one; action ids unique across both lists.
    const buttons = removeButtons(home);
    expect(buttons).toHaveLength(3);
    expect(new Set(buttons.map((b) => b.action_id)).size).toBe(3);
    // Dana's watch is the one row of the channel list, whose ids follow the own list's.
    const danas = buttons.find((b) => b.action_id === `${ACTION_IDS.watchRemove}:20`);
    expect(danas).toBeDefined();
    const before = home.updates;
    const click = await h.slack.clickViewAction({
      view_id: home.id,
      action_id: danas?.action_id ?? '',
      ...(danas?.value ? { value: danas.value } : {}),
      user_id: h.slack.adminUserId,
    });
    expect(click.ok).toBe(true);
    await h.slack.waitFor(() => ((h.slack.homeViews.get(h.slack.adminUserId)?.updates ?? 0) > before ? true : undefined), 8_000);
    const left = await h.desk.stores.watches.listForTeam(h.slack.teamId);
    expect(left.map((w) => w.target)).not.toContainEqual(expect.objectContaining({ symbol: 'US:TSLA' }));
    expect(left).toHaveLength(2);
  });
});

describe('App Home without groups:read', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http', slack: { botScopes: DEFAULT_BOT_SCOPES.filter((s) => s !== 'groups:read') } });
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h, ['missing_scope'])).toEqual([]);
    await h?.close();
  });

  it('still shows the user’s own watches, and logs why the channels’ are missing', async () => {
    await commandReply(h, { command: '/research', text: 'watch $NVDA filings', user: h.slack.adminUserId });
    await commandReply(h, { command: '/research', text: 'watch $TSLA news' });
    expect((await h.slack.openHome(h.slack.defaultUserId)).ok).toBe(true);
    const home = await h.slack.waitFor(() => h.slack.homeViews.get(h.slack.defaultUserId), 8_000);
    const text = allText({ blocks: home.view.blocks as unknown[] });
    expect(text).toContain('US:TSLA');
    expect(text).not.toContain('US:NVDA');
    expect(h.slack.calls.filter((c) => c.method === 'users.conversations').map((c) => c.error)).toEqual(['missing_scope']);
  });
});
