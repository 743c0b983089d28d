import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRateBudget } from '../../../src/slack-api/rate-budget.js';
import { createRelayMetrics } from '../../../src/agent/sinks/relay-metrics.js';
import { createUpdateScheduler, SlotAbortedError } from '../../../src/agent/sinks/update-scheduler.js';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createRedisStateStore } from '../../../src/store/redis-state-store.js';
import { REDIS_URL } from '../support/relay-harness.js';
import { createSchedulerClock } from '../support/scheduler-clock.js';

describe('update scheduler ordering', () => {
  const store = createRedisStateStore({ url: REDIS_URL, keyPrefix: `test:sched:${randomUUID().slice(0, 8)}:` });
  afterAll(async () => {
    for (const key of await store.keys('')) await store.delete(key);
    await store.close();
  });
  const build = () => {
    const metrics = createRelayMetrics();
    // Time moves only when the test moves it: one slot per budget window, granted in turn.
    const time = createSchedulerClock();
    const budget = createRateBudget({
      store,
      clock: time.now,
      limits: { 'chat.update': { perMinute: 1300, scope: 'workspace', tier: 'test' } },
    });
    const scheduler = createUpdateScheduler({
      budget,
      metrics,
      clock: time.now,
      timers: time.timers,
      logger: createLogger({ level: 'error', redact: createRedactor([]), write: () => undefined }),
    });
    /** Moves time to each wake-up of the scheduler until every write of `writes` is sent. */
    const drive = async (writes: Array<Promise<unknown>>): Promise<void> => {
      let settled = false;
      const all = Promise.all(writes).finally(() => {
        settled = true;
      });
      await time.driveUntil(() => settled);
      await all;
    };
    // A workspace of its own: no budget window shared with another test.
    const teamId = `T${randomUUID().slice(0, 8)}`;
    const slot = (runId: string, since: number) => ({ teamId, channelId: 'C1', method: 'chat.update' as const, runId, since });
    return { scheduler, metrics, time, drive, slot };
  };

  it('serves the content pending longest first, one slot at a time', async () => {
    const { scheduler, metrics, time, drive, slot } = build();
    const order: string[] = [];
    const now = time.now();
    await drive([
      scheduler.schedule(slot('c', now - 100), async () => order.push('c')),
      scheduler.schedule(slot('a', now - 300), async () => order.push('a')),
      scheduler.schedule(slot('b', now - 200), async () => order.push('b')),
    ]);
    // All three were queued before the first slot was granted (the grant is re-picked after the budget answers).
    expect(order).toEqual(['a', 'b', 'c']);
    expect(metrics.snapshot().callsByMethod['chat.update']).toBe(3);
    // One slot per budget window: the two later ones each waited for the next window.
    expect(time.waits).toHaveLength(2);
    scheduler.close();
  });

  it("serves a finished run's final answer before older progress of runs still going", async () => {
    const { scheduler, time, drive, slot } = build();
    const order: string[] = [];
    const now = time.now();
    await drive([
      scheduler.schedule(slot('first', now), async () => order.push('first')),
      scheduler.schedule(slot('a', now - 300), async () => order.push('a')),
      scheduler.schedule({ ...slot('final', now - 10), final: true }, async () => order.push('final')),
      scheduler.schedule(slot('b', now - 200), async () => order.push('b')),
    ]);
    // The final answer first, then by age: 'first' (the newest) last, though it was asked for first.
    expect(order).toEqual(['final', 'a', 'b', 'first']);
    scheduler.close();
  });

  it('withdraws an aborted request without sending it', async () => {
    const { scheduler, time, slot } = build();
    const sent: string[] = [];
    await scheduler.schedule(slot('x', time.now()), async () => sent.push('x'));
    const abort = new AbortController();
    const pending = scheduler.schedule(slot('y', time.now()), async () => sent.push('y'), abort.signal);
    abort.abort();
    await expect(pending).rejects.toBeInstanceOf(SlotAbortedError);
    // Time moves past the next window: the withdrawn request is still never sent.
    await time.advance(60_000);
    expect(sent).toEqual(['x']);
    expect(scheduler.pending()).toBe(0);
    scheduler.close();
  });
});
