/**
 * Agent runs end to end, the real app between both emulators: a mention, a follow-up in the
 * thread, a DM (native streaming), /research ask, a failing run, and Slack's redelivery of the
 * same event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { blockTypes, botReplies, eventIdFor, eventually, failedCalls, messageText, runIdForEvent, waitForRunEnd } from './agent-helpers.js';

describe('agent runs in Slack threads', () => {
  let h: Harness;
  let channel: string;
  const mention = (text: string) => `<@${h.slack.botUserId}> ${text}`;

  beforeAll(async () => {
    // Fast enough for a quick suite, slow enough that a run spans several relay updates.
    // Debug logs: the test of ignored events waits on the listener's debug line.
    h = await startHarness({ agentSpeed: 12, logLevel: 'debug' });
    channel = h.slack.defaultChannelId;
  });
  afterAll(async () => h?.close());

  let firstThread: string;
  let firstConversation: string;

  it('answers a mention with one thread reply, updated as the run goes, ending with the rendered report', async () => {
    const { ts } = await h.slack.postMessage({ text: mention('How strong is NVIDIA’s balance sheet?') });
    const runId = runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention'));
    const record = await waitForRunEnd(h, runId);
    expect(record.status).toBe('completed');
    expect(record.question).toBe('How strong is NVIDIA’s balance sheet?');

    const replies = botReplies(h, channel, ts);
    expect(replies).toHaveLength(1);
    const reply = replies[0]!;
    expect(reply.ts).toBe(record.replyTs[0]);
    expect(reply.edits).toBeGreaterThan(1);
    expect(blockTypes(reply)).toContain('header');
    expect(blockTypes(reply)).toContain('data_table');
    expect(messageText(reply)).toContain('Research report');
    expect(messageText(reply)).not.toContain('agent_run_cancel');

    const mapped = await h.desk.stores.threads.get(h.slack.teamId, channel, ts);
    expect(mapped?.conversationId).toBe(record.conversationId);
    firstThread = ts;
    firstConversation = record.conversationId;
    const recent = await h.desk.stores.recentRuns.list(h.slack.teamId, h.slack.defaultUserId);
    expect(recent.map((r) => r.runId)).toContain(runId);
  });

  it('continues the same conversation when mentioned again in the thread', async () => {
    const { ts } = await h.slack.postMessage({ text: mention('And how much cash does it hold?'), thread_ts: firstThread });
    const runId = runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention'));
    const record = await waitForRunEnd(h, runId);
    expect(record.status).toBe('completed');
    expect(record.threadTs).toBe(firstThread);
    expect(record.conversationId).toBe(firstConversation);
    expect((await h.desk.stores.threads.get(h.slack.teamId, channel, firstThread))?.conversationId).toBe(firstConversation);

    const messages = await h.client.listMessages(firstConversation, { limit: 20 });
    expect(messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual([
      'And how much cash does it hold?',
      'How strong is NVIDIA’s balance sheet?',
    ]);
    expect(botReplies(h, channel, firstThread)).toHaveLength(2);
  });

  it('answers a direct message, streaming natively in the DM thread', async () => {
    const dm = h.slack.defaultDmId;
    // [slow] keeps the run going past one chat.startStream budget window (~3.3 s): the relay
    // spends a window on its first, still empty write, so a shorter run may never stream.
    const { ts } = await h.slack.postMessage({ text: '[slow] What is Apple’s cash position?', channel_id: dm });
    const runId = runIdForEvent(h, dm, eventIdFor(h, ts, 'message'));
    const record = await waitForRunEnd(h, runId);
    expect(record.status).toBe('completed');
    expect(record.delivery).toBe('native');
    const streamCalls = h.slack.calls.filter((c) => c.method === 'chat.startStream' && c.args.channel === dm);
    expect(streamCalls.length).toBeGreaterThan(0);
    expect(h.slack.calls.some((c) => c.method === 'chat.stopStream' && c.args.channel === dm)).toBe(true);
    // Data tools answer `docs: []` with their rows in `data` and a total_count: the step shows that total.
    const taskOutputs = h.slack.calls
      .filter((c) => /^chat\.(start|append|stop)Stream$/.test(c.method) && c.args.channel === dm && c.args.chunks !== undefined)
      .flatMap((c) => (typeof c.args.chunks === 'string' ? JSON.parse(c.args.chunks) : c.args.chunks) as Array<Record<string, unknown>>)
      .filter((chunk) => chunk.type === 'task_update' && String(chunk.title).startsWith('get_') && chunk.output !== undefined)
      .map((chunk) => String(chunk.output));
    expect(taskOutputs.length).toBeGreaterThan(0);
    expect(taskOutputs).not.toContain('0 results');
    const replies = botReplies(h, dm, ts);
    expect(replies.length).toBeGreaterThanOrEqual(1);
    expect(blockTypes(replies[0]!)).toContain('header');
    expect((await h.desk.stores.threads.get(h.slack.teamId, dm, ts))?.conversationId).toBe(record.conversationId);
  });

  it('ignores the bot’s own messages and edits in a DM', async () => {
    const started = () => h.logs.filter((l) => l.includes('agent run started')).length;
    const before = started();
    const sent = [
      await h.slack.sendEvent({
        type: 'message',
        channel_type: 'im',
        channel: h.slack.defaultDmId,
        user: h.slack.botUserId,
        text: 'echo',
        ts: '1700000001.000100',
      }),
      await h.slack.sendEvent({
        type: 'message',
        subtype: 'message_changed',
        channel_type: 'im',
        channel: h.slack.defaultDmId,
        ts: '1700000001.000200',
        message: { text: 'edited' },
      }),
      await h.slack.sendEvent({
        type: 'message',
        channel_type: 'im',
        channel: h.slack.defaultDmId,
        bot_id: 'B0OTHER',
        user: 'U0OTHERBOT',
        text: 'hi',
        ts: '1700000001.000300',
      }),
    ];
    // Positive signals that each event was handled: the app's own message is dropped by Bolt's
    // ignoreSelf right after the ack sendEvent waited for (no I/O in between); the edit and the
    // other bot's message reach the listener, which logs that it ignored them (debug).
    const [own, ...others] = sent;
    expect(own?.ok).toBe(true);
    const ignored = (eventId: string | undefined) =>
      eventId !== undefined && h.logs.some((l) => l.includes('event not for the agent; ignored') && l.includes(eventId));
    await h.slack.waitFor(() => others.every((d) => ignored(d.eventId)), 5_000);
    expect(await h.desk.stores.runs.listActive()).toEqual([]);
    expect(started()).toBe(before);
  });

  it('runs /research ask in the thread of a visible "asked" message', async () => {
    const delivery = await h.slack.sendCommand({ command: '/research', text: 'ask What drives Tesla’s margins?' });
    expect(delivery.ok).toBe(true);
    const root = await h.slack.waitFor(
      () =>
        h.slack.channelMessages(channel).find((m) => m.user === h.slack.botUserId && m.text.includes('asked') && m.text.includes('Tesla')),
      10_000,
    );
    expect(root.text).toContain(`<@${h.slack.defaultUserId}>`);
    const run = await eventually(async () =>
      (await h.desk.stores.recentRuns.list(h.slack.teamId, h.slack.defaultUserId)).find((r) => r.threadTs === root.ts),
    );
    const record = await waitForRunEnd(h, run.runId);
    expect(record.status).toBe('completed');
    const replies = botReplies(h, channel, root.ts);
    expect(replies).toHaveLength(1);
    expect(blockTypes(replies[0]!)).toContain('data_table');
  });

  it('refuses an empty question with a hint', async () => {
    const { ts } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}>` });
    const note = await h.slack.waitFor(() => h.ephemerals().find((e) => e.text.includes('Ask me a research question')), 5_000);
    expect(note).toBeDefined();
    expect(botReplies(h, channel, ts)).toHaveLength(0);
  });

  it('ends a failing run with the error in plain words', async () => {
    const { ts } = await h.slack.postMessage({ text: mention('[error] Compare Moutai and Wuliangye') });
    const runId = runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention'));
    const record = await waitForRunEnd(h, runId);
    expect(record.status).toBe('failed');
    const [reply] = botReplies(h, channel, ts);
    expect(messageText(reply!)).toContain('The agent stopped: Search backend unavailable');
    expect(messageText(reply!)).not.toContain('agent_run_cancel');
  });

  it('starts one run when Slack delivers the same event again, even past the dedupe store', async () => {
    const { ts } = await h.slack.postMessage({ text: 'a plain message to mention the app on' });
    const event = {
      type: 'app_mention',
      user: h.slack.defaultUserId,
      text: mention('What moved the SPX this year?'),
      ts,
      channel,
      event_ts: ts,
    };
    const eventId = 'Ev0AGENTRETRY1';
    const first = await h.slack.sendEvent(event, { eventId });
    const second = await h.slack.sendEvent(event, { eventId });
    expect([first.ok, second.ok]).toEqual([true, true]);
    const runId = runIdForEvent(h, channel, eventId);
    await waitForRunEnd(h, runId);
    expect(h.logs.some((l) => l.includes('duplicate Slack event ignored') && l.includes(eventId))).toBe(true);

    // The second layer: with the dedupe claim gone, the relay still knows the request id.
    await h.desk.stores.events.release(eventId);
    await h.slack.sendEvent(event, { eventId });
    await h.slack.waitFor(() => h.logs.some((l) => l.includes('request already handed to a run') && l.includes(runId)), 5_000);
    expect(botReplies(h, channel, ts)).toHaveLength(1);
  });

  it('tells the asker to ask again when the relay is shutting down (Slack does not redeliver an acked event)', async () => {
    await h.desk.relay.shutdown();
    const { ts } = await h.slack.postMessage({ text: mention('What is the outlook for CATL?') });
    const note = await h.slack.waitFor(() => h.ephemerals().find((e) => e.text.includes('temporary problem on my side')), 5_000);
    expect(note?.text).toContain('Please ask again in a moment');
    // Waiting in a stopping process cannot help: nothing is kept for later.
    expect(h.desk.deferredStarts.metrics()).toMatchObject({ depth: 0, queued: 0 });
    expect(botReplies(h, channel, ts)).toHaveLength(0);
  });

  it('made no Slack call that failed validation or hit a rate limit', () => {
    expect(failedCalls(h)).toEqual([]);
  });
});
