/**
 * The StateStore contract on the Redis topologies production runs besides one server: a
 * three-master Redis Cluster (every key routed to its slot, keys listed on every master) and a
 * Sentinel-managed master, which must keep answering through a SENTINEL FAILOVER. Each topology
 * is this file's own (test/support/private-redis-cluster.ts, private-redis-sentinel.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStateStore } from '../../src/store/redis-state-store.js';
import type { StateStore } from '../../src/store/state-store.js';
import { type PrivateRedisCluster, startPrivateRedisCluster } from '../support/private-redis-cluster.js';
import { type PrivateRedisSentinel, startPrivateRedisSentinel } from '../support/private-redis-sentinel.js';
import { describeStateStoreContractOn } from './state-store-contract.js';
import { buildTopologyStoreUnderTest, clearRedisPrefix, uniquePrefix } from './store-harness.js';

let cluster: PrivateRedisCluster | undefined;
let sentinel: PrivateRedisSentinel | undefined;

beforeAll(async () => {
  [cluster, sentinel] = await Promise.all([startPrivateRedisCluster(), startPrivateRedisSentinel()]);
}, 60_000);

afterAll(async () => {
  await Promise.all([cluster?.close(), sentinel?.close()]);
});

const started = <T>(topology: T | undefined): T => {
  if (topology === undefined) throw new Error('the Redis topology did not start (see the beforeAll error)');
  return topology;
};

describeStateStoreContractOn({
  title: 'redis cluster (3 masters)',
  kind: 'redis',
  build: async () => {
    const { nodes } = started(cluster);
    return buildTopologyStoreUnderTest({ kind: 'cluster', nodes }, 'cluster-contract', async () =>
      nodes.map((n) => `redis://${n.host}:${n.port}`),
    );
  },
});

describeStateStoreContractOn({
  title: 'redis sentinel',
  kind: 'redis',
  build: async () => {
    const { sentinels, name } = started(sentinel);
    return buildTopologyStoreUnderTest({ kind: 'sentinel', sentinels, name }, 'sentinel-contract', async () => [
      `redis://127.0.0.1:${await started(sentinel).masterPort()}`,
    ]);
  },
});

describe('Redis topologies', () => {
  it('lists keys held by every master of the cluster', async () => {
    const { nodes } = started(cluster);
    const prefix = uniquePrefix('cluster-spread');
    const open = (keyPrefix: string): StateStore =>
      createRedisStateStore({ connection: { kind: 'cluster', nodes }, keyPrefix, maxRetriesPerRequest: 1, scanCount: 4 });
    const store = open(prefix);
    try {
      const written = Array.from({ length: 60 }, (_, i) => `run:${i}`);
      // A COUNT of 4: each master's keys take several SCAN calls, whose cursors must be followed.
      for (const key of written) await store.set(key, 'x');
      // 60 keys over 16384 slots land on all three masters: a SCAN of one node would miss some.
      expect((await store.keys('run:')).sort()).toEqual([...written].sort());
    } finally {
      await store.close();
      await clearRedisPrefix(prefix, open);
    }
  });

  it('keeps leases and counters through a Sentinel failover', async () => {
    const topology = started(sentinel);
    const prefix = uniquePrefix('sentinel-failover');
    const open = (keyPrefix: string): StateStore =>
      createRedisStateStore({ connection: { kind: 'sentinel', sentinels: topology.sentinels, name: topology.name }, keyPrefix });
    const store = open(prefix);
    try {
      expect(await store.setIfAbsent('lease:run:1', 'replica-a', 60_000)).toBe(true);
      expect(await store.increment('budget:T1:chat.update:1', 1, 60_000)).toBe(1);
      const before = await topology.masterPort();
      const after = await topology.failover();
      expect(after).not.toBe(before);
      // The same client, with no restart: it follows the sentinels to the new master, where the
      // replicated lease still holds and the counter goes on.
      expect(await store.setIfAbsent('lease:run:1', 'replica-b', 60_000)).toBe(false);
      expect(await store.increment('budget:T1:chat.update:1', 1, 60_000)).toBe(2);
      expect(await store.replaceIfEquals('lease:run:1', 'replica-a', 'replica-a', 60_000)).toBe(true);
    } finally {
      await store.close();
      await clearRedisPrefix(prefix, open);
    }
  });
});
