/**
 * Conversations in threads (issue 14 §3), the real app between both emulators: a plain reply in a
 * thread the app answered continues the conversation; replies that are not for the app start
 * nothing; a mention in such a thread starts one run, not two; a bare mention gets examples; a
 * question asked while a run works in the thread waits behind it and runs after it, in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResearchDesk } from '../../src/research-desk.js';
import { startHarness, type Harness } from './harness.js';
import { botReplies, eventIdFor, eventually, failedCalls, runIdForEvent, waitForRecord, waitForRunEnd } from './agent-helpers.js';

describe('conversations in threads', () => {
  let h: Harness;
  let channel: string;
  const mention = (text: string) => `<@${h.slack.botUserId}> ${text}`;
  const started = () => h.logs.filter((l) => l.includes('agent run started')).length;
  /** The listener's debug line for a message event it turned away, found by the event's ts. */
  const ignoredLogged = (ts: string) => h.logs.some((l) => l.includes('not a question for the agent; ignored') && l.includes(ts));

  beforeAll(async () => {
    // Debug logs: the tests of ignored replies wait on the listener's debug line.
    h = await startHarness({ agentSpeed: 12, logLevel: 'debug' });
    channel = h.slack.defaultChannelId;
  });
  afterAll(async () => h?.close());

  let thread: string;
  let conversationId: string;

  it('continues the conversation on a plain reply (no mention) in a thread the app answered', async () => {
    const { ts } = await h.slack.postMessage({ text: mention('How strong is NVIDIA’s balance sheet?') });
    const first = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')));
    thread = ts;
    conversationId = first.conversationId;

    const reply = await h.slack.postMessage({ text: 'And how much cash does it hold?', thread_ts: thread });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, reply.ts, 'message')));
    expect(record.status).toBe('completed');
    expect(record.threadTs).toBe(thread);
    expect(record.conversationId).toBe(conversationId);
    const messages = await h.client.listMessages(conversationId, { limit: 20 });
    expect(messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual([
      'And how much cash does it hold?',
      'How strong is NVIDIA’s balance sheet?',
    ]);
    expect(botReplies(h, channel, thread)).toHaveLength(2);
  });

  it('starts nothing for a reply in a thread it does not own, a bot’s reply, an edit, or a reply mentioning someone else', async () => {
    const before = started();
    const foreignRoot = await h.slack.postMessage({ text: 'Lunch at noon?' });
    const foreign = await h.slack.postMessage({ text: 'Sure, where?', thread_ts: foreignRoot.ts });
    const bot = await h.slack.postMessage({ text: 'Reminder: stand-up at 10', thread_ts: thread, bot_id: 'B0OTHERBOT' });
    const other = await h.slack.postMessage({ text: `<@${h.slack.adminUserId}> can you check this?`, thread_ts: thread });
    const edited = await h.slack.editMessage({
      channel_id: channel,
      ts: other.ts,
      text: `<@${h.slack.adminUserId}> can you check the cash?`,
    });
    expect(edited.delivery?.ok).toBe(true);
    await h.slack.waitFor(() => [foreignRoot.ts, foreign.ts, bot.ts, other.ts, edited.eventTs].every(ignoredLogged), 5_000);
    expect(await h.desk.stores.runs.listActive()).toEqual([]);
    expect(started()).toBe(before);
    expect(botReplies(h, channel, thread)).toHaveLength(2);
    expect(botReplies(h, channel, foreignRoot.ts)).toHaveLength(0);
  });

  it('starts one run, not two, for a mention in a thread it owns (Slack sends app_mention and message)', async () => {
    const before = started();
    const { ts } = await h.slack.postMessage({ text: mention('What about its debt?'), thread_ts: thread });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')));
    expect(record.conversationId).toBe(conversationId);
    await h.slack.waitFor(() => ignoredLogged(ts), 5_000);
    expect(started()).toBe(before + 1);
    expect(botReplies(h, channel, thread)).toHaveLength(3);
  });

  it('answers a bare mention with examples and the commands, never silence', async () => {
    const { ts } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}>` });
    const note = await h.slack.waitFor(() => h.ephemerals().find((e) => e.text.includes('Ask me a research question')), 5_000);
    expect(note.text).toContain('/research');
    expect(note.text).toContain('/financials');
    expect(note.text).toContain('/concepts');
    // Nothing Slack would parse as a mention, a broadcast or a link.
    expect(note.text).not.toContain('<');
    expect(botReplies(h, channel, ts)).toHaveLength(0);
  });

  it('queues questions asked while a run works in the thread, says so, and runs them after it, in order', async () => {
    h.service.pauseAgentRuns();
    const { ts: root } = await h.slack.postMessage({ text: mention('How did Apple’s revenue mix change?') });
    const firstId = runIdForEvent(h, channel, eventIdFor(h, root, 'app_mention'));
    await waitForRecord(h, firstId, (r) => r.status === 'running' && r.assistantMessageId !== '');

    const queuedNotes = () => h.ephemerals().filter((e) => e.text.includes('right after the question I’m working on'));
    const second = await h.slack.postMessage({ text: 'And services margins?', thread_ts: root });
    // Slack gets an ack before the app handles an event: the second is queued before the third is asked.
    await h.slack.waitFor(() => queuedNotes().length === 1, 5_000);
    const third = await h.slack.postMessage({ text: mention('And the buyback pace?'), thread_ts: root });
    await h.slack.waitFor(() => queuedNotes().length === 2, 5_000);
    expect(queuedNotes()[1]?.text).toContain('and 1 other question asked before yours');
    const secondId = runIdForEvent(h, channel, eventIdFor(h, second.ts, 'message'));
    const thirdId = runIdForEvent(h, channel, eventIdFor(h, third.ts, 'app_mention'));
    // Queued, not running in parallel: only the first run exists yet.
    expect(await h.desk.stores.runs.get(secondId)).toBeNull();
    expect(await h.desk.stores.runs.get(thirdId)).toBeNull();

    h.service.resumeAgentRuns();
    const first = await waitForRunEnd(h, firstId, 30_000);
    const secondRun = await waitForRunEnd(h, secondId, 30_000);
    const thirdRun = await waitForRunEnd(h, thirdId, 30_000);
    expect([first.status, secondRun.status, thirdRun.status]).toEqual(['completed', 'completed', 'completed']);
    // One at a time, in order: each run starts only after the one before it was relayed to its end.
    const at = (msg: string, runId: string) => h.logs.findIndex((l) => l.includes(`"msg":"${msg}"`) && l.includes(runId));
    expect(at('run relayed', firstId)).toBeLessThan(at('agent run started', secondId));
    expect(at('run relayed', secondId)).toBeLessThan(at('agent run started', thirdId));
    expect(new Set([first.conversationId, secondRun.conversationId, thirdRun.conversationId]).size).toBe(1);
    const messages = await h.client.listMessages(first.conversationId, { limit: 20 });
    expect(
      messages
        .filter((m) => m.role === 'user')
        .map((m) => m.text)
        .reverse(),
    ).toEqual(['How did Apple’s revenue mix change?', 'And services margins?', 'And the buyback pace?']);
    expect(botReplies(h, channel, root)).toHaveLength(3);
  });

  it('starts one run, not two, for two questions asked at the same moment in an idle thread; the other waits its turn', async () => {
    const { ts: root } = await h.slack.postMessage({ text: mention('How did Apple’s revenue mix change?') });
    await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, root, 'app_mention')), 30_000);
    h.service.pauseAgentRuns();
    try {
      // Both pass the busy check together (no run is active in the thread): only one may start.
      const [a, b] = await Promise.all([
        h.slack.postMessage({ text: 'And services margins?', thread_ts: root }),
        h.slack.postMessage({ text: 'And the buyback pace?', thread_ts: root }),
      ]);
      const ids = [a, b].map((m) => runIdForEvent(h, channel, eventIdFor(h, m.ts, 'message')));
      await h.slack.waitFor(() => h.ephemerals().some((e) => e.text.includes('right after the question I’m working on')), 10_000);
      const started = async () => (await Promise.all(ids.map((id) => h.desk.stores.runs.get(id)))).filter((r) => r !== null);
      await eventually(async () => (await started()).length > 0, 10_000);
      expect(await started()).toHaveLength(1);
    } finally {
      h.service.resumeAgentRuns();
    }
    const ids = h.slack
      .threadReplies(channel, root)
      .filter((m) => !m.bot_id && m.ts !== root)
      .map((m) => runIdForEvent(h, channel, eventIdFor(h, m.ts, 'message')));
    const ended = await Promise.all(ids.map((id) => waitForRunEnd(h, id, 30_000)));
    expect(ended.map((r) => r.status)).toEqual(['completed', 'completed']);
  });

  it('made no Slack call that failed validation or hit a rate limit', () => {
    expect(failedCalls(h)).toEqual([]);
  });
});

describe('a question queued when the app restarts', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ agentSpeed: 12 });
  });
  afterAll(async () => h?.close());

  it('waits in the store and starts after the run, once the restarted app has relayed it to its end', async () => {
    const channel = h.slack.defaultChannelId;
    h.service.pauseAgentRuns();
    const { ts: root } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}> How did Apple’s revenue mix change?` });
    const firstId = runIdForEvent(h, channel, eventIdFor(h, root, 'app_mention'));
    await waitForRecord(h, firstId, (r) => r.status === 'running' && r.assistantMessageId !== '');
    const second = await h.slack.postMessage({ text: 'And services margins?', thread_ts: root });
    const secondId = runIdForEvent(h, channel, eventIdFor(h, second.ts, 'message'));
    await h.slack.waitFor(() => h.ephemerals().some((e) => e.text.includes('right after the question I’m working on')), 5_000);

    // A restart: nothing of the queue is in the stopped process, only in the store.
    await h.desk.stop();
    h.service.resumeAgentRuns();
    const restarted = await startResearchDesk(h.deskOptions);
    try {
      const first = await waitForRunEnd({ ...h, desk: restarted }, firstId, 30_000);
      const secondRun = await waitForRunEnd({ ...h, desk: restarted }, secondId, 30_000);
      expect([first.status, secondRun.status]).toEqual(['completed', 'completed']);
      expect(secondRun.conversationId).toBe(first.conversationId);
      expect(await restarted.stores.questionQueue.threads()).toEqual([]);
      expect(botReplies(h, channel, root)).toHaveLength(2);
    } finally {
      await restarted.stop();
    }
  });
});
