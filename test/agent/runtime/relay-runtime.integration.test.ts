import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunMetadata } from '../../../src/agent/sinks/run-message-metadata.js';
import { createResearchClient } from '../../../src/service/research-client.js';
import { RunStore } from '../../../src/store/run-store.js';
import { eventually } from '../support/eventually.js';
import { createSteerableTimers } from '../support/steerable-timers.js';
import { finalThread, rateLimitedCalls, startRelayHarness, type RelayHarness } from '../support/relay-harness.js';

describe('relay runtime against the Slack and service emulators', () => {
  let h: RelayHarness;
  beforeAll(async () => {
    h = await startRelayHarness({ agentSpeed: 20 });
  });
  afterAll(async () => {
    await h.close();
  });

  const start = async (runtime: ReturnType<RelayHarness['runtime']>, question: string, channelId?: string) => {
    const channel = channelId ?? h.slack.defaultChannelId;
    const threadTs = await h.ask(question, channel);
    const result = await runtime.startRun({
      teamId: h.slack.teamId,
      channelId: channel,
      threadTs,
      askerUserId: h.slack.defaultUserId,
      question,
    });
    return { ...result, threadTs, channel };
  };

  it('posts one reply, updates it progressively and ends with the rendered report', async () => {
    const runtime = h.runtime();
    // The service holds the run after its first tool call starts until the reply shows progress:
    // at least one update before the final one, however fast or slow the machine.
    h.service.pauseAgentRunsAfter((e) => e.event_type === 'tool_start');
    const { runId, started, threadTs } = await start(runtime, 'How did Kweichow Moutai revenue grow in 2024?');
    expect(started).toBe(true);
    await eventually(
      async () => h.slack.threadReplies(h.slack.defaultChannelId, threadTs).find((m) => m.ts !== threadTs)?.edits ?? 0,
      (edits) => edits > 0,
    );
    h.service.resumeAgentRuns();
    expect(await runtime.waitForRun(runId)).toEqual({ ended: true, status: 'completed' });

    const replies = h.slack.threadReplies(h.slack.defaultChannelId, threadTs).filter((m) => m.ts !== threadTs);
    expect(replies).toHaveLength(1);
    const reply = replies[0]!;
    expect(reply.edits).toBeGreaterThan(1);
    expect(reply.metadata?.event_type).toBe('research_desk_run');
    expect(reply.metadata?.event_payload).toMatchObject({ run_id: runId, part: 1, status: 'completed' });
    const posts = h.slack.calls.filter((c) => c.method === 'chat.postMessage' && c.ok);
    expect(posts).toHaveLength(1);
    const [message] = finalThread(h.slack, h.slack.defaultChannelId, threadTs);
    expect(JSON.stringify(message)).not.toContain('agent_run_cancel');
    expect(message!.blocks.some((b) => (b as { type: string }).type === 'header')).toBe(true);
    expect(rateLimitedCalls(h.slack)).toBe(0);
    const metrics = runtime.getMetrics();
    expect(metrics.callsByMethod['chat.update']).toBeGreaterThan(1);
    expect(metrics.stalenessSamplesMs.length).toBeGreaterThan(0);

    // With the store lost, the thread itself says which run, conversation and offset it shows.
    const stored = await new RunStore(h.openStore()).get(runId);
    const shown = h.slack
      .threadReplies(h.slack.defaultChannelId, threadTs)
      .map((m) => ({ ts: m.ts, payload: readRunMetadata({ ts: m.ts, ...(m.metadata ? { metadata: m.metadata } : {}) }) }))
      .filter((m) => m.payload?.run_id === runId);
    expect(shown.map((m) => m.ts)).toEqual(stored!.replyTs);
    expect(shown[0]!.payload).toMatchObject({
      run_id: runId,
      part: 1,
      conversation_id: stored!.conversationId,
      assistant_message_id: stored!.assistantMessageId,
      offset: stored!.lastOffset,
      status: 'completed',
    });
  });

  it('continues the thread conversation for a follow-up', async () => {
    const runtime = h.runtime();
    const first = await start(runtime, 'What is BYD gross margin?');
    await runtime.waitForRun(first.runId);
    const second = await runtime.startRun({
      teamId: h.slack.teamId,
      channelId: first.channel,
      threadTs: first.threadTs,
      askerUserId: h.slack.defaultUserId,
      question: 'And CATL?',
    });
    await runtime.waitForRun(second.runId);
    const store = new RunStore(h.openStore());
    const [a, b] = await Promise.all([store.get(first.runId), store.get(second.runId)]);
    expect(a?.conversationId).toMatch(/^[1-9]\d*$/);
    expect(b?.conversationId).toBe(a?.conversationId);
    expect(b?.status).toBe('completed');
  });

  it('starts one run, not two, when the same request arrives twice', async () => {
    const runtime = h.runtime();
    const question = 'Summarise Tencent earnings';
    const threadTs = await h.ask(question);
    const request = {
      teamId: h.slack.teamId,
      channelId: h.slack.defaultChannelId,
      threadTs,
      askerUserId: h.slack.defaultUserId,
      question,
      requestId: 'Ev-duplicate-1',
    };
    const [x, y] = await Promise.all([runtime.startRun(request), runtime.startRun(request)]);
    expect(x.runId).toBe(y.runId);
    expect([x.started, y.started].filter(Boolean)).toHaveLength(1);
    await runtime.waitForRun(x.runId);
    const replies = h.slack.threadReplies(h.slack.defaultChannelId, threadTs).filter((m) => m.ts !== threadTs);
    expect(replies).toHaveLength(1);
  });

  it('follows the run a chat call started when the call got no answer, instead of asking twice', async () => {
    // The chat starts the run, then its connection resets (as a reused keep-alive socket can on a busy machine).
    h.service.setFaults({ unansweredChats: 1 });
    const client = createResearchClient({ baseUrl: h.service.url, apiKey: h.service.apiKey, logger: h.logger });
    try {
      const runtime = h.runtime();
      const { runId, threadTs } = await start(runtime, 'How did Tencent revenue grow in 2024?');
      expect(await runtime.waitForRun(runId)).toEqual({ ended: true, status: 'completed' });
      expect(h.logLines.some((l) => l.includes('the chat call got no answer') && l.includes(runId))).toBe(true);
      const stored = await new RunStore(h.openStore()).get(runId);
      const messages = await client.listMessages(stored!.conversationId);
      expect(messages.filter((m) => m.role === 'user')).toHaveLength(1);
      expect(messages.filter((m) => m.role === 'assistant').map((m) => m.assistantMessageId)).toEqual([stored!.assistantMessageId]);
      const replies = h.slack.threadReplies(h.slack.defaultChannelId, threadTs).filter((m) => m.ts !== threadTs);
      expect(replies).toHaveLength(1);
      expect(replies[0]!.metadata?.event_payload).toMatchObject({ run_id: runId, status: 'completed' });
    } finally {
      h.service.setFaults({});
      await client.close();
    }
  });

  it('ends with what failed when the agent reports an error', async () => {
    const runtime = h.runtime();
    const { runId, threadTs } = await start(runtime, 'Screen semiconductor names [error]');
    expect(await runtime.waitForRun(runId)).toEqual({ ended: true, status: 'failed' });
    const text = JSON.stringify(finalThread(h.slack, h.slack.defaultChannelId, threadTs));
    expect(text).toMatch(/Search backend unavailable|检索服务暂时不可用/);
  });

  it('cancels a run and says who cancelled', async () => {
    const runtime = h.runtime();
    // The service holds the run: it cannot end before the cancel, however slow the machine.
    h.service.pauseAgentRuns();
    const { runId, threadTs } = await start(runtime, 'Deep dive on Ping An [slow]');
    const result = await eventually(
      () => runtime.cancelRun(runId, h.slack.adminUserId),
      (r) => r.ok,
    );
    h.service.resumeAgentRuns();
    expect(result).toMatchObject({ ok: true });
    expect(await runtime.waitForRun(runId)).toEqual({ ended: true, status: 'cancelled' });
    const text = JSON.stringify(finalThread(h.slack, h.slack.defaultChannelId, threadTs));
    expect(text).toContain(h.slack.adminUserId);
    expect(await runtime.cancelRun(runId, h.slack.adminUserId)).toMatchObject({ ok: false, reason: 'already_finished' });
  });

  it('ends a run that goes silent with a clear message', async () => {
    // The silence timeout is the test's to fire: no waiting on the clock, whatever the machine's speed.
    const silenceMs = 3_600_000;
    const timers = createSteerableTimers(silenceMs);
    const runtime = h.runtime({ idleTimeoutMs: silenceMs, timers });
    const requestsBefore = h.service.requestLog.length;
    // The service holds the run (it goes silent): it cannot end on its own first, however slow the machine.
    h.service.pauseAgentRuns();
    const { runId, threadTs } = await start(runtime, 'Track Midea exports [slow]');
    await eventually(
      async () => timers.held(),
      (waiting) => waiting > 0,
    );
    timers.fireHeld();
    expect(await runtime.waitForRun(runId)).toEqual({ ended: true, status: 'timed_out' });
    h.service.resumeAgentRuns();
    const text = JSON.stringify(finalThread(h.slack, h.slack.defaultChannelId, threadTs)).toLowerCase();
    expect(text).toMatch(/no news from the agent/);
    // The run is stopped on the service too, as the Cancel button does: it must not go on working for nobody.
    const cancels = h.service.requestLog.slice(requestsBefore).filter((r) => r.method === 'POST' && r.path.endsWith('/cancel'));
    expect(cancels).toEqual([expect.objectContaining({ status: 200 })]);
  });
});
