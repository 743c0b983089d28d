/**
 * The update scheduler against the real Slack emulator over HTTP when Slack is stricter than the
 * budget: 429s happen and must be honoured without losing content. The emulator's rate limits, the
 * budget and the scheduler share one virtual clock; the scheduler's waits are recorded and time
 * moves to each of them, so nothing here waits out a real Retry-After.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayMetrics } from '../../../src/agent/sinks/relay-metrics.js';
import { createUpdateScheduler } from '../../../src/agent/sinks/update-scheduler.js';
import { type SlackEmulator, slackRateLimitTable, startSlackEmulator } from '../../../src/emulators/slack/index.js';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createRateBudget } from '../../../src/slack-api/rate-budget.js';
import { createWebClientWriter } from '../../../src/slack/agent/relay/web-client-writer.js';
import { createRedisStateStore } from '../../../src/store/redis-state-store.js';
import { createSchedulerClock } from '../support/scheduler-clock.js';
import { BOT_TOKEN, REDIS_URL } from '../support/relay-harness.js';

describe('update scheduler when Slack is stricter than the budget', () => {
  const time = createSchedulerClock();
  const store = createRedisStateStore({ url: REDIS_URL, keyPrefix: `test:sched429:${randomUUID().slice(0, 8)}:` });
  let slack: SlackEmulator;
  beforeAll(async () => {
    // Slack here allows chat.update only 30/min with no burst: the budget (47/min) is too generous.
    slack = await startSlackEmulator({
      botToken: BOT_TOKEN,
      clock: time.now,
      rateLimits: { ...slackRateLimitTable, 'chat.update': [{ perMinute: 30, burst: 1, scope: 'workspace' }] },
    });
  });
  afterAll(async () => {
    for (const key of await store.keys('')) await store.delete(key);
    await store.close();
    await slack?.close();
  });

  it('waits out each Retry-After on its clock before the next write, reports stalls, and still lands every final answer', async () => {
    const logLines: string[] = [];
    const logger = createLogger({ level: 'info', redact: createRedactor([BOT_TOKEN]), write: (l) => logLines.push(l) });
    const writer = createWebClientWriter({ token: BOT_TOKEN, apiUrl: slack.apiUrl, logger });
    const metrics = createRelayMetrics();
    const scheduler = createUpdateScheduler({
      budget: createRateBudget({ store, clock: time.now }),
      metrics,
      logger,
      clock: time.now,
      timers: time.timers,
      stallAfterMs: 400,
    });
    const channel = slack.defaultChannelId;
    const runs = ['moutai', 'catl', 'byd'];
    const roots = new Map<string, string>();
    const messages = new Map<string, string>();
    for (const run of runs) {
      const { ts: root } = await slack.postMessage({ text: `${run} cash flow`, channel_id: channel, user_id: slack.defaultUserId });
      roots.set(run, root);
      messages.set(run, (await writer.postMessage({ channel, threadTs: root, text: 'Working…', blocks: [] })).ts);
      // chat.postMessage allows one a second per channel.
      await time.advance(1_000);
    }

    // Each run has progress pending, then ends; a send reads the newest content when it runs.
    const latest = new Map(runs.map((run) => [run, `Working on ${run}…`]));
    let inFlight = 0;
    const send = (run: string) => async () => {
      inFlight += 1;
      try {
        await writer.update({ channel, ts: messages.get(run)!, text: latest.get(run)!, blocks: [] });
      } finally {
        inFlight -= 1;
      }
    };
    const slot = (run: string, final = false) => ({
      teamId: slack.teamId,
      channelId: channel,
      method: 'chat.update' as const,
      runId: run,
      since: time.now(),
      final,
    });
    const writes = runs.map((run) => scheduler.schedule(slot(run), send(run)));
    for (const run of runs) latest.set(run, `Research report: ${run}`);
    writes.push(...runs.map((run) => scheduler.schedule(slot(run, true), send(run))));
    let settled = false;
    const all = Promise.all(writes).finally(() => {
      settled = true;
    });
    await time.driveUntil(
      () => settled,
      () => inFlight > 0,
    );
    await all;

    // Slack refused some writes, and the scheduler waited on its clock instead of dropping them.
    expect(metrics.snapshot().rateLimited).toBeGreaterThan(0);
    const retryAfters = logLines
      .filter((l) => l.includes('slack rate limited a relay write'))
      .map((l) => (JSON.parse(l) as { retryAfterMs: number }).retryAfterMs);
    expect(retryAfters).toHaveLength(metrics.snapshot().rateLimited);
    expect(time.waits.length).toBeGreaterThan(0);
    // After each 429 the next chat.update reached Slack no sooner than its Retry-After, on the shared clock.
    const updates = slack.calls.filter((c) => c.method === 'chat.update');
    const refused = updates.flatMap((call, i) => (call.status === 429 ? [i] : []));
    expect(refused).toHaveLength(retryAfters.length);
    refused.forEach((i, n) => {
      const next = updates[i + 1];
      expect(next).toBeDefined();
      expect(next!.at - updates[i]!.at).toBeGreaterThanOrEqual(retryAfters[n]!);
    });
    // The waiting writes were reported as stalled.
    expect(metrics.snapshot().stalls).toBeGreaterThan(0);
    expect(logLines.some((l) => l.includes('relay update stalled'))).toBe(true);
    // Nothing lost: every run's message ends with its final answer.
    for (const run of runs) {
      const reply = slack.threadReplies(channel, roots.get(run)!).find((m) => m.ts === messages.get(run));
      expect(reply?.text).toBe(`Research report: ${run}`);
    }
    scheduler.close();
  });
});
