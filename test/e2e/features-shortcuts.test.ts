/**
 * The three message shortcuts through the real app and both emulators: "Research this message"
 * (ephemeral results in the thread, tickers and dates as filters), "Ask the agent about this"
 * (a run in the message's thread) and "Summarize linked docs" (summaries in the thread, or a
 * private note when the message links none).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allText, button, rejectedSlackCalls } from './command-helpers.js';
import { botReplies } from './agent-helpers.js';
import { eventually, invalidSlackCalls } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('message shortcuts', () => {
  let h: Harness;
  let docId: string;
  let docTitle: string;
  beforeAll(async () => {
    h = await startHarness({ agentSpeed: 200 });
    const page = await h.client.searchDocuments({ query: 'NVIDIA data center', pageSize: 1 });
    docId = page.items[0]?.id ?? '';
    docTitle = page.items[0]?.title ?? '';
    expect(docId).not.toBe('');
  });
  afterAll(async () => h?.close());

  const channel = () => h.slack.defaultChannelId;
  const userEphemeralsInThread = (threadTs: string) =>
    h.slack.ephemeralFor(h.slack.defaultUserId, channel()).filter((e) => e.thread_ts === threadTs);
  /** Private answers in the channel itself (a message without a thread gets them there, as Slack shows them). */
  const userEphemeralsInChannelAfter = (ts: string) =>
    h.slack.ephemeralFor(h.slack.defaultUserId, channel()).filter((e) => e.thread_ts === undefined && Number(e.ts) > Number(ts));

  it('"Research this message" searches the text with its tickers and dates as filters, privately in the channel', async () => {
    const { ts } = await h.slack.postMessage({
      text: 'What did $NVDA say about data center demand since 2024-01-15? <@U0EMUADMN1> thoughts?',
    });
    const delivery = await h.slack.messageShortcut({ callback_id: 'research_message', channel_id: channel(), message_ts: ts });
    expect(delivery).toMatchObject({ ok: true, outcome: 'acked' });
    // The message has no thread: an ephemeral answer in a thread Slack has not started would be invisible.
    const card = await h.slack.waitFor(() => userEphemeralsInChannelAfter(ts)[0], 8_000);
    expect(allText(card)).toContain('Research for “What did NVDA say about data center demand since thoughts”');
    // The filters line of the card is the request that was sent.
    expect(allText(card)).toContain('US:NVDA · 2024-01-15 → today');
    // Shareable, and only the person who used the shortcut sees it.
    expect(button(card, 'rd.search.share').text).toBe('Share in channel');
    expect(h.slack.ephemeralFor(h.slack.adminUserId, channel())).toHaveLength(0);
    expect(h.service.requestLog.some((r) => r.path === '/v2/search' && r.status === 200)).toBe(true);

    // Share in channel: the same results, for everyone.
    const share = button(card, 'rd.search.share');
    const before = h.slack.channelMessages(channel()).length;
    await h.slack.clickAction({
      channel_id: channel(),
      message_ts: card.ts,
      action_id: share.action_id,
      value: share.value ?? '',
      ephemeral: true,
    });
    const shared = await h.slack.waitFor(
      () =>
        h.slack
          .channelMessages(channel())
          .slice(before)
          .find((m) => m.bot_id === h.slack.botId && m.text.includes('What did NVDA say')),
      8_000,
    );
    expect(allText(shared)).toContain('US:NVDA');
  });

  it('"Research this message" on a reply answers privately in that thread, where the user sees it', async () => {
    const { ts: parent } = await h.slack.postMessage({ text: 'Thread about NVIDIA' });
    const { ts: reply } = await h.slack.postMessage({ text: 'What did $NVDA say about data center demand?', thread_ts: parent });
    await h.slack.messageShortcut({ callback_id: 'research_message', channel_id: channel(), message_ts: reply });
    const card = await h.slack.waitFor(() => userEphemeralsInThread(parent)[0], 8_000);
    expect(allText(card)).toContain('Research for “What did NVDA say about data center demand”');
    // Used on the thread's parent (a message with replies), the answer goes to the same thread.
    await h.slack.messageShortcut({ callback_id: 'research_message', channel_id: channel(), message_ts: parent });
    await h.slack.waitFor(() => userEphemeralsInThread(parent)[1], 8_000);
    // Nothing the user cannot see: every ephemeral the app posted is shown.
    expect(
      h.slack.calls.filter((c) => c.method === 'chat.postEphemeral' && c.args.thread_ts !== undefined && c.args.thread_ts !== parent),
    ).toEqual([]);
  });

  it('"Research this message" on a message with nothing to search says so', async () => {
    const { ts } = await h.slack.postMessage({ text: '<@U0EMUADMN1> :thumbsup:' });
    await h.slack.messageShortcut({ callback_id: 'research_message', channel_id: channel(), message_ts: ts });
    const note = await h.slack.waitFor(() => userEphemeralsInChannelAfter(ts)[0], 8_000);
    expect(note.text).toMatch(/no words to search for/);
  });

  it('"Ask the agent about this" starts a run in the message thread with the message as the question', async () => {
    const question = 'How did NVIDIA guide data-center revenue for next quarter?';
    const { ts } = await h.slack.postMessage({ text: question });
    const delivery = await h.slack.messageShortcut({ callback_id: 'ask_agent_message', channel_id: channel(), message_ts: ts });
    expect(delivery.ok).toBe(true);
    const reply = await h.slack.waitFor(() => botReplies(h, channel(), ts)[0], 8_000);
    expect(reply.thread_ts).toBe(ts);
    const recorded = await eventually(async () =>
      (await h.desk.stores.recentRuns.list(h.slack.teamId, h.slack.defaultUserId)).find((r) => r.threadTs === ts),
    );
    expect(recorded.question).toBe(question);
  });

  it('"Ask the agent about this" on a reply runs in the parent thread', async () => {
    const { ts: parent } = await h.slack.postMessage({ text: 'Thread about Moutai' });
    const { ts: reply } = await h.slack.postMessage({ text: 'What is Moutai’s latest gross margin?', thread_ts: parent });
    await h.slack.messageShortcut({ callback_id: 'ask_agent_message', channel_id: channel(), message_ts: reply });
    const answer = await h.slack.waitFor(() => botReplies(h, channel(), parent)[0], 8_000);
    expect(answer.thread_ts).toBe(parent);
  });

  it('"Summarize linked docs" posts the summary of each linked document in the thread', async () => {
    const { ts } = await h.slack.postMessage({
      text: `Worth a read: <https://research.example.com/docs/${docId}|the note> (also doc:${docId})`,
    });
    const finished = () => h.logs.filter((l) => l.includes('summarised linked documents')).length;
    const finishedBefore = finished();
    await h.slack.messageShortcut({ callback_id: 'summarize_message', channel_id: channel(), message_ts: ts });
    const summary = await h.slack.waitFor(() => botReplies(h, channel(), ts)[0], 8_000);
    expect(allText(summary)).toContain('Summary');
    expect(allText(summary)).toContain(docTitle.slice(0, 20));
    // The same document linked and named once is summarised once: counted once the shortcut logged
    // that it is done (after its last post), not after a guessed pause.
    await h.slack.waitFor(() => finished() > finishedBefore, 8_000);
    expect(botReplies(h, channel(), ts)).toHaveLength(1);
  });

  it('"Summarize linked docs" says so privately when the message links no document, and names unknown ids', async () => {
    const { ts } = await h.slack.postMessage({ text: 'No links here, just <https://example.org/page|a page>.' });
    await h.slack.messageShortcut({ callback_id: 'summarize_message', channel_id: channel(), message_ts: ts });
    const note = await h.slack.waitFor(() => userEphemeralsInChannelAfter(ts)[0], 8_000);
    expect(note.text).toMatch(/no links to research documents/);
    expect(botReplies(h, channel(), ts)).toHaveLength(0);

    const { ts: ts2 } = await h.slack.postMessage({ text: 'See doc:doc_000000000000 please' });
    await h.slack.messageShortcut({ callback_id: 'summarize_message', channel_id: channel(), message_ts: ts2 });
    const missing = await h.slack.waitFor(() => userEphemeralsInChannelAfter(ts2)[0], 8_000);
    expect(missing.text).toMatch(/could not find document doc_000000000000/);
  });

  it('made no Slack call that Slack would refuse', () => {
    expect(invalidSlackCalls(h)).toEqual([]);
    expect(rejectedSlackCalls(h)).toEqual([]);
  });
});
