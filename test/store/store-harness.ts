/**
 * Builds isolated state stores for tests: Redis (real server, DB 15, a unique key prefix), the
 * file store (a temp dir, an injected clock) and the memory store (an injected clock). Time for
 * TTLs moves only when a test says so: the manual clock for the file and memory stores, and for
 * Redis every TTL under the test's prefix shortened by the same amount (no real waiting).
 * Shared by the store and digest suites.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { TickTimer } from '../../src/schedules/tick-timer.js';
import { createFileStateStore } from '../../src/store/file-state-store.js';
import { createMemoryStateStore } from '../../src/store/memory-state-store.js';
import type { RedisConnection } from '../../src/store/redis-connection.js';
import { createRedisStateStore, describeRedisUrl } from '../../src/store/redis-state-store.js';
import type { StateStore } from '../../src/store/state-store.js';
import { StateStoreError } from '../../src/store/state-store-error.js';

export const redisTestUrl = (): string => process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379/15';

/** Only an explicit SKIP_REDIS_TESTS=1 leaves the Redis half out; CI never sets it. */
export const skipRedisTests = (): boolean => process.env.SKIP_REDIS_TESTS === '1';

/** Fails with instructions when the test Redis is not there. */
export async function assertRedisReachable(): Promise<void> {
  const url = redisTestUrl();
  const probe = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_500,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${describeRedisUrl(url)} (${error instanceof Error ? error.message : String(error)}). ` +
        'The Redis half of the state-store tests needs a real server: start one (`redis-server --port 6379`) or set ' +
        'REDIS_TEST_URL (e.g. redis://127.0.0.1:6379/15). Set SKIP_REDIS_TESTS=1 only to leave these tests out on purpose.',
    );
  } finally {
    probe.disconnect();
  }
}

export function uniquePrefix(label: string): string {
  return `test:${label}:${randomUUID()}:`;
}

export function buildRedisStore(keyPrefix: string): StateStore {
  return createRedisStateStore({ url: redisTestUrl(), keyPrefix, maxRetriesPerRequest: 1, commandTimeoutMs: 3_000 });
}

/** Removes every key a test wrote under its prefix. */
export async function clearRedisPrefix(keyPrefix: string, open: (prefix: string) => StateStore = buildRedisStore): Promise<void> {
  const store = open(keyPrefix);
  try {
    for (const key of await store.keys('')) await store.delete(key);
  } finally {
    await store.close();
  }
}

/** Moves every TTL under `keyPrefix` forward by `ms` at once (Lua, one key at a time): expired keys go. */
const ADVANCE_TTL = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return 0 end
if ttl <= tonumber(ARGV[1]) then redis.call('DEL', KEYS[1]) return 1 end
redis.call('PEXPIRE', KEYS[1], ttl - tonumber(ARGV[1]))
return 0`;

/**
 * Redis has no clock to inject, so the test moves time on the data instead: each key's remaining
 * TTL is cut by `ms`, and keys whose TTL runs out are deleted, as if `ms` had passed. Real time
 * that passes meanwhile (milliseconds) is negligible next to the TTLs tests use (tens of seconds).
 */
export async function advanceRedisTtls(keyPrefix: string, ms: number, dataNodeUrls: readonly string[] = [redisTestUrl()]): Promise<void> {
  // Every node holding data (each master of a Cluster): SCAN and EVAL see only the node's own keys.
  for (const url of dataNodeUrls) {
    const redis = new Redis(url, { maxRetriesPerRequest: 1 });
    try {
      let cursor = '0';
      do {
        const [next, batch] = await redis.scan(cursor, 'MATCH', `${keyPrefix.replace(/[*?[\]\\]/g, (c) => `\\${c}`)}*`, 'COUNT', 500);
        cursor = next;
        for (const key of batch) await redis.eval(ADVANCE_TTL, 1, key, String(ms));
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }
}

/**
 * Redis on a topology (a Cluster, a Sentinel-managed master) under test. `dataNodeUrls` names the
 * servers that hold keys right now (every master of a Cluster; the current Sentinel master), which
 * moving TTLs must visit.
 */
export function buildTopologyStoreUnderTest(
  connection: RedisConnection,
  label: string,
  dataNodeUrls: () => Promise<string[]>,
): StoreUnderTest {
  const prefix = uniquePrefix(label);
  const open = (keyPrefix: string): StateStore =>
    createRedisStateStore({ connection, keyPrefix, maxRetriesPerRequest: 1, commandTimeoutMs: 3_000 });
  return {
    kind: 'redis',
    open: async () => open(prefix),
    advance: async (ms) => advanceRedisTtls(prefix, ms, await dataNodeUrls()),
    clock: Date.now,
    cleanup: () => clearRedisPrefix(prefix, open),
  };
}

export interface ManualClock {
  now: () => number;
  /** Moves time forward, firing every timer that falls due on the way (in due order). */
  advance: (ms: number) => void;
  /** Jumps to `ms` (forward or back), firing every timer due by then. */
  set: (ms: number) => void;
  /** Timers on this clock: they fire only when the test moves it. */
  timer: TickTimer;
  /** How many timers are scheduled and not yet fired or cancelled. */
  pendingTimers: () => number;
}

export function buildManualClock(startMs = Date.parse('2025-03-10T00:00:00.000Z')): ManualClock {
  let current = startMs;
  let nextId = 0;
  const timers = new Map<number, { dueMs: number; callback: () => void }>();
  const fireDue = (): void => {
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.dueMs <= current).sort((a, b) => a[1].dueMs - b[1].dueMs || a[0] - b[0])[0];
      if (due === undefined) return;
      timers.delete(due[0]);
      due[1].callback();
    }
  };
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
      fireDue();
    },
    set: (ms) => {
      current = ms;
      fireDue();
    },
    timer: {
      schedule(callback, ms) {
        const id = nextId++;
        timers.set(id, { dueMs: current + ms, callback });
        return () => {
          timers.delete(id);
        };
      },
    },
    pendingTimers: () => timers.size,
  };
}

