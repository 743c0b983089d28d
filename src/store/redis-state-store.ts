/**
 * StateStore on Redis (ioredis): production and several replicas, on one server, a Redis Cluster
 * or a Sentinel-managed master. Compare operations are Lua scripts so they are atomic on the
 * server; every command and script names exactly one key, so a Cluster never sees a cross-slot
 * request; listing uses SCAN (on every master), never KEYS.
 */
import type { Cluster, Redis } from 'ioredis';
import type { Logger } from '../observability/logger.js';
import { createRedisClient } from './redis-client.js';
import { describeRedisConnection, type RedisConnection } from './redis-connection.js';
import type { StateStore } from './state-store.js';
import { StateStoreError } from './state-store-error.js';

export { describeRedisUrl } from './redis-connection.js';

export interface RedisStateStoreOptions {
  /** One server; or set `connection` for a Cluster or Sentinel. */
  url?: string;
  connection?: RedisConnection;
  /** Namespaces every key (tests use a unique prefix per run). */
  keyPrefix?: string;
  logger?: Logger;
  /** Bounds how long a call waits through a Redis outage (reconnect attempts per command). */
  maxRetriesPerRequest?: number;
  /** Per-command timeout; a hung connection fails the call instead of stalling a run. */
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** SCAN's COUNT hint per call (default SCAN_COUNT); tests set a small one to list over several calls. */
  scanCount?: number;
}

/**
 * Keys SCAN looks at per call. A listing walks the whole keyspace: before replay claims became one
 * set a minute (signed-request-dedupe.ts), ~48,000 keys after a few minutes at 200 commands a
 * second, and at 500 a call a listing there cost the app 21 ms of CPU in round trips, at 5,000
 * 3 ms; the background sweeps list six prefixes every 30 s (issue 33: idle CPU). Event-dedupe and
 * budget keys still grow with traffic. Each call holds Redis ~3 ms at most.
 * @see https://redis.io/docs/latest/commands/scan/#the-count-option
 */
export const SCAN_COUNT = 5000;

// KEYS[1] key; ARGV[1] expected value.
const COMPARE_AND_DELETE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

// KEYS[1] key; ARGV[1] expected, ARGV[2] new value, ARGV[3] ttl ms (0 = no expiry).
const COMPARE_AND_REPLACE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  if tonumber(ARGV[3]) > 0 then
    redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  else
    redis.call('SET', KEYS[1], ARGV[2])
  end
  return 1
