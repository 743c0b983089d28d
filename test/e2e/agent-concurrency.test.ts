/**
 * Agent runs under load and under Slack's redelivery: 20 concurrent mentions in one workspace
 * finish without a single 429 from the rate-limited Slack emulator, and an event whose ack was
 * late (so Slack redelivers it) starts one run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import {
  blockTypes,
  botReplies,
  eventIdFor,
  failedCalls,
  runIdForEvent,
  waitForRedeliveriesTurnedAway,
  waitForRunEnd,
} from './agent-helpers.js';

describe('20 concurrent mentions in one workspace', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ agentSpeed: 200, rateLimits: 'slack' });
  });
  afterAll(async () => h?.close());

  it('all finish with their rendered report and zero 429s', { timeout: 90_000 }, async () => {
    const channels = [h.slack.defaultChannelId, h.slack.secondChannelId];
    const questions = ['NVIDIA', 'Apple', 'Moutai', 'Tesla', 'BYD', 'Microsoft', 'CATL', 'Tencent', 'Amazon', 'Ping An'];
    const posted = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const channel = channels[i % 2]!;
        const { ts } = await h.slack.postMessage({
          text: `<@${h.slack.botUserId}> How strong is ${questions[i % 10]}’s balance sheet? (#${i + 1})`,
          channel_id: channel,
        });
        return { channel, ts, runId: runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')) };
      }),
    );
    const records = await Promise.all(posted.map((p) => waitForRunEnd(h, p.runId, 80_000)));
    expect(records.map((r) => r.status)).toEqual(Array(20).fill('completed'));
    for (const p of posted) {
      const replies = botReplies(h, p.channel, p.ts);
      expect(replies).toHaveLength(1);
      expect(blockTypes(replies[0]!)).toContain('data_table');
    }
    expect(h.slack.calls.filter((c) => c.status === 429)).toEqual([]);
    expect(failedCalls(h)).toEqual([]);
  });
});

describe('an event Slack redelivers because its ack was late', () => {
  let h: Harness;
  beforeAll(async () => {
    // Socket Mode with a spent ack deadline (0): every envelope's ack is "late" however fast the app
    // answers, so the emulator redelivers the event (same event_id, retry_attempt 1..3) after the
    // app already has it.
    h = await startHarness({ deliveryMode: 'socket', agentSpeed: 50, slack: { ackTimeoutMs: 0, eventRetryDelaysMs: [0, 50, 100] } });
  });
  afterAll(async () => h?.close());

  it('starts one run and posts one reply', async () => {
    const channel = h.slack.defaultChannelId;
    const { ts } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}> What moved the SPX this year?` });
    const eventId = eventIdFor(h, ts, 'app_mention');
    // Every delivery is late with a zero deadline, so Slack redelivers it three times.
    await h.slack.waitFor(() => h.slack.deliveries.some((d) => d.eventId === eventId && d.retryNum > 0), 10_000);
    const deliveries = h.slack.deliveries.filter((d) => d.eventId === eventId);
    expect(deliveries.map((d) => d.retryNum).slice(0, 2)).toEqual([0, 1]);
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventId));
    await waitForRedeliveriesTurnedAway(h, eventId);
    expect(record.status).toBe('completed');
    expect(botReplies(h, channel, ts)).toHaveLength(1);
    expect(h.logs.filter((l) => l.includes('agent run started') && l.includes(record.runId))).toHaveLength(1);
    expect(h.logs.some((l) => l.includes('duplicate Slack event ignored') && l.includes(eventId))).toBe(true);
  });
});