export async function makeTempDir(label: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `research-desk-${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export function buildFileStore(dir: string, clock: ManualClock, extra: { compactAfterBytes?: number } = {}): Promise<StateStore> {
  return createFileStateStore({ dir, clock: clock.now, ...extra });
}

export type StoreKind = StateStore['kind'];

/**
 * One store kind under test. `advance` moves time for TTLs without waiting: the injected clock of
 * the file and memory stores, or every TTL under the test's Redis prefix (advanceRedisTtls).
 */
export interface StoreUnderTest {
  kind: StoreKind;
  /** A connection to the store under test; for memory, the one shared store (a process has one memory). */
  open: () => Promise<StateStore>;
  advance: (ms: number) => Promise<void>;
  /** Clock the domain stores should use. */
  clock: () => number;
  cleanup: () => Promise<void>;
}

export async function buildStoreUnderTest(kind: StoreKind, label: string): Promise<StoreUnderTest> {
  if (kind === 'redis') {
    const prefix = uniquePrefix(label);
    return {
      kind,
      open: async () => buildRedisStore(prefix),
      advance: (ms) => advanceRedisTtls(prefix, ms),
      clock: Date.now,
      cleanup: () => clearRedisPrefix(prefix),
    };
  }
  const clock = buildManualClock();
  if (kind === 'memory') {
    const shared = createMemoryStateStore({ clock: clock.now });
    return {
      kind,
      open: async () => reopenable(shared),
      advance: async (ms) => clock.advance(ms),
      clock: clock.now,
      cleanup: async () => undefined,
    };
  }
  const temp = await makeTempDir(label);
  return {
    kind,
    open: () => buildFileStore(temp.dir, clock),
    advance: async (ms) => clock.advance(ms),
    clock: clock.now,
    cleanup: temp.remove,
  };
}

/** A handle on a shared memory store whose close() closes only the handle, like a Redis connection. */
function reopenable(shared: StateStore): StateStore {
  let closed = false;
  const open = <T>(op: () => Promise<T>): Promise<T> =>
    closed ? Promise.reject(new StateStoreError('closed', 'memory state store handle is closed')) : op();
  return {
    kind: shared.kind,
    get: (key) => open(() => shared.get(key)),
    set: (key, value, ttlMs) => open(() => shared.set(key, value, ttlMs)),
    setIfAbsent: (key, value, ttlMs) => open(() => shared.setIfAbsent(key, value, ttlMs)),
    addToSet: (key, member, ttlMs) => open(() => shared.addToSet(key, member, ttlMs)),
    delete: (key) => open(() => shared.delete(key)),
    deleteIfEquals: (key, expected) => open(() => shared.deleteIfEquals(key, expected)),
    replaceIfEquals: (key, expected, value, ttlMs) => open(() => shared.replaceIfEquals(key, expected, value, ttlMs)),
    increment: (key, by, ttlMs) => open(() => shared.increment(key, by, ttlMs)),
    keys: (prefix) => open(() => shared.keys(prefix)),
    ping: () => open(() => shared.ping()),
    close: async () => {
      closed = true;
    },
  };
}

/** Store kinds the shared suites run on; the unit tier runs only 'memory' (see vitest.config.ts). */
export const storeKinds = (kinds: readonly StoreKind[] = ['redis', 'file', 'memory']): StoreKind[] =>
  kinds.filter((kind) => kind !== 'redis' || !skipRedisTests());
