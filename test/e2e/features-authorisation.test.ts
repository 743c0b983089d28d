/**
 * Issue 12 §2.4, through the real app and both emulators: searching a folder with `in:<id>` and
 * changing a channel's digest subscription (command, Pause/Resume/Remove buttons) follow the
 * rule of folder delete: the folder's creator (from this workspace) or the subscriber, or a
 * workspace admin. Dana is a member; Alex is an admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEphemeral } from '../../src/emulators/slack/index.js';
import { allText, buttonsOf, rejectedSlackCalls } from './command-helpers.js';
import { commandReply, invalidSlackCalls } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('authorisation: folder search and digest subscriptions', () => {
  let h: Harness;
  let dana: string;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness();
    dana = h.slack.defaultUserId;
    admin = h.slack.adminUserId;
  });
  afterAll(async () => h?.close());

  const command = (command: string, text: string, user: string) => commandReply(h, { command, text, user });
  const serviceCalls = () => h.service.requestLog.length;
  const markets = () => h.slack.secondChannelId;
  const stored = (channel: string) => h.desk.stores.subscriptions.get(h.slack.teamId, channel);

  /** Clicks a subscription row's button as `user` and waits for what that user is shown next. */
  async function clickRow(card: StoredEphemeral, verb: 'pause' | 'remove', channel: string, user: string): Promise<string> {
    const b = buttonsOf(card).find((x) => x.action_id.startsWith(`rd.sub.${verb}`) && x.value?.includes(channel));
    if (!b) throw new Error(`no ${verb} button for ${channel}`);
    const seen = new Set(h.slack.ephemeralFor(user, card.channel).map((e) => `${e.ts}:${e.edits}`));
    const delivery = await h.slack.clickAction({
      channel_id: card.channel,
      message_ts: card.ts,
      action_id: b.action_id,
      value: b.value ?? '',
      ephemeral: true,
      user_id: user,
    });
    expect(delivery.ok).toBe(true);
    const next = await h.slack.waitFor(() => h.slack.ephemeralFor(user, card.channel).find((e) => !seen.has(`${e.ts}:${e.edits}`)), 8_000);
    return allText(next);
  }

  describe('folder search (in:<id>)', () => {
    let adminFolder: string;
    let danaFolder: string;
    beforeAll(async () => {
      adminFolder = /fld_\w+/.exec(allText(await command('/research', 'folder create Admin picks', admin)))?.[0] ?? '';
      danaFolder = /fld_\w+/.exec(allText(await command('/research', 'folder create Dana notes', dana)))?.[0] ?? '';
      expect(adminFolder).not.toBe('');
      expect(danaFolder).not.toBe('');
    });

    it('refuses a member searching a folder someone else created, without asking the service', async () => {
      const before = serviceCalls();
      const reply = await command('/research', `NVIDIA in:${adminFolder}`, dana);
      expect(reply.text).toContain(`Only the person who created folder "Admin picks" (${adminFolder}) or a workspace admin can search it`);
      expect(serviceCalls()).toBe(before);
    });

    it('refuses a folder not created from Slack in this workspace, even to an admin', async () => {
      // A folder another workspace created (the service key is shared): no record in this team.
      await h.desk.stores.folders.save({
        teamId: 'T0OTHERTEAM',
        folderId: 'fld_elsewhere',
        name: 'Theirs',
        createdBy: dana,
        createdAtMs: 0,
      });
      const before = serviceCalls();
      for (const user of [dana, admin]) {
        const reply = await command('/research', 'NVIDIA in:fld_elsewhere', user);
        expect(reply.text).toContain('Folder fld_elsewhere was not created from Slack in this workspace');
      }
      const seeded = await command('/research', 'NVIDIA in:fld_watchlist', dana);
      expect(seeded.text).toContain('Folder fld_watchlist was not created from Slack in this workspace');
      expect(serviceCalls()).toBe(before);
    });

    it('lets the creator search their folder, and an admin any folder of the workspace', async () => {
      const own = await command('/research', `NVIDIA in:${danaFolder}`, dana);
      expect(own.text).not.toContain('can search it');
      expect(h.service.requestLog.some((r) => r.path.startsWith('/v1/') && r.path.includes('search'))).toBe(true);
      const byAdmin = await command('/research', `NVIDIA in:${danaFolder}`, admin);
      expect(byAdmin.text).not.toContain('can search it');
      expect(byAdmin.text).not.toContain('not created from Slack');
    });

    it("turns a shared folder search's pages only for its creator or an admin", async () => {
      await h.desk.stores.folders.save({
        teamId: h.slack.teamId,
        folderId: 'fld_watchlist',
        name: 'Watchlist',
        createdBy: admin,
        createdAtMs: 0,
      });
      const channel = h.slack.defaultChannelId;
      const shared = () =>
        h.slack.channelMessages(channel).find((m) => m.bot_id && buttonsOf(m).some((b) => b.action_id.startsWith('rd.search.next')));
      await h.slack.sendCommand({ command: '/research', text: 'tracker in:fld_watchlist --public', channel_id: channel, user_id: admin });
      const card = await h.slack.waitFor(shared, 8_000);
      const next = buttonsOf(card).find((b) => b.action_id.startsWith('rd.search.next'));
      const click = async (user: string) => {
        const seen = h.slack.ephemeralFor(user, channel).length;
        const delivery = await h.slack.clickAction({
          channel_id: channel,
          message_ts: card.ts,
          action_id: next?.action_id ?? '',
          value: next?.value ?? '',
          user_id: user,
        });
        expect(delivery.ok).toBe(true);
        return seen;
      };

      const before = serviceCalls();
      const seen = await click(dana);
      const refusal = await h.slack.waitFor(() => h.slack.ephemeralFor(dana, channel)[seen], 8_000);
      expect(allText(refusal)).toContain(
        'Only the person who created folder "Watchlist" (fld_watchlist) or a workspace admin can search it',
      );
      expect(serviceCalls()).toBe(before);
      expect(h.slack.channelMessages(channel).find((m) => m.ts === card.ts)?.edits).toBe(card.edits);

      await click(admin);
      await h.slack.waitFor(() => (h.slack.channelMessages(channel).find((m) => m.ts === card.ts)?.edits ?? 0) > card.edits, 8_000);
    });
  });

  describe('digest subscriptions', () => {
    beforeAll(async () => {
      const reply = await command('/concepts', `subscribe <#${markets()}|markets> daily`, admin);
      expect(reply.text).toContain('Subscribed');
    });

    it('refuses a member unsubscribing a channel someone else subscribed', async () => {
      const reply = await command('/concepts', `unsubscribe <#${markets()}|markets>`, dana);
      expect(reply.text).toContain('Only the person who subscribed this channel');
      expect(await stored(markets())).toMatchObject({ createdBy: admin, paused: false });
    });

    it('refuses a member replacing someone else’s subscription', async () => {
      const reply = await command('/concepts', `subscribe <#${markets()}|markets> weekly fri`, dana);
      expect(reply.text).toContain('Only the person who subscribed this channel');
      expect(await stored(markets())).toMatchObject({ createdBy: admin, cadence: 'daily' });
    });

    it('refuses a member’s Pause and Remove clicks on someone else’s subscription', async () => {
      const list = await command('/concepts', 'subscriptions', dana);
      expect(await clickRow(list, 'pause', markets(), dana)).toContain('Only the person who subscribed this channel');
      expect(await clickRow(list, 'remove', markets(), dana)).toContain('Only the person who subscribed this channel');
      expect(await stored(markets())).toMatchObject({ createdBy: admin, paused: false });
    });

    it('lets the subscriber and an admin change it', async () => {
      await command('/concepts', 'subscribe daily', dana);
      const adminList = await command('/concepts', 'subscriptions', admin);
      // The admin pauses Dana's subscription of #research.
      await clickRow(adminList, 'pause', h.slack.defaultChannelId, admin);
      expect((await stored(h.slack.defaultChannelId))?.paused).toBe(true);
      const own = await command('/concepts', 'unsubscribe', dana);
      expect(own.text).toContain('will no longer receive digests');
      const byAdmin = await command('/concepts', `unsubscribe <#${markets()}|markets>`, admin);
      expect(byAdmin.text).toContain('will no longer receive digests');
      expect(await h.desk.stores.subscriptions.listForTeam(h.slack.teamId)).toEqual([]);
    });
  });

  it('made no Slack call that Slack would refuse', () => {
    expect(invalidSlackCalls(h)).toEqual([]);
    expect(rejectedSlackCalls(h)).toEqual([]);
  });
});
