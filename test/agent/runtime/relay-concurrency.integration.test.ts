import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitedCalls, startRelayHarness, type RelayHarness, postsInThread } from '../support/relay-harness.js';

const QUESTIONS = [
  'Moutai margins',
  'CATL capex',
  'BYD exports',
  'Tencent games',
  'NVIDIA supply',
  'Ping An book value',
  'Midea overseas',
  'Meituan take rate',
];

describe('relay under load (Slack emulator at real rate limits)', () => {
  let h: RelayHarness;
  beforeAll(async () => {
    h = await startRelayHarness({ agentSpeed: 12, slack: { rateLimits: 'slack' } });
  });
  afterAll(async () => {
    await h.close();
  });

  const postsIn = (channel: string, threadTs: string) => postsInThread(h.slack, channel, threadTs);

  it('20 concurrent runs in one workspace finish with zero 429s and one reply each', async () => {
    const runtime = h.runtime();
    const channels = [h.slack.defaultChannelId, h.slack.secondChannelId];
    const runs = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const channel = channels[i % 2]!;
        const question = `${QUESTIONS[i % QUESTIONS.length]} #${i}`;
        const threadTs = await h.ask(question, channel);
        const { runId } = await runtime.startRun({
          teamId: h.slack.teamId,
          channelId: channel,
          threadTs,
          askerUserId: h.slack.defaultUserId,
          question,
        });
        return { runId, channel, threadTs };
      }),
    );
    const outcomes = await Promise.all(runs.map((r) => runtime.waitForRun(r.runId)));
    expect(outcomes.every((o) => o?.ended === true && o.status === 'completed')).toBe(true);
    expect(rateLimitedCalls(h.slack)).toBe(0);
    for (const r of runs) expect(postsIn(r.channel, r.threadTs)).toBe(1);
    // One writer per message: no progress edit lands after a run's final render.
    for (const r of runs) {
      const reply = h.slack.threadReplies(r.channel, r.threadTs).find((m) => m.ts !== r.threadTs)!;
      const statuses = h.slack.calls
        .filter((c) => c.method === 'chat.update' && c.ok && c.args.ts === reply.ts)
        .map((c) => (JSON.parse(String(c.args.metadata)) as { event_payload: { status: string } }).event_payload.status);
      const firstFinal = statuses.findIndex((s) => s !== 'running');
      expect(firstFinal).toBeGreaterThanOrEqual(0);
      expect(statuses.slice(firstFinal).every((s) => s !== 'running')).toBe(true);
    }
    const metrics = runtime.getMetrics();
    expect(metrics.rateLimited).toBe(0);
    expect(metrics.coalescedUpdates).toBeGreaterThan(0);
  }, 90_000);
});
