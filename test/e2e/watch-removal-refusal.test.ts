/**
 * Who may remove a watch (issue 34): a plain member — neither the person who added the watch nor a
 * workspace admin — who clicks Remove is refused, and the watch stays. Both rules of
 * watch-permission.ts are sent that click through the real app and the Slack emulator: a channel
 * watch another member added (the member's own watches card shows its Remove button), and another
 * person's DM watch (a forged button value, since a button's value can be forged).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEphemeral } from '../../src/emulators/slack/index.js';
import { allText, button, clickEphemeral } from './command-helpers.js';
import { commandReply } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';

const SYMBOL = 'SH:600519';
const CHANNEL_REFUSAL = 'Only the person who added this watch or a workspace admin can remove it.';
const DM_REFUSAL = 'That watch belongs to another person’s DM.';

describe('watch removal: a member who is neither the watch’s owner nor an admin is refused', () => {
  let h: Harness;
  let channel: string;
  let member: string;
  let admin: string;

  beforeAll(async () => {
    h = await startHarness({ store: 'file' });
    channel = h.slack.defaultChannelId;
    member = h.slack.defaultUserId;
    admin = h.slack.adminUserId;
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Clicks `value` on `on` as the plain member and waits for the member's next ephemeral. */
  const clickAsMember = async (on: StoredEphemeral, actionId: string, value: string): Promise<StoredEphemeral> => {
    const before = new Set(h.slack.ephemeralFor(member, channel).map((e) => e.ts));
    await clickEphemeral(h, on, { action_id: actionId, text: 'Remove', value });
    return h.slack.waitFor(
      () => h.slack.ephemeralFor(member, channel).find((e) => !before.has(e.ts) && allText(e).includes(':no_entry:')),
      8_000,
    );
  };

  it('refuses a plain member’s Remove on a channel watch someone else added, and keeps the watch', async () => {
    const added = await commandReply(h, { command: '/research', text: `watch ${SYMBOL} news`, user: admin });
    expect(allText(added)).toContain(`Watching ${SYMBOL}`);
    const [watch] = await h.desk.stores.watches.listForChannel(h.slack.teamId, channel);
    expect(watch).toMatchObject({ scope: 'channel', createdBy: admin });

    const list = await commandReply(h, { command: '/research', text: 'watches' });
    expect(allText(list)).toContain(SYMBOL);
    const remove = button(list, 'rd.watch.remove');
    const refusal = await clickAsMember(list, remove.action_id, remove.value ?? '');

    expect(allText(refusal)).toContain(CHANNEL_REFUSAL);
    expect(await h.desk.stores.watches.listForChannel(h.slack.teamId, channel)).toEqual([watch]);
  });

  it('refuses a plain member’s forged Remove on another person’s DM watch, and keeps the watch', async () => {
    const dmWatch = {
      teamId: h.slack.teamId,
      watchId: 'w-admin-dm',
      channelId: 'D0ADMINDM1',
      scope: 'user' as const,
      target: { kind: 'keyword' as const, keyword: 'solid-state battery' },
      categories: [],
      createdBy: admin,
      createdAtMs: 0,
    };
    expect(await h.desk.stores.watches.add(dmWatch)).toBe('added');

    const list = await commandReply(h, { command: '/research', text: 'watches' });
    const remove = button(list, 'rd.watch.remove');
    const forged = JSON.stringify({ t: dmWatch.teamId, ch: dmWatch.channelId, w: dmWatch.watchId });
    const refusal = await clickAsMember(list, remove.action_id, forged);

    expect(allText(refusal)).toContain(DM_REFUSAL);
    expect(await h.desk.stores.watches.get(dmWatch.teamId, dmWatch.channelId, dmWatch.watchId)).toEqual(dmWatch);
  });
});
