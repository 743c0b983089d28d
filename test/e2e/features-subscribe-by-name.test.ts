/**
 * `/concepts subscribe #research daily`: a channel typed by name is found through
 * conversations.list (as the app does when Slack did not link it), and a channel picked from
 * Slack's list arrives as `<#C…|name>`. Both subscribe; a name that is archived, private to
 * others or unknown is refused with one line and nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEphemeral } from '../../src/emulators/slack/index.js';
import { rejectedSlackCalls } from './command-helpers.js';
import { commandReply, invalidSlackCalls } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('subscribing a channel named with #', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.close());

  const concepts = (text: string, channel?: string): Promise<StoredEphemeral> =>
    commandReply(h, { command: '/concepts', text, ...(channel ? { channel } : {}) });
  const stored = (channel: string) => h.desk.stores.subscriptions.get(h.slack.teamId, channel);

  it('subscribes #research typed by name, looked up with conversations.list', async () => {
    // Used from #markets, so the digest channel is the one named, not the current one.
    const reply = await concepts('subscribe #research daily', h.slack.secondChannelId);
    expect(reply.text).toContain(`Subscribed: <#${h.slack.defaultChannelId}> gets trending concepts every day at 09:00 UTC`);
    expect(await stored(h.slack.defaultChannelId)).toMatchObject({ cadence: 'daily', time: '09:00' });
    expect(await stored(h.slack.secondChannelId)).toBeNull();
    const lookup = h.slack.calls.find((c) => c.method === 'conversations.list');
    expect(lookup).toMatchObject({ ok: true, args: { types: 'public_channel', exclude_archived: 'true' } });
  });

  it('subscribes a channel picked from the list, as Slack escapes it: <#C…|markets>', async () => {
    const reply = await concepts(`subscribe <#${h.slack.secondChannelId}|markets> weekdays at:08:30`);
    expect(reply.text).toContain(`Subscribed: <#${h.slack.secondChannelId}> gets trending concepts every weekday at 08:30 UTC`);
    expect(await stored(h.slack.secondChannelId)).toMatchObject({ cadence: 'weekdays', time: '08:30' });
  });

  it('finds a channel past the first page of conversations.list', async () => {
    // More channels than one page (200) holds, so the lookup follows next_cursor.
    for (let i = 0; i < 205; i += 1) h.slack.addChannel({ name: `filler-${i}` });
    const late = h.slack.addChannel({ name: 'late-desk' });
    const reply = await concepts('subscribe #late-desk daily');
    expect(reply.text).toContain(`Subscribed: <#${late.id}>`);
    expect(h.slack.calls.filter((c) => c.method === 'conversations.list' && c.args.cursor !== undefined).length).toBeGreaterThan(0);
  });

  it('refuses a name that is unknown, archived, or a private channel the app is not in, storing nothing', async () => {
    const archived = h.slack.addChannel({ name: 'old-desk', is_archived: true });
    const secret = h.slack.addChannel({ name: 'secret-desk', is_private: true, bot_is_member: false });
    for (const name of ['no-such-channel', 'old-desk', 'secret-desk']) {
      const reply = await concepts(`subscribe #${name} daily`);
      expect(reply.text).toContain(`I could not find the channel #${name}`);
    }
    expect(await stored(archived.id)).toBeNull();
    expect(await stored(secret.id)).toBeNull();
  });

  it('made no Slack call that Slack would refuse', () => {
    expect(invalidSlackCalls(h)).toEqual([]);
    expect(rejectedSlackCalls(h, [])).toEqual([]);
  });
});
