import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_DISTRIBUTIONS, defaultDistribution, readPageSize } from '../../src/slack-api/app-distribution.js';
import { createRateBudget } from '../../src/slack-api/rate-budget.js';
import { planSlots, SLACK_RATE_LIMITS, slackRateLimitsFor } from '../../src/slack-api/rate-limits.js';
import { SLACK_METHOD } from '../../src/slack-api/slack-method.js';
import { createMemoryStateStore } from '../../src/store/memory-state-store.js';
import { createRedisStateStore } from '../../src/store/redis-state-store.js';
import { redisTestUrl } from '../store/store-harness.js';

const READS = [SLACK_METHOD.history, SLACK_METHOD.replies] as const;

describe('the rate table per distribution tier', () => {
  it('non-marketplace: history and replies once a minute per workspace, pages of 15; every other method as Tier 3 apps', () => {
    const table = slackRateLimitsFor('non-marketplace');
    for (const method of READS) expect(table[method]).toEqual({ perMinute: 1, scope: 'workspace', tier: 'non-marketplace' });
    for (const [method, limit] of Object.entries(SLACK_RATE_LIMITS)) {
      if (!(READS as readonly string[]).includes(method)) expect(table[method as keyof typeof table]).toEqual(limit);
    }
    expect(readPageSize('non-marketplace')).toBe(15);
  });

  it.each(['internal', 'marketplace'] as const)('%s: history and replies stay Tier 3 (50 a minute), pages of 200', (distribution) => {
    const table = slackRateLimitsFor(distribution);
    for (const method of READS) expect(table[method]).toEqual({ perMinute: 50, scope: 'workspace', tier: 'T3' });
    expect(readPageSize(distribution)).toBe(200);
  });

  it('defaults: a bot token from the environment is internal, OAuth distribution non-marketplace', () => {
    expect(defaultDistribution(false)).toBe('internal');
    expect(defaultDistribution(true)).toBe('non-marketplace');
    expect(APP_DISTRIBUTIONS).toEqual(['internal', 'non-marketplace', 'marketplace']);
  });

  it('spaces calls when windows cannot hold a limit: 1 a minute becomes one call per 62.5 s', () => {
    expect(planSlots(slackRateLimitsFor('non-marketplace')[SLACK_METHOD.replies])).toEqual({
      mode: 'spacing',
      windowMs: 62_500,
      worstCasePerMinute: 1,
    });
    expect(planSlots(slackRateLimitsFor('internal')[SLACK_METHOD.replies]).mode).toBe('windows');
    // Any rate: the worst sliding minute stays within the published limit (and at least one call).
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.double({ min: 0.5, max: 1, noNaN: true }), (perMinute, margin) => {
        const plan = planSlots({ perMinute, scope: 'workspace', tier: 'x' }, margin);
        return plan.worstCasePerMinute <= Math.max(plan.mode === 'spacing' ? 1 : 2, perMinute);
      }),
    );
  });
});

describe('the shared budget in the non-marketplace tier', () => {
  it('grants one read a workspace per 62.5 s on the injected clock, per method and per workspace', async () => {
    let now = 1_700_000_000_000;
    const clock = () => now;
    const budget = createRateBudget({ store: createMemoryStateStore({ clock }), clock, distribution: 'non-marketplace' });
    expect(await budget.tryTake('T1', SLACK_METHOD.replies, 'C1')).toEqual({ granted: true });
    expect(await budget.tryTake('T1', SLACK_METHOD.replies, 'C2')).toEqual({ granted: false, retryInMs: 62_500 });
    expect((await budget.tryTake('T1', SLACK_METHOD.history, 'C1')).granted).toBe(true);
    expect((await budget.tryTake('T2', SLACK_METHOD.replies, 'C1')).granted).toBe(true);
    now += 62_499;
    expect(await budget.tryTake('T1', SLACK_METHOD.replies, 'C1')).toEqual({ granted: false, retryInMs: 1 });
    now += 1;
    expect((await budget.tryTake('T1', SLACK_METHOD.replies, 'C1')).granted).toBe(true);
    // A 429 still blocks beyond the spacing.
    await budget.block('T1', SLACK_METHOD.history, 'C1', now + 120_000);
    now += 62_500;
    expect(await budget.tryTake('T1', SLACK_METHOD.history, 'C1')).toEqual({ granted: false, retryInMs: 57_500 });
  });

  it('internal tier: Tier 3 windows, many reads a minute', async () => {
    const now = 1_700_000_000_000;
    const budget = createRateBudget({ store: createMemoryStateStore({ clock: () => now }), clock: () => now });
    expect(budget.plan(SLACK_METHOD.replies).mode).toBe('windows');
    expect(budget.plan(SLACK_METHOD.replies).worstCasePerMinute).toBeLessThanOrEqual(50);
  });

  describe('across replicas sharing Redis', () => {
    const prefix = `test:tier:${randomUUID().slice(0, 8)}:`;
    const a = createRedisStateStore({ url: redisTestUrl(), keyPrefix: prefix });
    const b = createRedisStateStore({ url: redisTestUrl(), keyPrefix: prefix });
    afterAll(async () => {
      for (const key of await a.keys('')) await a.delete(key);
      await Promise.all([a.close(), b.close()]);
    });

    it('grants one read among replicas racing for it, whatever the window edges', async () => {
      let now = 1_700_000_059_999;
      const one = createRateBudget({ store: a, clock: () => now, distribution: 'non-marketplace' });
      const two = createRateBudget({ store: b, clock: () => now, distribution: 'non-marketplace' });
      const first = await Promise.all([one.tryTake('T1', SLACK_METHOD.replies, 'C1'), two.tryTake('T1', SLACK_METHOD.replies, 'C1')]);
      expect(first.filter((d) => d.granted)).toHaveLength(1);
      now += 2;
      expect((await two.tryTake('T1', SLACK_METHOD.replies, 'C1')).granted).toBe(false);
      now += 62_500;
      const next = await Promise.all([one.tryTake('T1', SLACK_METHOD.replies, 'C1'), two.tryTake('T1', SLACK_METHOD.replies, 'C1')]);
      expect(next.filter((d) => d.granted)).toHaveLength(1);
    });
  });
});
