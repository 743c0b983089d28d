/**
 * Issue 27 item 5, acceptance through the whole relay: the service emulator's "[marathon]" run
 * (300 tool calls, 30,000 characters of text) relayed in native streaming mode into the Slack
 * emulator, which refuses a streamed message past its size with msg_too_long as Slack does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEGMENT_MAX_BYTES } from '../../../src/agent/sinks/stream-segment-size.js';
import { MARATHON_NOTE_CHARS, MARATHON_TOOL_CALLS, marathonNote } from '../../../src/emulators/service/agent-marathon.js';
import type { StreamChunk } from '../../../src/emulators/slack/validation/chunks.js';
import { slackLimits } from '../../../src/emulators/slack/validation/limits.js';
import { streamChunkBytes } from '../../../src/emulators/slack/validation/stream-size.js';
import { createRateBudget } from '../../../src/slack-api/rate-budget.js';
import { finalThread, startRelayHarness, type RelayHarness } from '../support/relay-harness.js';

const parseChunks = (raw: unknown): StreamChunk[] => (typeof raw === 'string' ? JSON.parse(raw) : ((raw as StreamChunk[]) ?? []));

describe('a marathon run streamed natively', () => {
  let h: RelayHarness;
  beforeAll(async () => {
    h = await startRelayHarness({ agentSpeed: 100, slack: { rateLimits: 'off' } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('ends with no msg_too_long: 300 task updates and 30,000 characters across segments', async () => {
    const store = h.openStore();
    // Stream methods get a faster budget than their tiers so the run's rotations are not paced for
    // minutes (the tiers are exercised by the concurrency test).
    const fast = { perMinute: 600, scope: 'workspace' as const, tier: 'test' };
    const runtime = h.runtime({
      stateStore: store,
      streaming: 'native',
      budget: createRateBudget({
        store,
        clock: Date.now,
        limits: { 'chat.startStream': fast, 'chat.stopStream': fast, 'chat.appendStream': fast, 'chat.update': fast, 'chat.delete': fast },
      }),
    });
    const dm = h.slack.defaultDmId;
    const question = 'NVIDIA data-center revenue, every angle [marathon]';
    const threadTs = await h.ask(question, dm);
    const { runId } = await runtime.startRun({
      teamId: h.slack.teamId,
      channelId: dm,
      threadTs,
      askerUserId: h.slack.defaultUserId,
      question,
    });
    expect(await runtime.waitForRun(runId)).toEqual({ ended: true, status: 'completed' });

    const streamCalls = h.slack.calls.filter((c) => c.method.endsWith('Stream'));
    expect(h.slack.calls.filter((c) => c.error === 'msg_too_long')).toEqual([]);
    expect(streamCalls.filter((c) => !c.ok).map((c) => `${c.method}:${c.error}`)).toEqual([]);

    // Segments, from the calls in order (one run: start, appends, stop, then the next start).
    const segments: Array<{ bytes: number; text: string; stopped: boolean }> = [];
    const tasks: StreamChunk[] = [];
    for (const c of streamCalls) {
      if (c.method === 'chat.startStream') segments.push({ bytes: 0, text: '', stopped: false });
      const segment = segments.at(-1)!;
      for (const chunk of parseChunks(c.args.chunks)) {
        segment.bytes += streamChunkBytes(chunk);
        if (chunk.type === 'markdown_text') segment.text += chunk.text;
        if (chunk.type === 'task_update') tasks.push(chunk);
      }
      if (c.method === 'chat.stopStream') segment.stopped = true;
    }
    expect(segments.length).toBeGreaterThan(2);
    expect(segments.every((s) => s.stopped)).toBe(true);
    expect(Math.max(...segments.map((s) => s.bytes))).toBeLessThanOrEqual(SEGMENT_MAX_BYTES);
    expect(Math.max(...segments.map((s) => s.bytes))).toBeLessThan(slackLimits.streamMessageBytes);

    // The marathon's 300 notes (30,000 characters) all streamed, once each, in order.
    const streamed = segments.map((s) => s.text).join('');
    let from = 0;
    for (let i = 0; i < MARATHON_TOOL_CALLS; i += 1) {
      const at = streamed.indexOf(marathonNote(i), from);
      expect(at, `note ${i}`).toBeGreaterThanOrEqual(from);
      from = at + MARATHON_NOTE_CHARS;
    }
    // Every tool call's task ends complete: the 300 of the marathon and the run's own.
    const lastStatus = new Map(tasks.map((t) => [t.type === 'task_update' ? t.id : '', t.type === 'task_update' ? t.status : '']));
    expect(lastStatus.size).toBeGreaterThanOrEqual(MARATHON_TOOL_CALLS);
    expect([...lastStatus.values()].every((status) => status === 'complete')).toBe(true);
    // The authoritative final answer replaces the segments.
    expect(finalThread(h.slack, dm, threadTs)[0]!.text).toContain('Research report');
  });
});
