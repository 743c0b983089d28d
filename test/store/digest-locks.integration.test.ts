/**
 * A channel's digest lock (digest-locks.ts) on the real Redis store: one replica per channel at a
 * time, per channel and workspace, under the lease key keys.ts names; a dead holder's lock ends
 * with its TTL (moved on the data by advanceRedisTtls, never waited for).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DigestLocks } from '../../src/store/digest-locks.js';
import { keys } from '../../src/store/keys.js';
import { Leases } from '../../src/store/leases.js';
import { advanceRedisTtls, buildRedisStore, clearRedisPrefix, uniquePrefix } from './store-harness.js';

describe('DigestLocks on Redis', () => {
  const prefix = uniquePrefix('digest-locks');
  const store = buildRedisStore(prefix);
  const locks = new DigestLocks(new Leases(store));
  afterAll(async () => {
    await store.close();
    await clearRedisPrefix(prefix);
  });

  it('one replica holds a channel’s lock; others are refused, the holder re-acquires it', async () => {
    expect(await locks.holder('T1', 'C1')).toBeNull();
    expect(await locks.acquire('T1', 'C1', 'replica-a', 30_000)).toBe(true);
    expect(await store.get(keys.digestLock('T1', 'C1'))).toBe('replica-a');
    expect(await locks.acquire('T1', 'C1', 'replica-b', 30_000)).toBe(false);
    expect(await locks.acquire('T1', 'C1', 'replica-a', 30_000)).toBe(true);
    expect(await locks.holder('T1', 'C1')).toBe('replica-a');
  });

  it('locks are per channel and per workspace', async () => {
    expect(await locks.acquire('T2', 'C1', 'replica-a', 30_000)).toBe(true);
    expect(await locks.acquire('T2', 'C2', 'replica-b', 30_000)).toBe(true);
    expect(await locks.acquire('T3', 'C1', 'replica-c', 30_000)).toBe(true);
    expect(await locks.holder('T2', 'C1')).toBe('replica-a');
    expect(await locks.holder('T2', 'C2')).toBe('replica-b');
    expect(await locks.holder('T3', 'C1')).toBe('replica-c');
  });

  it('only the holder renews its lock, and a renewed lock outlives its first TTL', async () => {
    expect(await locks.acquire('T4', 'C1', 'replica-a', 20_000)).toBe(true);
    expect(await locks.renew('T4', 'C1', 'replica-b', 20_000)).toBe(false);
    await advanceRedisTtls(prefix, 15_000);
    expect(await locks.renew('T4', 'C1', 'replica-a', 20_000)).toBe(true);
    await advanceRedisTtls(prefix, 10_000);
    expect(await locks.holder('T4', 'C1')).toBe('replica-a');
    expect(await locks.acquire('T4', 'C1', 'replica-b', 20_000)).toBe(false);
  });

  it('only the holder releases its lock; then another replica may take the channel', async () => {
    expect(await locks.acquire('T5', 'C1', 'replica-a', 30_000)).toBe(true);
    expect(await locks.release('T5', 'C1', 'replica-b')).toBe(false);
    expect(await locks.holder('T5', 'C1')).toBe('replica-a');
    expect(await locks.release('T5', 'C1', 'replica-a')).toBe(true);
    expect(await locks.holder('T5', 'C1')).toBeNull();
    expect(await locks.acquire('T5', 'C1', 'replica-b', 30_000)).toBe(true);
  });

  it('a dead holder’s lock ends with its TTL, and it can no longer renew it', async () => {
    expect(await locks.acquire('T6', 'C1', 'dead', 20_000)).toBe(true);
    await advanceRedisTtls(prefix, 20_000);
    expect(await locks.acquire('T6', 'C1', 'alive', 20_000)).toBe(true);
    expect(await locks.renew('T6', 'C1', 'dead', 20_000)).toBe(false);
    expect(await locks.holder('T6', 'C1')).toBe('alive');
  });
});
