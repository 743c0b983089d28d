/**
 * Named leases on the real Redis store (leases.ts): one holder at a time, only the holder renews or
 * releases, and a lease whose holder stops renewing ends with its TTL. Time moves on the data
 * (advanceRedisTtls cuts every TTL under the test's prefix), never by waiting.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { keys, leaseNames } from '../../src/store/keys.js';
import { Leases, leaseFor } from '../../src/store/leases.js';
import { advanceRedisTtls, buildRedisStore, clearRedisPrefix, uniquePrefix } from './store-harness.js';

describe('Leases on Redis', () => {
  const prefix = uniquePrefix('leases');
  const store = buildRedisStore(prefix);
  const leases = new Leases(store);
  afterAll(async () => {
    await store.close();
    await clearRedisPrefix(prefix);
  });

  it('a free lease goes to the first holder, whose id the store keeps under the lease key', async () => {
    expect(await leases.holder('free-1')).toBeNull();
    expect(await leases.acquire('free-1', 'replica-a', 30_000)).toBe(true);
    expect(await store.get(keys.lease('free-1'))).toBe('replica-a');
    expect(await leases.holder('free-1')).toBe('replica-a');
  });

  it('a held lease is refused to another holder; its holder acquiring it again keeps it', async () => {
    expect(await leases.acquire('held-1', 'replica-a', 30_000)).toBe(true);
    expect(await leases.acquire('held-1', 'replica-b', 30_000)).toBe(false);
    expect(await leases.acquire('held-1', 'replica-a', 30_000)).toBe(true);
    expect(await leases.holder('held-1')).toBe('replica-a');
  });

  it('the holder acquiring its lease again renews its TTL', async () => {
    expect(await leases.acquire('reacquire-1', 'replica-a', 20_000)).toBe(true);
    await advanceRedisTtls(prefix, 15_000);
    expect(await leases.acquire('reacquire-1', 'replica-a', 20_000)).toBe(true);
    // Past the first TTL, well within the renewed one.
    await advanceRedisTtls(prefix, 10_000);
    expect(await leases.holder('reacquire-1')).toBe('replica-a');
    expect(await leases.acquire('reacquire-1', 'replica-b', 20_000)).toBe(false);
  });

  it('only the holder renews, and a renewal keeps the lease past its first TTL', async () => {
    expect(await leases.acquire('renew-1', 'replica-a', 20_000)).toBe(true);
    expect(await leases.renew('renew-1', 'replica-b', 20_000)).toBe(false);
    expect(await leases.holder('renew-1')).toBe('replica-a');
    await advanceRedisTtls(prefix, 15_000);
    expect(await leases.renew('renew-1', 'replica-a', 20_000)).toBe(true);
    await advanceRedisTtls(prefix, 10_000);
    expect(await leases.holder('renew-1')).toBe('replica-a');
  });

  it('a lease nobody holds cannot be renewed (renewing never creates it)', async () => {
    expect(await leases.renew('never-held', 'replica-a', 20_000)).toBe(false);
    expect(await leases.holder('never-held')).toBeNull();
  });

  it('only the holder releases; a released lease is free for the next holder', async () => {
    expect(await leases.acquire('release-1', 'replica-a', 30_000)).toBe(true);
    expect(await leases.release('release-1', 'replica-b')).toBe(false);
    expect(await leases.holder('release-1')).toBe('replica-a');
    expect(await leases.release('release-1', 'replica-a')).toBe(true);
    expect(await leases.holder('release-1')).toBeNull();
    expect(await leases.release('release-1', 'replica-a')).toBe(false);
    expect(await leases.acquire('release-1', 'replica-b', 30_000)).toBe(true);
  });

  it('a lease whose holder stops renewing ends with its TTL: another takes it, the old holder can neither renew nor release it', async () => {
    expect(await leases.acquire('expire-1', 'dead', 20_000)).toBe(true);
    await advanceRedisTtls(prefix, 20_000);
    expect(await leases.holder('expire-1')).toBeNull();
    expect(await leases.acquire('expire-1', 'alive', 20_000)).toBe(true);
    expect(await leases.renew('expire-1', 'dead', 20_000)).toBe(false);
    expect(await leases.release('expire-1', 'dead')).toBe(false);
    expect(await leases.holder('expire-1')).toBe('alive');
  });

  it('run leases are named per run, under the store’s run lease key', async () => {
    expect(leaseFor.run('T1-r9')).toBe(leaseNames.run('T1-r9'));
    expect(await leases.acquire(leaseFor.run('T1-r9'), 'replica-a', 30_000)).toBe(true);
    expect(await store.get(keys.runLease('T1-r9'))).toBe('replica-a');
    expect(await leases.acquire(leaseFor.run('T1-r10'), 'replica-b', 30_000)).toBe(true);
  });

  it('hands a contested lease to exactly one of many holders', async () => {
    const won = await Promise.all(Array.from({ length: 12 }, (_, i) => leases.acquire('contested-1', `h${i}`, 30_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await leases.holder('contested-1')).toBe(`h${won.indexOf(true)}`);
  });
});
