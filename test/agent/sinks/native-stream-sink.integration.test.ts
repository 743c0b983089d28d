import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitBytes } from '../../../src/agent/sinks/native-stream-sink.js';
import { createRateBudget } from '../../../src/slack-api/rate-budget.js';
import { finalThread, rateLimitedCalls, startRelayHarness, type RelayHarness } from '../support/relay-harness.js';

describe('native streaming in a DM', () => {
  let h: RelayHarness;
  beforeAll(async () => {
    // Small stream limits so a short run needs several segments; stream methods get a faster budget
    // (and the emulator no limits) so a 3-second run can rotate — the real tiers are exercised by
    // the concurrency test.
    h = await startRelayHarness({ agentSpeed: 10, slack: { rateLimits: 'off', streamMaxChars: 400, streamLifetimeMs: 60_000 } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('streams in rotating segments, then leaves only the authoritative final answer', async () => {
    const store = h.openStore();
    const fast = { perMinute: 600, scope: 'workspace' as const, tier: 'test' };
    const runtime = h.runtime({
      stateStore: store,
      streaming: 'auto',
      native: { rotateAtBytes: 250, rotateAfterMs: 60_000 },
      budget: createRateBudget({
        store,
        clock: Date.now,
        limits: { 'chat.startStream': fast, 'chat.stopStream': fast, 'chat.appendStream': fast, 'chat.update': fast, 'chat.delete': fast },
      }),
    });
    const dm = h.slack.defaultDmId;
    const question = 'Explain NVIDIA data-center revenue trends';
    const threadTs = await h.ask(question, dm);
    const { runId } = await runtime.startRun({
      teamId: h.slack.teamId,
      channelId: dm,
      threadTs,
      askerUserId: h.slack.defaultUserId,
      question,
    });
    expect(await runtime.waitForRun(runId)).toEqual({ ended: true, status: 'completed' });

    const ok = (m: string) => h.slack.calls.filter((c) => c.method === m && c.ok).length;
    expect(ok('chat.startStream')).toBeGreaterThanOrEqual(2);
    expect(ok('chat.appendStream') + ok('chat.startStream')).toBeGreaterThan(2);
    expect(ok('chat.stopStream')).toBeGreaterThanOrEqual(ok('chat.startStream'));
    const failed = h.slack.calls.filter((c) => !c.ok).map((c) => `${c.method}:${c.error}`);
    expect(failed.filter((f) => f.includes('streaming_state_conflict'))).toEqual([]);
    expect(rateLimitedCalls(h.slack)).toBe(0);
    // Segments are deleted: the thread holds the reply (part 1) and any further parts only.
    const replies = h.slack.threadReplies(dm, threadTs).filter((m) => m.ts !== threadTs);
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((m) => m.metadata?.event_payload?.run_id === runId)).toBe(true);
    expect(replies.every((m) => m.streaming === undefined || m.streaming.state === 'stopped')).toBe(true);
    const thread = finalThread(h.slack, dm, threadTs);
    expect(thread[0]!.blocks.length).toBeGreaterThan(0);
  });

  it('falls back to message updates when Slack refuses to stream', async () => {
    const runtime = h.runtime({ streaming: 'native' });
    const channel = h.slack.defaultChannelId;
    // [slow] keeps the run going past the first chat.startStream slot (tier 2: one per ~3.3 s).
    const question = 'Outlook for Chinese EV makers [slow]';
    const threadTs = await h.ask(question, channel);
    // A channel stream needs a recipient Slack knows; this one is unknown, so startStream is refused.
    const { runId } = await runtime.startRun({ teamId: h.slack.teamId, channelId: channel, threadTs, askerUserId: 'U0NOBODY01', question });
    expect(await runtime.waitForRun(runId)).toEqual({ ended: true, status: 'completed' });
    const refused = h.slack.calls.filter((c) => c.method === 'chat.startStream' && !c.ok);
    expect(refused.length).toBe(1);
    const reply = h.slack.threadReplies(channel, threadTs).filter((m) => m.ts !== threadTs)[0]!;
    expect(reply.edits).toBeGreaterThanOrEqual(2);
    expect(h.logLines.some((l) => l.includes('falling back to message updates'))).toBe(true);
  });

  it('cuts stream pieces between code points within a byte budget', () => {
    expect(fitBytes('abc', 10)).toBe('abc');
    expect(fitBytes('营收增长', 7)).toBe('营收');
    expect(Buffer.byteLength(fitBytes('😀😀😀', 9))).toBe(8);
  });
});

describe('native streaming when Slack ends a segment on its own', () => {
  let h: RelayHarness;
  beforeAll(async () => {
    // Streams die 700 ms after they start (Slack's ~5 minute limit, scaled down).
    h = await startRelayHarness({ agentSpeed: 10, slack: { rateLimits: 'off', streamLifetimeMs: 700 } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('starts a new segment after message_not_in_streaming_state and still ends with the final answer', async () => {
    const store = h.openStore();
    const fast = { perMinute: 600, scope: 'workspace' as const, tier: 'test' };
    const runtime = h.runtime({
      stateStore: store,
      streaming: 'auto',
      // The relay would rotate much later: Slack's own ending is what is tested here.
      native: { rotateAtBytes: 100_000, rotateAfterMs: 600_000 },
      budget: createRateBudget({
        store,
        clock: Date.now,
        limits: { 'chat.startStream': fast, 'chat.stopStream': fast, 'chat.appendStream': fast, 'chat.update': fast, 'chat.delete': fast },
      }),
    });
    const dm = h.slack.defaultDmId;
    const question = 'Summarise BYD quarterly deliveries';
    const threadTs = await h.ask(question, dm);
    const { runId } = await runtime.startRun({
      teamId: h.slack.teamId,
      channelId: dm,
      threadTs,
      askerUserId: h.slack.defaultUserId,
      question,
    });
    expect(await runtime.waitForRun(runId)).toEqual({ ended: true, status: 'completed' });
    const ended = h.slack.calls.filter((c) => c.method === 'chat.appendStream' && c.error === 'message_not_in_streaming_state');
    expect(ended.length).toBeGreaterThan(0);
    expect(h.slack.calls.filter((c) => c.method === 'chat.startStream' && c.ok).length).toBeGreaterThan(1);
    const replies = h.slack.threadReplies(dm, threadTs).filter((m) => m.ts !== threadTs);
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((m) => m.metadata?.event_payload?.run_id === runId)).toBe(true);
    expect(finalThread(h.slack, dm, threadTs)[0]!.text).toContain('Research report');
  });
});
