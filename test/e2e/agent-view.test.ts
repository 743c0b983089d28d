/**
 * The agent view end to end (issue 14 §1): suggested prompts on opening it (in Chinese for a
 * zh-CN user), a title from the question, a status line with loading messages from the run's step
 * while it works (cleared at the end), the agent session's status, and the native Stop button,
 * which cancels the service run once, with the Cancel button's permission rules. Channel runs get
 * the session and its Stop too (issue 27 §6), no status line, and keep their Cancel button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_ACTION_ID } from '../../src/slack/agent/cards/agent-render-context.js';
import { startHarness, type Harness } from './harness.js';
import { botReplies, eventIdFor, eventually, runIdForEvent, waitForRecord, waitForRunEnd } from './agent-helpers.js';

describe('agent view: prompts, titles, status and native Stop', () => {
  let h: Harness;
  let dm: string;

  beforeAll(async () => {
    h = await startHarness({ agentSpeed: 12 });
    dm = h.slack.defaultDmId;
  });
  afterAll(async () => h?.close());

  const statusCalls = (channel: string, threadTs: string) =>
    h.slack.calls.filter(
      (c) => c.method === 'assistant.threads.setStatus' && c.ok && c.args.thread_ts === threadTs && c.args.channel_id === channel,
    );
  /** The Web API receives arrays as JSON text in form-encoded calls. */
  const loadingMessagesOf = (c: { args: Record<string, unknown> }): string[] => {
    const v = c.args.loading_messages;
    return (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as string[];
  };
  const cancelRequests = (conversationId: string) =>
    h.service.requestLog.filter(
      (r) => r.method === 'POST' && r.path.includes(`/${conversationId}/messages/`) && r.path.endsWith('/cancel'),
    );

  /** A DM question whose first tool call pauses, once its agent session shows Stop. */
  async function slowDmRun(question: string, channel = dm, userId = h.slack.defaultUserId) {
    const { ts } = await h.slack.postMessage({ text: `[slow] ${question}`, channel_id: channel, user_id: userId });
    const runId = runIdForEvent(h, channel, eventIdFor(h, ts, 'message'));
    const record = await waitForRecord(h, runId, (r) => r.assistantMessageId !== '' && r.replyTs.length > 0);
    await h.slack.waitFor(() => h.slack.agentSessions.get(`${channel}:${ts}`)?.status === 'processing', 10_000);
    return { ts, runId, record };
  }

  it('suggests up to 4 finance prompts when the agent view opens, in Chinese for a zh-CN user', async () => {
    await h.slack.openAgentView();
    const en = await h.slack.waitFor(() => h.slack.agentThreads.get(`${dm}:`)?.suggestedPrompts, 10_000);
    expect(en.prompts.length).toBeGreaterThan(0);
    expect(en.prompts.length).toBeLessThanOrEqual(4);
    expect(en.prompts.map((p) => p.message).join(' ')).toMatch(/earnings|results|revenue/i);

    h.slack.setUserLocale(h.slack.adminUserId, 'zh-CN');
    await h.slack.openAgentView(h.slack.adminUserId);
    const adminDm = h.slack.channels().find((c) => c.is_im && c.user === h.slack.adminUserId)!;
    const zh = await h.slack.waitFor(() => h.slack.agentThreads.get(`${adminDm.id}:`)?.suggestedPrompts, 10_000);
    expect(zh.prompts.length).toBeLessThanOrEqual(4);
    expect(zh.prompts[0]!.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('titles the thread from the question, shows the run’s step while it works and clears the status at the end', async () => {
    const { ts } = await h.slack.postMessage({ text: '[slow] How did <!here> Moutai’s cash flow change in 2024?', channel_id: dm });
    const runId = runIdForEvent(h, dm, eventIdFor(h, ts, 'message'));
    const record = await waitForRunEnd(h, runId);
    expect(record.status).toBe('completed');

    const title = await h.slack.waitFor(() => h.slack.agentThreads.get(`${dm}:${ts}`)?.title, 10_000);
    // As the run reads the question: Slack markup never reaches the title.
    expect(title).toContain('Moutai’s cash flow change in 2024?');
    expect(title).not.toMatch(/[<>]/);

    const calls = await eventually(async () => {
      const c = statusCalls(dm, ts);
      return c.length > 0 && c[c.length - 1]!.args.status === '' ? c : undefined;
    });
    const working = calls.filter((c) => c.args.status !== '');
    expect(working.length).toBeGreaterThan(0);
    const loading = working.flatMap(loadingMessagesOf);
    // The status named the run's tool calls (its first one pauses for seconds: the status lane's turn comes in it).
    expect(loading.some((m) => /^(Running |Done: )\S/.test(m))).toBe(true);
    for (const c of working) expect(loadingMessagesOf(c).length).toBeLessThanOrEqual(10);
    expect(h.slack.statuses.get(`${dm}:${ts}`)?.status).toBe('');

    const session = await h.slack.waitFor(() => {
      const s = h.slack.agentSessions.get(`${dm}:${ts}`);
      return s?.status === 'active' ? s : undefined;
    }, 10_000);
    expect(session.history).toEqual(['processing', 'active']);
  });

  it('Stop from the agent view cancels the service run once, even pressed twice, and closes the session', async () => {
    const run = await slowDmRun('Compare Apple and Microsoft cash flows');
    await h.slack.pressStop({ channel_id: dm, thread_ts: run.ts });
    await h.slack.pressStop({ channel_id: dm, thread_ts: run.ts });

    const ended = await waitForRunEnd(h, run.runId);
    expect(ended.status).toBe('cancelled');
    expect(ended.cancelledBy).toBe(h.slack.defaultUserId);
    expect(cancelRequests(run.record.conversationId)).toHaveLength(1);
    const session = await h.slack.waitFor(() => {
      const s = h.slack.agentSessions.get(`${dm}:${run.ts}`);
      return s?.status === 'closed' ? s : undefined;
    }, 10_000);
    expect(session.history).toEqual(['processing', 'closed']);
    // Whether or not the status line showed before Stop (it waits its turn), none is left behind.
    expect(h.slack.statuses.get(`${dm}:${run.ts}`)?.status ?? '').toBe('');
  });

  it('refuses Stop from someone who neither asked nor administers the workspace, like Cancel', async () => {
    // A thread of the user's DM where someone else asked (as an admin may, through a shortcut).
    const run = await slowDmRun('What moved BYD’s margins?', dm, h.slack.adminUserId);

    await h.slack.pressStop({ channel_id: dm, thread_ts: run.ts, user_id: h.slack.defaultUserId });
    const note = await h.slack.waitFor(
      () => h.slack.ephemeralFor(h.slack.defaultUserId, dm).find((e) => e.text.includes('Only the person who asked')),
      10_000,
    );
    expect(note).toBeDefined();
    const ended = await waitForRunEnd(h, run.runId);
    expect(ended.status).toBe('completed');
    expect(cancelRequests(run.record.conversationId)).toHaveLength(0);
    await h.slack.waitFor(() => h.slack.agentSessions.get(`${dm}:${run.ts}`)?.status === 'active', 10_000);
  });

  it('closes the session of a run that fails', async () => {
    const { ts } = await h.slack.postMessage({ text: '[error] What is Moutai’s dividend policy?', channel_id: dm });
    const ended = await waitForRunEnd(h, runIdForEvent(h, dm, eventIdFor(h, ts, 'message')));
    expect(ended.status).toBe('failed');
    const session = await h.slack.waitFor(() => {
      const s = h.slack.agentSessions.get(`${dm}:${ts}`);
      return s?.status === 'closed' ? s : undefined;
    }, 10_000);
    expect(session.history).toEqual(['processing', 'closed']);
  });

  /** A channel mention whose first tool call pauses, once its session shows Stop. */
  async function slowChannelRun(question: string, userId = h.slack.defaultUserId) {
    const channel = h.slack.defaultChannelId;
    const { ts } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}> [slow] ${question}`, channel_id: channel, user_id: userId });
    const runId = runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention'));
    const record = await waitForRecord(h, runId, (r) => r.assistantMessageId !== '' && r.replyTs.length > 0);
    await h.slack.waitFor(() => h.slack.agentSessions.get(`${channel}:${ts}`)?.status === 'processing', 10_000);
    return { channel, ts, runId, record };
  }

  it('gives channel runs Slack’s agent session (native Stop) but no status line, and keeps their Cancel button', async () => {
    const run = await slowChannelRun('How did BYD do?');
    const reply = botReplies(h, run.channel, run.ts).find((m) => m.ts === run.record.replyTs[0]);
    expect(reply).toBeDefined();
    expect(JSON.stringify(reply?.blocks ?? [])).toContain(CANCEL_ACTION_ID);

    await waitForRunEnd(h, run.runId);
    const session = await h.slack.waitFor(() => {
      const s = h.slack.agentSessions.get(`${run.channel}:${run.ts}`);
      return s?.status === 'active' ? s : undefined;
    }, 10_000);
    expect(session.history).toEqual(['processing', 'active']);
    // The status line belongs to the agent view (DMs): none in a channel.
    expect(statusCalls(run.channel, run.ts)).toEqual([]);
  });

  it('Stop in a channel thread cancels for the asker; from anyone else it is refused and Stop shows again', async () => {
    const refused = await slowChannelRun('What moved BYD’s margins?', h.slack.adminUserId);
    await h.slack.pressStop({ channel_id: refused.channel, thread_ts: refused.ts, user_id: h.slack.defaultUserId });
    await h.slack.waitFor(
      () => h.slack.ephemeralFor(h.slack.defaultUserId, refused.channel).find((e) => e.text.includes('Only the person who asked')),
      10_000,
    );
    const ended = await waitForRunEnd(h, refused.runId);
    expect(ended.status).toBe('completed');
    expect(cancelRequests(refused.record.conversationId)).toHaveLength(0);
    const history = await h.slack.waitFor(() => {
      const s = h.slack.agentSessions.get(`${refused.channel}:${refused.ts}`);
      return s?.status === 'active' ? s.history : undefined;
    }, 10_000);
    // Set back to processing after the refused Stop (so Stop shows again), active once answered.
    expect(history.slice(0, 2)).toEqual(['processing', 'processing']);

    const cancelled = await slowChannelRun('Compare Apple and Microsoft cash flows');
    await h.slack.pressStop({ channel_id: cancelled.channel, thread_ts: cancelled.ts });
    const end = await waitForRunEnd(h, cancelled.runId);
    expect(end.status).toBe('cancelled');
    expect(cancelRequests(cancelled.record.conversationId)).toHaveLength(1);
    await h.slack.waitFor(() => h.slack.agentSessions.get(`${cancelled.channel}:${cancelled.ts}`)?.status === 'closed', 10_000);
  });
});
