/**
 * Replay claims on a real Redis: an event id (Slack's retries) and a signed request's digest
 * (a replayed slash command or click) are claimed once across replicas, for as long as their
 * default TTL, and no longer. Time moves with advanceRedisTtls, never by waiting.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventDedupe } from '../../src/store/event-dedupe.js';
import { TTL } from '../../src/store/keys.js';
import { SignedRequestDedupe } from '../../src/store/signed-request-dedupe.js';
import type { StateStore } from '../../src/store/state-store.js';
import {
  advanceRedisTtls,
  assertRedisReachable,
  buildRedisStore,
  clearRedisPrefix,
  skipRedisTests,
  uniquePrefix,
} from './store-harness.js';

describe.skipIf(skipRedisTests())('replay claims on Redis', () => {
  let prefix: string;
  let replicaA: StateStore;
  let replicaB: StateStore;

  beforeAll(assertRedisReachable);

  beforeEach(() => {
    prefix = uniquePrefix('replay-claims');
    replicaA = buildRedisStore(prefix);
    replicaB = buildRedisStore(prefix);
  });

  afterEach(async () => {
    await replicaA.close();
    await replicaB.close();
    await clearRedisPrefix(prefix);
  });

  describe('EventDedupe', () => {
    it('claims an event id once across replicas: a redelivery to another replica is a repeat', async () => {
      expect(await new EventDedupe(replicaA).claim('Ev0001')).toBe(true);
      expect(await new EventDedupe(replicaB).claim('Ev0001')).toBe(false);
      expect(await new EventDedupe(replicaB).claim('Ev0002')).toBe(true);
    });

    it('hands a contested event id to exactly one of many concurrent deliveries', async () => {
      const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => new EventDedupe(i % 2 ? replicaA : replicaB).claim('Ev0003')));
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it('keeps a claim for the whole default TTL (an hour, Slack retries for minutes), then lets it go', async () => {
      const dedupe = new EventDedupe(replicaA);
      expect(TTL.eventMs).toBeGreaterThanOrEqual(10 * 60_000);
      expect(await dedupe.claim('Ev0004')).toBe(true);
      await advanceRedisTtls(prefix, TTL.eventMs - 60_000);
      expect(await dedupe.claim('Ev0004')).toBe(false);
      await advanceRedisTtls(prefix, 61_000);
      expect(await dedupe.claim('Ev0004')).toBe(true);
    });

    it('forgets a released claim, so the same event id can be claimed again, and only that one', async () => {
      const dedupe = new EventDedupe(replicaA);
      await dedupe.claim('Ev0005');
      await dedupe.claim('Ev0006');
      await new EventDedupe(replicaB).release('Ev0005');
      expect(await dedupe.claim('Ev0005')).toBe(true);
      expect(await dedupe.claim('Ev0006')).toBe(false);
    });
  });

  describe('SignedRequestDedupe', () => {
    const SIGNED_AT = Math.floor(Date.now() / 1000);

    it('claims a signed request digest once across replicas: a replay to another replica is refused', async () => {
      expect(await new SignedRequestDedupe(replicaA).claim('digest-1', SIGNED_AT)).toBe(true);
      expect(await new SignedRequestDedupe(replicaB).claim('digest-1', SIGNED_AT)).toBe(false);
      expect(await new SignedRequestDedupe(replicaB).claim('digest-2', SIGNED_AT)).toBe(true);
    });

    it("keeps a claim past Slack's five-minute replay window for its default TTL, then lets it go", async () => {
      const dedupe = new SignedRequestDedupe(replicaA);
      expect(TTL.signedRequestMs).toBeGreaterThan(5 * 60_000);
      expect(await dedupe.claim('digest-3', SIGNED_AT)).toBe(true);
      await advanceRedisTtls(prefix, TTL.signedRequestMs - 30_000);
      expect(await dedupe.claim('digest-3', SIGNED_AT)).toBe(false);
      await advanceRedisTtls(prefix, 31_000);
      expect(await dedupe.claim('digest-3', SIGNED_AT)).toBe(true);
    });

    it('does not share claims with event ids, even for the same string', async () => {
      expect(await new EventDedupe(replicaA).claim('same')).toBe(true);
      expect(await new SignedRequestDedupe(replicaA).claim('same', SIGNED_AT)).toBe(true);
    });
  });
});
