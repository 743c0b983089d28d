import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createRateBudget } from '../../src/slack-api/rate-budget.js';
import { planSlots, SLACK_RATE_LIMITS } from '../../src/slack-api/rate-limits.js';
import { keys } from '../../src/store/keys.js';
import { createRedisStateStore } from '../../src/store/redis-state-store.js';
import { redisTestUrl } from '../store/store-harness.js';

describe('rate budget', () => {
  const prefix = `test:budget:${randomUUID().slice(0, 8)}:`;
  const a = createRedisStateStore({ url: redisTestUrl(), keyPrefix: prefix });
  const b = createRedisStateStore({ url: redisTestUrl(), keyPrefix: prefix });
  afterAll(async () => {
    for (const key of await a.keys('')) await a.delete(key);
    await Promise.all([a.close(), b.close()]);
  });

  it('plans windows that keep any sliding minute within the published limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 2000 }), fc.double({ min: 0.5, max: 1, noNaN: true }), (perMinute, margin) => {
        const plan = planSlots({ perMinute, scope: 'workspace', tier: 'x' }, margin);
        return plan.worstCasePerMinute <= Math.max(2, perMinute);
      }),
    );
    expect(planSlots(SLACK_RATE_LIMITS['chat.update']).worstCasePerMinute).toBeLessThanOrEqual(50);
  });

  it('grants one call per window across replicas sharing the store', async () => {
    // A fixed instant inside one window: both replicas compete for the same slot.
    const now = 1_000_000 * planSlots(SLACK_RATE_LIMITS['chat.update']).windowMs + 5;
    const one = createRateBudget({ store: a, clock: () => now });
    const two = createRateBudget({ store: b, clock: () => now });
    const decisions = await Promise.all([
      one.tryTake('T1', 'chat.update', 'C1'),
      two.tryTake('T1', 'chat.update', 'C1'),
      one.tryTake('T1', 'chat.update', 'C2'),
    ]);
    expect(decisions.filter((d) => d.granted)).toHaveLength(1);
    const denied = decisions.find((d) => !d.granted);
    expect(denied && !denied.granted && denied.retryInMs).toBeGreaterThan(0);
    // Another workspace has its own budget; chat.postMessage is per channel.
    expect((await two.tryTake('T2', 'chat.update', 'C1')).granted).toBe(true);
    expect((await one.tryTake('T1', 'chat.postMessage', 'C1')).granted).toBe(true);
    expect((await two.tryTake('T1', 'chat.postMessage', 'C2')).granted).toBe(true);
  });

  it('honours a 429 block on every replica until it ends', async () => {
    let now = 2_000_000 * 1000;
    const one = createRateBudget({ store: a, clock: () => now });
    const two = createRateBudget({ store: b, clock: () => now });
    await one.block('T3', 'chat.update', 'C1', now + 5000);
    const blocked = await two.tryTake('T3', 'chat.update', 'C1');
    expect(blocked).toEqual({ granted: false, retryInMs: 5000 });
    now += 5001;
    expect((await two.tryTake('T3', 'chat.update', 'C1')).granted).toBe(true);
  });

  it('keeps the store keys replicas share (a rolling deploy mixes versions)', () => {
    expect(keys.budgetWindow('T1', 'chat.postMessage', 'C1', 7)).toBe('budget:T1:chat.postMessage@C1:7');
    expect(keys.budgetWindow('T1', 'chat.update', undefined, 7)).toBe('budget:T1:chat.update:7');
    expect(keys.budgetBlocked('T1', 'chat.update', undefined)).toBe('budget:T1:chat.update:blocked');
  });
});
