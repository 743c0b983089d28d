/**
 * A mention sent while Redis is down (issue 12, §1.2): the app has acked the event, and Slack
 * never redelivers an acked event, so the app itself must keep the question and start the run
 * once Redis answers again — telling the asker it waits, and answering in the thread once.
 * Redis here is the test's own server (test/support/private-redis.ts), killed and started again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateRedis, type PrivateRedis } from '../support/private-redis.js';
import { botReplies, eventIdFor, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { metricsJson } from '../observability/metrics/scrape-metrics.js';

interface DeferredStartsMetrics {
  deferredStarts?: { depth: number; queued: number; started: number };
}

describe('a mention sent during a Redis outage', () => {
  let redis: PrivateRedis;
  let h: Harness;
  let channel: string;
  const mention = (text: string) => `<@${h.slack.botUserId}> ${text}`;
  const metrics = (): Promise<DeferredStartsMetrics> => metricsJson<DeferredStartsMetrics>(h.desk.metricsPort);

  beforeAll(async () => {
    redis = await startPrivateRedis();
    h = await startHarness({ store: 'redis', redisUrl: redis.url, agentSpeed: 12, deskOverrides: { metricsPort: 0 } });
    channel = h.slack.defaultChannelId;
  });
  afterAll(async () => {
    await h?.close();
    await redis?.close();
  });

  it('is kept while Redis is down, starts when it is back, and answers in its thread once', async () => {
    await redis.kill();
    const { ts } = await h.slack.postMessage({ text: mention('How strong is NVIDIA’s balance sheet?') });
    const runId = runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention'));

    // The hand-over failed on the store: the asker is told (ephemerally) before Redis returns.
    await h.slack.waitFor(() => h.ephemerals(channel).length > 0, 20_000);
    const depthDuringOutage = (await metrics()).deferredStarts?.depth;

    await redis.start();
    const record = await waitForRunEnd(h, runId, 40_000);
    expect(record.status).toBe('completed');
    expect(botReplies(h, channel, ts)).toHaveLength(1);

    const notes = h.ephemerals(channel).map((e) => e.text);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/kept your question/);
    expect(depthDuringOutage).toBe(1);
    const after = (await metrics()).deferredStarts;
    expect(after).toMatchObject({ depth: 0, queued: 1, started: 1 });
  }, 90_000);
});
