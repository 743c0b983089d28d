/**
 * Builds isolated state stores for tests: Redis (real server, DB 15, a unique key prefix) and the
 * file store (a temp dir, an injected clock). Shared by the store and digest suites.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createFileStateStore } from '../../src/store/file-state-store.js';
import { createRedisStateStore, describeRedisUrl } from '../../src/store/redis-state-store.js';
import type { StateStore } from '../../src/store/state-store.js';

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
export async function clearRedisPrefix(keyPrefix: string): Promise<void> {
  const store = buildRedisStore(keyPrefix);
  try {
    for (const key of await store.keys('')) await store.delete(key);
  } finally {
    await store.close();
  }
}

export interface ManualClock {
  now: () => number;
  advance: (ms: number) => void;
  set: (ms: number) => void;
}

export function buildManualClock(startMs = Date.parse('2025-03-10T00:00:00.000Z')): ManualClock {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

export async function makeTempDir(label: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `research-desk-${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export function buildFileStore(dir: string, clock: ManualClock, extra: { compactAfterBytes?: number } = {}): Promise<StateStore> {
  return createFileStateStore({ dir, clock: clock.now, ...extra });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One store kind under test. `advance` moves time for TTLs: the file store's injected clock, or
 * real waiting for Redis (tests use TTLs of ~50 ms).
 */
export interface StoreUnderTest {
  kind: 'redis' | 'file';
  open: () => Promise<StateStore>;
  advance: (ms: number) => Promise<void>;
  /** Clock the domain stores should use. */
  clock: () => number;
  cleanup: () => Promise<void>;
}

export async function buildStoreUnderTest(kind: 'redis' | 'file', label: string): Promise<StoreUnderTest> {
  if (kind === 'redis') {
    const prefix = uniquePrefix(label);
    return {
      kind,
      open: async () => buildRedisStore(prefix),
      advance: (ms) => sleep(ms),
      clock: Date.now,
      cleanup: () => clearRedisPrefix(prefix),
    };
  }
  const clock = buildManualClock();
  const temp = await makeTempDir(label);
  return {
    kind,
    open: () => buildFileStore(temp.dir, clock),
    advance: async (ms) => clock.advance(ms),
    clock: clock.now,
    cleanup: temp.remove,
  };
}

export const storeKinds = (): Array<'redis' | 'file'> => (skipRedisTests() ? ['file'] : ['redis', 'file']);
