/**
 * The buttons of agent runs end to end: only the asker or a workspace admin may cancel a run;
 * "Ask the agent" on a document card starts a run grounded on that document; replay lists and
 * re-renders answers of conversations started from this workspace, and only those.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_ACTION_ID } from '../../src/slack/agent/cards/agent-render-context.js';
import { REPLAY_ACTION_IDS } from '../../src/slack/agent/replay/replay-buttons.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { decodeDocButton } from '../../src/slack/kit/button-values.js';
import { startHarness, type Harness } from './harness.js';
import {
  blockTypes,
  botReplies,
  eventIdFor,
  eventually,
  failedCalls,
  messageText,
  runIdForEvent,
  waitForRecord,
  waitForRunEnd,
} from './agent-helpers.js';

interface Button {
  action_id?: string;
  value?: string;
}

function buttons(blocks: unknown[] | undefined): Button[] {
  const out: Button[] = [];
  for (const b of (blocks ?? []) as Array<{ elements?: Button[]; accessory?: Button }>) {
    if (b.accessory) out.push(b.accessory);
    for (const e of b.elements ?? []) out.push(e);
  }
  return out;
}

describe('agent run buttons: cancel, ask about a document, replay', () => {
  let h: Harness;
  let channel: string;
  const mention = (text: string) => `<@${h.slack.botUserId}> ${text}`;

  beforeAll(async () => {
    h = await startHarness({ agentSpeed: 12 });
    channel = h.slack.defaultChannelId;
  });
  afterAll(async () => h?.close());

  /** A slow run (its first tool call pauses) asked by `asker`, once its Cancel button works. */
  async function slowRun(asker: string, question: string) {
    const { ts } = await h.slack.postMessage({ text: mention(`[slow] ${question}`), user_id: asker });
    const runId = runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention'));
    const record = await waitForRecord(h, runId, (r) => r.assistantMessageId !== '' && r.replyTs.length > 0);
    return { ts, runId, replyTs: record.replyTs[0]! };
  }

  it('lets the asker cancel, refuses anyone else with a note, and lets an admin cancel', async () => {
    const user = h.slack.defaultUserId;
    const admin = h.slack.adminUserId;
    const [byAsker, refused, byAdmin] = await Promise.all([
      slowRun(user, 'Compare Apple and Microsoft cash flows'),
      slowRun(admin, 'How did Moutai do this year?'),
      slowRun(user, 'What moved BYD’s margins?'),
    ]);

    await h.slack.clickAction({
      channel_id: channel,
      message_ts: byAsker.replyTs,
      action_id: CANCEL_ACTION_ID,
      value: byAsker.runId,
      user_id: user,
    });
    await h.slack.clickAction({
      channel_id: channel,
      message_ts: refused.replyTs,
      action_id: CANCEL_ACTION_ID,
      value: refused.runId,
      user_id: user,
    });
    await h.slack.clickAction({
      channel_id: channel,
      message_ts: byAdmin.replyTs,
      action_id: CANCEL_ACTION_ID,
      value: byAdmin.runId,
      user_id: admin,
    });

    const [a, r, c] = await Promise.all([
      waitForRunEnd(h, byAsker.runId),
      waitForRunEnd(h, refused.runId),
      waitForRunEnd(h, byAdmin.runId),
    ]);
    expect(a.status).toBe('cancelled');
    expect(a.cancelledBy).toBe(user);
    expect(messageText(botReplies(h, channel, byAsker.ts)[0]!)).toContain(`Cancelled by <@${user}>`);

    expect(r.status).toBe('completed');
    const note = h.ephemerals(channel).find((e) => e.text.includes('Only the person who asked, or a workspace admin, can cancel'));
    expect(note).toBeDefined();
    expect(messageText(botReplies(h, channel, refused.ts)[0]!)).not.toContain('Cancelled by');

    expect(c.status).toBe('cancelled');
    expect(messageText(botReplies(h, channel, byAdmin.ts)[0]!)).toContain(`Cancelled by <@${admin}>`);
  });

  const askButton = (blocks: unknown[] | undefined) => buttons(blocks).find((b) => b.action_id?.startsWith(ACTION_IDS.searchAsk));

  it('"Ask the agent" on an ephemeral card posts a visible question and runs with that document', async () => {
    await h.slack.sendCommand({ command: '/research', text: 'NVIDIA data center revenue' });
    const card = await h.slack.waitFor(() => h.slack.ephemeralFor(h.slack.defaultUserId, channel).find((e) => askButton(e.blocks)), 10_000);
    const button = askButton(card.blocks)!;
    const doc = decodeDocButton(button.value)!;
    await h.slack.clickAction({ channel_id: channel, message_ts: card.ts, action_id: button.action_id!, ephemeral: true });
    const root = await h.slack.waitFor(
      () => h.slack.channelMessages(channel).find((m) => m.user === h.slack.botUserId && m.text.includes('asked the agent about')),
      10_000,
    );
    const run = await eventually(async () =>
      (await h.desk.stores.recentRuns.list(h.slack.teamId, h.slack.defaultUserId)).find((r) => r.threadTs === root.ts),
    );
    const record = await waitForRunEnd(h, run.runId);
    expect(record.status).toBe('completed');
    expect(record.documents).toEqual([{ docId: doc.d, docTitle: doc.t }]);
    expect(blockTypes(botReplies(h, channel, root.ts)[0]!)).toContain('header');
  });

  it('"Ask the agent" on a visible card runs in the card’s thread', async () => {
    await h.slack.sendCommand({ command: '/research', text: 'Moutai annual report --public' });
    const card = await h.slack.waitFor(() => h.slack.channelMessages(channel).find((m) => askButton(m.blocks)), 10_000);
    const button = askButton(card.blocks)!;
    await h.slack.clickAction({ channel_id: channel, message_ts: card.ts, action_id: button.action_id! });
    const run = await eventually(async () =>
      (await h.desk.stores.recentRuns.list(h.slack.teamId, h.slack.defaultUserId)).find((r) => r.threadTs === card.ts),
    );
    const record = await waitForRunEnd(h, run.runId);
    expect(record.status).toBe('completed');
    expect(record.documents?.[0]?.docId).toBe(decodeDocButton(button.value)!.d);
    expect(botReplies(h, channel, card.ts)).toHaveLength(1);
  });

  let owned: { conversationId: string; assistantMessageId: string };

  it('replays an answer of a conversation started here into a new thread, rendered like the original', async () => {
    const { ts } = await h.slack.postMessage({ text: mention('How strong is NVIDIA’s balance sheet?') });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')));
    owned = { conversationId: record.conversationId, assistantMessageId: record.assistantMessageId };
    const original = botReplies(h, channel, ts)[0]!;

    await h.slack.sendCommand({ command: '/research', text: `replay ${owned.conversationId}` });
    const list = await h.slack.waitFor(
      () => h.ephemerals(channel).find((e) => e.text.includes(`conversation ${owned.conversationId}`)),
      10_000,
    );
    const replay = buttons(list.blocks).find((b) => b.action_id?.startsWith(REPLAY_ACTION_IDS.replay));
    expect(replay).toBeDefined();
    expect(buttons(list.blocks).some((b) => b.action_id === REPLAY_ACTION_IDS.older)).toBe(false);

    const listTs = h.slack.ephemeralFor(h.slack.defaultUserId, channel).find((e) => e.text === list.text)!.ts;
    await h.slack.clickAction({ channel_id: channel, message_ts: listTs, action_id: replay!.action_id!, ephemeral: true });
    const root = await h.slack.waitFor(
      () =>
        h.slack
          .channelMessages(channel)
          .find((m) => m.user === h.slack.botUserId && m.text.includes('replayed') && (m.replies?.length ?? 0) > 0),
      10_000,
    );
    expect(root.text).toContain('How strong is NVIDIA’s balance sheet?');
    const replayed = root.replies!;
    expect(replayed).toHaveLength(1);
    expect(blockTypes(replayed[0]!)).toContain('data_table');
    // Same renderer, same events: the replayed blocks are the original's.
    expect(replayed[0]!.blocks).toEqual(original.blocks);
  });

  it('replays a given assistant message id directly', async () => {
    const before = h.slack.channelMessages(channel).filter((m) => m.text.includes('replayed')).length;
    await h.slack.sendCommand({ command: '/research', text: `replay ${owned.conversationId} ${owned.assistantMessageId}` });
    const roots = await h.slack.waitFor(() => {
      const r = h.slack.channelMessages(channel).filter((m) => m.text.includes('replayed') && (m.replies?.length ?? 0) > 0);
      return r.length > before ? r : undefined;
    }, 10_000);
    expect(blockTypes(roots[roots.length - 1]!.replies![0]!)).toContain('header');
  });

  it('says plainly that an answer is unknown when the service answers 400 "Invalid conversation_id"', async () => {
    const before = h.ephemerals(channel).length;
    await h.slack.sendCommand({ command: '/research', text: `replay ${owned.conversationId} am_missing` });
    const note = await h.slack.waitFor(
      () =>
        h
          .ephemerals(channel)
          .slice(before)
          .find((e) => e.text.includes('has no answer with id')),
      10_000,
    );
    expect(note.text).toContain(`Conversation ${owned.conversationId} has no answer with id am_missing`);
    expect(h.service.requestLog.some((r) => r.path.endsWith('/messages/am_missing') && r.status === 400)).toBe(true);
  });

  it('refuses to replay an unknown conversation and one not started from this workspace', async () => {
    const foreign = await h.client.createConversation({ title: 'started elsewhere', conversationType: 'agent_chat' });
    const before = h.ephemerals(channel).length;
    await h.slack.sendCommand({ command: '/research', text: 'replay 987654' });
    await h.slack.sendCommand({ command: '/research', text: `replay ${foreign.id}` });
    const notes = await h.slack.waitFor(() => {
      const n = h
        .ephemerals(channel)
        .slice(before)
        .filter((e) => e.text.includes('not started from this workspace'));
      return n.length >= 2 ? n : undefined;
    }, 10_000);
    expect(notes).toHaveLength(2);
    expect(h.slack.channelMessages(channel).filter((m) => m.text.includes(`${foreign.id}`))).toEqual([]);
  });

  it('pages back through a long conversation with Older', async () => {
    // Six more turns in the owned conversation: 14 messages, more than one page of 10.
    await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const started = await h.client.chat({ conversationId: owned.conversationId, message: `Follow-up question ${i + 1}` });
        for await (const _event of started.events) {
          // drain the run
        }
      }),
    );
    await h.slack.sendCommand({ command: '/research', text: `replay ${owned.conversationId}` });
    const list = await h.slack.waitFor(
      () =>
        h
          .ephemerals(channel)
          .reverse()
          .find(
            (e) =>
              e.text.includes(`conversation ${owned.conversationId}`) &&
              buttons(e.blocks).some((b) => b.action_id === REPLAY_ACTION_IDS.older),
          ),
      10_000,
    );
    const listTs = h.slack
      .ephemeralFor(h.slack.defaultUserId, channel)
      .reverse()
      .find((e) => e.text === list.text)!.ts;
    await h.slack.clickAction({ channel_id: channel, message_ts: listTs, action_id: REPLAY_ACTION_IDS.older, ephemeral: true });
    const older = await h.slack.waitFor(() => {
      const e = h.slack.ephemeralFor(h.slack.defaultUserId, channel).find((x) => x.ts === listTs);
      return e && e.edits > 0 ? e : undefined;
    }, 10_000);
    const text = messageText(older);
    expect(text).toContain('older messages');
    expect(text).toContain('How strong is NVIDIA');
    expect(buttons(older.blocks).some((b) => b.action_id === REPLAY_ACTION_IDS.older)).toBe(false);
  });

  it('made no Slack call that failed validation or hit a rate limit', () => {
    expect(failedCalls(h)).toEqual([]);
  });
});