end
return 0`;

// KEYS[1] key; ARGV[1] increment, ARGV[2] ttl ms. The TTL is set only when the key has none,
// so a window counter keeps the expiry of its first increment.
const INCREMENT_WITH_TTL = `
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return value`;

// KEYS[1] set; ARGV[1] member, ARGV[2] ttl ms: the set lives that long past its last new member.
const ADD_WITH_TTL = `
local added = redis.call('SADD', KEYS[1], ARGV[1])
if added == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return added`;

interface Scripts {
  compareAndDelete(key: string, expected: string): Promise<number>;
  compareAndReplace(key: string, expected: string, value: string, ttlMs: string): Promise<number>;
  incrementWithTtl(key: string, by: string, ttlMs: string): Promise<number>;
  addWithTtl(key: string, member: string, ttlMs: string): Promise<number>;
}
type ScriptedClient = (Redis | Cluster) & Scripts;

/** Escapes glob characters so a key prefix matches literally in SCAN MATCH. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** Reconnect quickly at first, then every 2 s; ioredis never gives up, calls are bounded instead. */
export function redisRetryDelayMs(attempt: number): number {
  return Math.min(100 * 2 ** Math.max(0, attempt - 1), 2_000);
}

export function createRedisStateStore(options: RedisStateStoreOptions): StateStore {
  const prefix = options.keyPrefix ?? '';
  const scanCount = options.scanCount ?? SCAN_COUNT;
  const connection = options.connection ?? (options.url === undefined ? undefined : { kind: 'single' as const, url: options.url });
  if (connection === undefined) throw new StateStoreError('unavailable', 'redis state store: neither url nor connection given');
  const target = describeRedisConnection(connection);
  const logger = options.logger?.child({ component: 'redis-state-store', redis: target });

  const redis = createRedisClient(connection, {
    maxRetriesPerRequest: options.maxRetriesPerRequest ?? 5,
    commandTimeoutMs: options.commandTimeoutMs ?? 5_000,
    connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    retryDelayMs: redisRetryDelayMs,
  });
  const client = redis.commands as ScriptedClient;
  client.defineCommand('compareAndDelete', { numberOfKeys: 1, lua: COMPARE_AND_DELETE });
  client.defineCommand('compareAndReplace', { numberOfKeys: 1, lua: COMPARE_AND_REPLACE });
  client.defineCommand('incrementWithTtl', { numberOfKeys: 1, lua: INCREMENT_WITH_TTL });
  client.defineCommand('addWithTtl', { numberOfKeys: 1, lua: ADD_WITH_TTL });

  // Without a listener an 'error' event would crash the process; reconnects are ioredis's job.
  let lastErrorLogAt = 0;
  client.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastErrorLogAt < 5_000) return;
    lastErrorLogAt = now;
    logger?.warn('redis connection error', { error });
  });
  client.on('ready', () => logger?.debug('redis ready'));

  let closed = false;
  const k = (key: string): string => prefix + key;

  /** Runs a command, turning transport failures into a typed, retryable StateStoreError. */
  const call = async <T>(op: string, fn: () => Promise<T>): Promise<T> => {
    if (closed) throw new StateStoreError('closed', `redis state store is closed (${op})`);
    try {
      return await fn();
    } catch (error) {
      if (error instanceof StateStoreError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (/not an integer/i.test(message)) {
        throw new StateStoreError('not_an_integer', `redis ${op}: value is not an integer`, { cause: error });
      }
      throw new StateStoreError('unavailable', `redis ${op} failed on ${target}: ${message}`, {
        retryable: true,
        cause: error,
      });
    }
  };

  return {
    kind: 'redis',

    get: (key) => call('GET', () => client.get(k(key))),

    set: (key, value, ttlMs) =>
      call('SET', async () => {
        if (ttlMs !== undefined) await client.set(k(key), value, 'PX', positiveTtl(ttlMs));
        else await client.set(k(key), value);
      }),

    setIfAbsent: (key, value, ttlMs) =>
      call('SET NX', async () => {
        const reply =
          ttlMs !== undefined ? await client.set(k(key), value, 'PX', positiveTtl(ttlMs), 'NX') : await client.set(k(key), value, 'NX');
        return reply === 'OK';
      }),

    addToSet: (key, member, ttlMs) => call('SADD', async () => (await client.addWithTtl(k(key), member, String(positiveTtl(ttlMs)))) === 1),

    delete: (key) =>
      call('DEL', async () => {
        await client.del(k(key));
      }),

    deleteIfEquals: (key, expected) => call('compare-and-delete', async () => (await client.compareAndDelete(k(key), expected)) === 1),

    replaceIfEquals: (key, expected, value, ttlMs) =>
      call(
        'compare-and-replace',
        async () => (await client.compareAndReplace(k(key), expected, value, String(ttlMs === undefined ? 0 : positiveTtl(ttlMs)))) === 1,
      ),

    increment: (key, by, ttlMs) =>
      call('INCRBY', async () => Number(await client.incrementWithTtl(k(key), String(Math.trunc(by)), String(positiveTtl(ttlMs))))),

    keys: (keyPrefix) =>
      call('SCAN', async () => {
        const found = new Set<string>();
        const match = `${escapeGlob(prefix + keyPrefix)}*`;
        // A Cluster's keys are spread over its masters, and SCAN walks one node's keyspace.
        await Promise.all(
          (await redis.scanTargets()).map(async (node) => {
            let cursor = '0';
            do {
              const [next, batch] = await node.scan(cursor, 'MATCH', match, 'COUNT', scanCount);
              cursor = next;
              // SCAN may return a key twice; the Set keeps one.
              for (const key of batch) found.add(key.slice(prefix.length));
            } while (cursor !== '0');
          }),
        );
        return [...found];
      }),

    /** A DEL removes the value from Redis; its RDB/AOF files are rewritten on Redis's own schedule, the operator's to tune. */
    compact: async () => undefined,

    ping: () =>
      call('PING', async () => {
        await client.ping();
      }),

    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.quit();
      } catch (error) {
        // QUIT could not be sent or answered (the connection is down): drop the connection instead.
        logger?.debug('redis quit failed; disconnecting', { error });
        client.disconnect();
      }
    },
  };
}

/** Redis rejects PX 0 or fractional values; a TTL below 1 ms means "expire at once". */
function positiveTtl(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs));
}
