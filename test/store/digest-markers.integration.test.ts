/**
 * Per-slot digest markers (digest-markers.ts) on the real Redis store: exactly one claimer wins a
 * channel's slot and owns its pending marker until it completes or hands it over; what is stored is
 * the exact record readers parse. The clock is the test's; TTLs move on the data (advanceRedisTtls).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DigestMarkers } from '../../src/store/digest-markers.js';
import { keys } from '../../src/store/keys.js';
import { advanceRedisTtls, buildRedisStore, clearRedisPrefix, uniquePrefix } from './store-harness.js';

const SLOT = '2025-03-10T01:00:00.000Z';

describe('DigestMarkers on Redis', () => {
  const prefix = uniquePrefix('digest-markers');
  const store = buildRedisStore(prefix);
  let now = 1_741_568_400_000;
  const markers = new DigestMarkers(store, () => now);
  afterAll(async () => {
    await store.close();
    await clearRedisPrefix(prefix);
  });

  it('one of many claimers wins a slot, and its pending marker names it', async () => {
    const won = await Promise.all(Array.from({ length: 8 }, (_, i) => markers.claimSlot('T1', 'C1', SLOT, `h${i}`)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await markers.getSlot('T1', 'C1', SLOT)).toEqual({ state: 'pending', holderId: `h${won.indexOf(true)}` });
    expect(await markers.claimSlot('T1', 'C1', SLOT, 'late')).toBe(false);
  });

  it('a claim without a holder id is the scheduler’s', async () => {
    expect(await markers.claimSlot('T1', 'C-default', SLOT)).toBe(true);
    expect(await markers.getSlot('T1', 'C-default', SLOT)).toEqual({ state: 'pending', holderId: 'scheduler' });
    expect(await markers.completeSlot('T1', 'C-default', SLOT, 'scheduler', 'posted')).toBe(true);
  });

  it('slots are per workspace, channel and slot', async () => {
    expect(await markers.claimSlot('T2', 'C1', SLOT, 'a')).toBe(true);
    expect(await markers.claimSlot('T2', 'C2', SLOT, 'b')).toBe(true);
    expect(await markers.claimSlot('T3', 'C1', SLOT, 'c')).toBe(true);
    expect(await markers.claimSlot('T2', 'C1', '2025-03-11T01:00:00.000Z', 'd')).toBe(true);
    expect(await markers.getSlot('T2', 'C1', SLOT)).toEqual({ state: 'pending', holderId: 'a' });
    expect(await markers.getSlot('T2', 'C9', SLOT)).toBeNull();
  });

  it('only the claimer completes its slot; the outcome records who and when, and no reason unless given', async () => {
    expect(await markers.claimSlot('T4', 'C1', SLOT, 'winner')).toBe(true);
    expect(await markers.completeSlot('T4', 'C1', SLOT, 'someone-else', 'posted')).toBe(false);
    expect(await markers.getSlot('T4', 'C1', SLOT)).toEqual({ state: 'pending', holderId: 'winner' });
    now += 5_000;
    expect(await markers.completeSlot('T4', 'C1', SLOT, 'winner', 'posted')).toBe(true);
    expect(await markers.getSlot('T4', 'C1', SLOT)).toEqual({ state: 'posted', holderId: 'winner', atMs: now });
    expect(JSON.parse((await store.get(keys.digestSlot('T4', 'C1', SLOT))) ?? 'null')).not.toHaveProperty('reason');
    // Completed is final: neither a second completion nor a new claim changes it.
    expect(await markers.completeSlot('T4', 'C1', SLOT, 'winner', 'skipped')).toBe(false);
    expect(await markers.claimSlot('T4', 'C1', SLOT, 'late')).toBe(false);
    expect((await markers.getSlot('T4', 'C1', SLOT))?.state).toBe('posted');
  });

  it('a completion with a reason keeps it', async () => {
    expect(await markers.claimSlot('T5', 'C1', SLOT, 'winner')).toBe(true);
    expect(await markers.completeSlot('T5', 'C1', SLOT, 'winner', 'channel_gone', 'channel_not_found')).toBe(true);
    expect(await markers.getSlot('T5', 'C1', SLOT)).toEqual({
      state: 'channel_gone',
      holderId: 'winner',
      atMs: now,
      reason: 'channel_not_found',
    });
  });

  it('a pending claim moves only from its recorded holder, and then belongs to the new one', async () => {
    expect(await markers.claimSlot('T6', 'C1', SLOT, 'dead')).toBe(true);
    expect(await markers.takeOverSlot('T6', 'C1', SLOT, 'not-the-holder', 'c')).toBe(false);
    expect(await markers.getSlot('T6', 'C1', SLOT)).toEqual({ state: 'pending', holderId: 'dead' });
    expect(await markers.takeOverSlot('T6', 'C1', SLOT, 'dead', 'c')).toBe(true);
    expect(await markers.getSlot('T6', 'C1', SLOT)).toEqual({ state: 'pending', holderId: 'c' });
    expect(await markers.completeSlot('T6', 'C1', SLOT, 'dead', 'posted')).toBe(false);
    expect(await markers.completeSlot('T6', 'C1', SLOT, 'c', 'posted')).toBe(true);
    // A completed slot is no pending claim to take over.
    expect(await markers.takeOverSlot('T6', 'C1', SLOT, 'c', 'd')).toBe(false);
  });

  it('a slot missed beyond grace is marked skipped once, with who, when and why, and then cannot be claimed', async () => {
    const missed = '2025-03-09T01:00:00.000Z';
    expect(await markers.markSkipped('T7', 'C1', missed, 'c', 'outside grace')).toBe(true);
    expect(await markers.getSlot('T7', 'C1', missed)).toEqual({ state: 'skipped', holderId: 'c', atMs: now, reason: 'outside grace' });
    expect(await markers.markSkipped('T7', 'C1', missed, 'd', 'again')).toBe(false);
    expect(await markers.claimSlot('T7', 'C1', missed, 'd')).toBe(false);
    expect((await markers.getSlot('T7', 'C1', missed))?.holderId).toBe('c');
  });

  it('keeps the ts of a slot’s digest per slot, readable after a crash', async () => {
    expect(await markers.getPostedTs('T8', 'C1', SLOT)).toBeNull();
    await markers.recordPostedTs('T8', 'C1', SLOT, '1741568400.000100');
    expect(await markers.getPostedTs('T8', 'C1', SLOT)).toBe('1741568400.000100');
    expect(await markers.getPostedTs('T8', 'C2', SLOT)).toBeNull();
    // The ts lives beside the marker, not in it.
    expect(await markers.getSlot('T8', 'C1', SLOT)).toBeNull();
  });

  it('keeps the previous digest snapshot per channel', async () => {
    const snapshot = { postedAtMs: 5, slot: SLOT, concepts: [{ conceptId: 'c1', name: 'AI chips', trendingScore: 9.5 }] };
    await markers.saveSnapshot('T9', 'C1', snapshot);
    expect(await markers.getSnapshot('T9', 'C1')).toEqual(snapshot);
    expect(await markers.getSnapshot('T9', 'C2')).toBeNull();
  });

  it('a marker and its ts end with the markers’ TTL', async () => {
    const shortPrefix = uniquePrefix('digest-markers-ttl');
    const shortStore = buildRedisStore(shortPrefix);
    try {
      const short = new DigestMarkers(shortStore, () => now, 20_000);
      expect(await short.claimSlot('T1', 'C1', SLOT, 'a')).toBe(true);
      await short.recordPostedTs('T1', 'C1', SLOT, '1.2');
      await advanceRedisTtls(shortPrefix, 10_000);
      expect(await short.getSlot('T1', 'C1', SLOT)).not.toBeNull();
      await advanceRedisTtls(shortPrefix, 10_000);
      expect(await short.getSlot('T1', 'C1', SLOT)).toBeNull();
      expect(await short.getPostedTs('T1', 'C1', SLOT)).toBeNull();
    } finally {
      await shortStore.close();
      await clearRedisPrefix(shortPrefix);
    }
  });
});
