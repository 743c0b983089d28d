/**
 * Listing on one Redis server walks the keyspace in SCAN calls of SCAN_COUNT keys each (see
 * redis-state-store.ts for why the count is large): a listing larger than one call must follow the
 * cursor to its end and keep only its own prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStateStore } from '../../src/store/redis-state-store.js';
import type { StateStore } from '../../src/store/state-store.js';
import { assertRedisReachable, clearRedisPrefix, redisTestUrl, skipRedisTests, uniquePrefix } from './store-harness.js';

describe.skipIf(skipRedisTests())('listing keys on one Redis server', () => {
  const prefix = uniquePrefix('redis-scan');
  const open = (keyPrefix: string, scanCount?: number): StateStore =>
    createRedisStateStore({ url: redisTestUrl(), keyPrefix, maxRetriesPerRequest: 1, ...(scanCount ? { scanCount } : {}) });
  let store: StateStore;

  beforeAll(async () => {
    await assertRedisReachable();
    store = open(prefix, 3);
  });
  afterAll(async () => {
    await store?.close();
    await clearRedisPrefix(prefix, (p) => open(p));
  });

  it('follows the cursor over several SCAN calls and lists only its prefix', async () => {
    const queued = Array.from({ length: 40 }, (_, i) => `thread-queue:T1:C${i}`);
    const others = Array.from({ length: 40 }, (_, i) => `signed-request:${i}`);
    await Promise.all([...queued, ...others].map((key) => store.set(key, '1')));
    expect((await store.keys('thread-queue:')).sort()).toEqual([...queued].sort());
  });
});
