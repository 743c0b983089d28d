/**
 * Issue 28, defect 3: /research replay must not open a colleague's conversation. A conversation
 * asked in a DM is listed and replayed only by its asker; one asked in a channel only from that
 * channel (so by its members, and posted only there). Conversation ids are guessable, so the
 * command, the list and a forged Replay button are each refused with a clear note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalOrg } from '../../src/emulators/slack/index.js';
import { REPLAY_ACTION_IDS, encodeReplayMessage } from '../../src/slack/agent/replay/replay-buttons.js';
import { allText, buttonsOf, rejectedSlackCalls } from './command-helpers.js';
import { eventIdFor, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { commandReply } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('replay: a conversation is its asker’s, or its channel’s', () => {
  let h: Harness;
  let channel: string;
  let secret: string;
  let dm: { conversationId: string; assistantMessageId: string };
  let inSecret: { conversationId: string; assistantMessageId: string };
  let inResearch: { conversationId: string; assistantMessageId: string };
  const dana = () => h.slack.defaultUserId;
  const alex = () => h.slack.adminUserId;
  const DM_QUESTION = 'Should I sell my Moutai shares before my divorce settles?';

  async function ask(where: string, text: string, user: string) {
    const dmAsk = where.startsWith('D');
    const { ts } = await h.slack.postMessage({ text: dmAsk ? text : `<@${h.slack.botUserId}> ${text}`, channel_id: where, user_id: user });
    const record = await waitForRunEnd(h, runIdForEvent(h, where, eventIdFor(h, ts, dmAsk ? 'message' : 'app_mention')));
    expect(record.status).toBe('completed');
    return { conversationId: record.conversationId, assistantMessageId: record.assistantMessageId };
  }
  const replayed = (where: string) =>
    h.slack.channelMessages(where).filter((m) => m.user === h.slack.botUserId && m.text.includes('replayed'));

  beforeAll(async () => {
    h = await startHarness({ agentSpeed: 20 });
    channel = h.slack.defaultChannelId;
    secret = h.slack.addChannel({ name: 'secret-deals', is_private: true, members: [h.slack.defaultUserId] }).id;
    [dm, inSecret, inResearch] = await Promise.all([
      ask(h.slack.defaultDmId, DM_QUESTION, h.slack.defaultUserId),
      ask(secret, 'What is our exposure to BYD?', h.slack.defaultUserId),
      ask(h.slack.defaultChannelId, 'How did NVIDIA do this quarter?', h.slack.adminUserId),
    ]);
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    await h?.close();
  });

  it('refuses Alex the list and the replay of Dana’s DM conversation, by command', async () => {
    const list = await commandReply(h, { command: '/research', text: `replay ${dm.conversationId}`, user: alex() });
    expect(allText(list)).not.toContain('divorce');
    expect(allText(list)).toContain('only they can list or replay it');
    const direct = await commandReply(h, {
      command: '/research',
      text: `replay ${dm.conversationId} ${dm.assistantMessageId}`,
      user: alex(),
    });
    expect(allText(direct)).toContain('only they can list or replay it');
    expect(replayed(channel)).toEqual([]);
  });

  it('refuses a Replay button forged with Dana’s DM conversation, with a note to the clicker', async () => {
    // Alex lists his own conversation, then sends its Replay with Dana's ids in the value.
    const list = await commandReply(h, { command: '/research', text: `replay ${inResearch.conversationId}`, user: alex() });
    const replay = buttonsOf(list).find((b) => b.action_id.startsWith(REPLAY_ACTION_IDS.replay));
    expect(replay).toBeDefined();
    const before = new Set(h.slack.ephemeralFor(alex(), channel).map((e) => e.ts));
    await h.slack.clickAction({
      channel_id: channel,
      message_ts: list.ts,
      action_id: replay!.action_id,
      value: encodeReplayMessage(dm),
      user_id: alex(),
      ephemeral: true,
    });
    const note = await h.slack.waitFor(() => h.slack.ephemeralFor(alex(), channel).find((e) => !before.has(e.ts)), 8_000);
    expect(allText(note)).toContain('only they can list or replay it');
    expect(replayed(channel)).toEqual([]);
  });

  it('refuses a conversation of a private channel anywhere but in that channel', async () => {
    const list = await commandReply(h, { command: '/research', text: `replay ${inSecret.conversationId}`, user: alex() });
    expect(allText(list)).not.toContain('BYD');
    expect(allText(list)).toContain('asked in another channel');
    // Dana is a member, yet the replay stays in #secret-deals: she is told to run it there.
    const fromResearch = await commandReply(h, {
      command: '/research',
      text: `replay ${inSecret.conversationId} ${inSecret.assistantMessageId}`,
    });
    expect(allText(fromResearch)).toContain('asked in another channel');
    expect(replayed(channel)).toEqual([]);
  });

  it('refuses a Replay clicked by a user of another organisation, even in the shared channel it was asked in', async () => {
    const shared = externalOrg.sharedChannelId;
    const asked = await ask(shared, 'How strong is NVIDIA’s balance sheet?', dana());
    const list = await commandReply(h, { command: '/research', text: `replay ${asked.conversationId}`, channel: shared });
    const replay = buttonsOf(list).find((b) => b.action_id.startsWith(REPLAY_ACTION_IDS.replay));
    expect(replay).toBeDefined();
    const guest = externalOrg.userId;
    const before = new Set(h.slack.ephemeralFor(guest, shared).map((e) => e.ts));
    await h.slack.clickAction({ channel_id: shared, message_ts: list.ts, action_id: replay!.action_id, user_id: guest, ephemeral: true });
    const note = await h.slack.waitFor(() => h.slack.ephemeralFor(guest, shared).find((e) => !before.has(e.ts)), 8_000);
    expect(allText(note)).toContain('people from other organisations cannot use them');
    expect(replayed(shared)).toEqual([]);
  });

  it('lets the asker list and replay her DM conversation, and a member replay in the channel it was asked in', async () => {
    // The store names where and by whom the conversation was started: the replay's authority.
    expect(await h.desk.stores.threads.owner(h.slack.teamId, dm.conversationId)).toMatchObject({
      channelId: h.slack.defaultDmId,
      askerUserId: dana(),
    });
    const list = await commandReply(h, { command: '/research', text: `replay ${dm.conversationId}`, channel: h.slack.defaultDmId });
    expect(allText(list)).toContain('divorce');
    // Her own DM conversation is hers to publish: she may list it from a channel too.
    const elsewhere = await commandReply(h, { command: '/research', text: `replay ${dm.conversationId}` });
    expect(allText(elsewhere)).toContain('divorce');
    const inChannel = await commandReply(h, { command: '/research', text: `replay ${inSecret.conversationId}`, channel: secret });
    expect(allText(inChannel)).toContain('BYD');
    await h.slack.sendCommand({
      command: '/research',
      text: `replay ${inSecret.conversationId} ${inSecret.assistantMessageId}`,
      channel_id: secret,
      user_id: dana(),
    });
    await h.slack.waitFor(() => replayed(secret).length > 0 || undefined, 10_000);
  });
});
