import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRateBudget } from '../../../src/slack-api/rate-budget.js';
import { createRelayMetrics } from '../../../src/agent/sinks/relay-metrics.js';
import { createUpdateScheduler, SlotAbortedError } from '../../../src/agent/sinks/update-scheduler.js';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createRedisStateStore } from '../../../src/store/redis-state-store.js';
import { REDIS_URL } from '../support/relay-harness.js';

describe('update scheduler ordering', () => {
  const store = createRedisStateStore({ url: REDIS_URL, keyPrefix: `test:sched:${randomUUID().slice(0, 8)}:` });
  afterAll(async () => {
    for (const key of await store.keys('')) await store.delete(key);
    await store.close();
  });
  const build = () => {
    const metrics = createRelayMetrics();
    // 1200/min: one slot every ~52 ms, so the order of grants is observable quickly.
    const budget = createRateBudget({
      store,
      clock: Date.now,
      limits: { 'chat.update': { perMinute: 1300, scope: 'workspace', tier: 'test' } },
    });
    const scheduler = createUpdateScheduler({
      budget,
      metrics,
      clock: Date.now,
      logger: createLogger({ level: 'error', redact: createRedactor([]), write: () => undefined }),
    });
    return { scheduler, metrics };
  };
  const slot = (runId: string, since: number) => ({ teamId: 'T1', channelId: 'C1', method: 'chat.update' as const, runId, since });

  it('serves the content pending longest first, one slot at a time', async () => {
    const { scheduler, metrics } = build();
    const order: string[] = [];
    const now = Date.now();
    await Promise.all([
      scheduler.schedule(slot('c', now - 100), async () => order.push('c')),
      scheduler.schedule(slot('a', now - 300), async () => order.push('a')),
      scheduler.schedule(slot('b', now - 200), async () => order.push('b')),
    ]);
    // The first request may be granted before the others are queued; the rest follow by age.
    expect(order.slice(1)).toEqual(order[0] === 'c' ? ['a', 'b'] : order[0] === 'a' ? ['b', 'c'] : ['a', 'c']);
    expect(metrics.snapshot().callsByMethod['chat.update']).toBe(3);
    scheduler.close();
  });

  it("serves a finished run's final answer before older progress of runs still going", async () => {
    const { scheduler } = build();
    const order: string[] = [];
    const now = Date.now();
    await Promise.all([
      scheduler.schedule(slot('first', now), async () => order.push('first')),
      scheduler.schedule(slot('a', now - 300), async () => order.push('a')),
      scheduler.schedule({ ...slot('final', now - 10), final: true }, async () => order.push('final')),
      scheduler.schedule(slot('b', now - 200), async () => order.push('b')),
    ]);
    // 'first' (the newest) may be granted before the rest are queued; the others: final, then by age.
    expect(order.filter((id) => id !== 'first')).toEqual(['final', 'a', 'b']);
    expect(['first', 'b']).toContain(order.at(-1));
    scheduler.close();
  });

  it('withdraws an aborted request without sending it', async () => {
    const { scheduler } = build();
    const sent: string[] = [];
    await scheduler.schedule(slot('x', Date.now()), async () => sent.push('x'));
    const abort = new AbortController();
    const pending = scheduler.schedule(slot('y', Date.now()), async () => sent.push('y'), abort.signal);
    abort.abort();
    await expect(pending).rejects.toBeInstanceOf(SlotAbortedError);
    expect(sent).toEqual(['x']);
    scheduler.close();
  });
});
