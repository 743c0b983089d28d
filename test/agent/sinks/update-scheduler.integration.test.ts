import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackRateLimitTable } from '../../../src/emulators/slack/index.js';
import { finalThread, startRelayHarness, type RelayHarness } from '../support/relay-harness.js';

describe('update scheduler when Slack is stricter than the budget', () => {
  let h: RelayHarness;
  beforeAll(async () => {
    // Slack here allows chat.update only 30/min with no burst: the relay's budget (47/min) is too
    // generous, so 429s happen and must be honoured without losing content.
    h = await startRelayHarness({
      agentSpeed: 10,
      slack: { rateLimits: { ...slackRateLimitTable, 'chat.update': [{ perMinute: 30, burst: 1, scope: 'workspace' }] } },
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it('honours Retry-After, reports stalls, and still ends with the full answer', async () => {
    const runtime = h.runtime({ stallAfterMs: 400 });
    const threads = await Promise.all(
      ['Moutai cash flow', 'CATL cash flow', 'BYD cash flow'].map(async (question) => {
        const threadTs = await h.ask(question);
        const { runId } = await runtime.startRun({
          teamId: h.slack.teamId,
          channelId: h.slack.defaultChannelId,
          threadTs,
          askerUserId: h.slack.defaultUserId,
          question,
        });
        return { runId, threadTs };
      }),
    );
    const outcomes = await Promise.all(threads.map((t) => runtime.waitForRun(t.runId)));
    expect(outcomes.every((o) => o?.ended && o.status === 'completed')).toBe(true);

    const metrics = runtime.getMetrics();
    expect(metrics.rateLimited).toBeGreaterThan(0);
    expect(metrics.stalls).toBeGreaterThan(0);
    expect(h.logLines.some((l) => l.includes('slack rate limited a relay write'))).toBe(true);
    expect(h.logLines.some((l) => l.includes('relay update stalled'))).toBe(true);

    // After each 429 no chat.update was sent before its Retry-After (≥ 1 s) elapsed.
    const updates = h.slack.calls.filter((c) => c.method === 'chat.update');
    updates.forEach((call, i) => {
      const next = updates[i + 1];
      if (call.status === 429 && next) expect(next.at - call.at).toBeGreaterThanOrEqual(950);
    });
    for (const t of threads) {
      const [reply] = finalThread(h.slack, h.slack.defaultChannelId, t.threadTs);
      expect(reply!.text).toContain('Research report');
      const stored = h.slack.threadReplies(h.slack.defaultChannelId, t.threadTs).find((m) => m.ts !== t.threadTs);
      expect(stored?.metadata?.event_payload?.status).toBe('completed');
    }
  }, 60_000);
});
