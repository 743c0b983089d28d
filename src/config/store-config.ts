/**
 * Where shared state lives: Redis (one server, a Cluster or Sentinel) for several replicas, or
 * the embedded file store in DATA_DIR for one process.
 */
import type { z } from 'zod';
import { parseNodeList, type RedisConnection } from '../store/redis-connection.js';
import { fail, issue, setting } from './variable-rules.js';

const redisUrl = setting.refine((raw) => raw === undefined || /^rediss?:\/\//.test(raw), 'must start with redis:// or rediss://');

/** `host:port,host:port`: Redis Cluster seed nodes or sentinels. */
const redisNodes = setting.transform((raw, ctx) => {
  if (raw === undefined) return undefined;
  const parsed = parseNodeList(raw);
  return 'nodes' in parsed ? parsed.nodes : fail(ctx, `must be host:port entries separated by commas, got "${parsed.bad}"`);
});

export const storeVariables = {
  REDIS_URL: redisUrl,
  REDIS_CLUSTER_NODES: redisNodes,
  REDIS_SENTINELS: redisNodes,
  REDIS_SENTINEL_NAME: setting,
  REDIS_PASSWORD: setting,
  DATA_DIR: setting,
};

export const STORE_EXAMPLES: Record<keyof typeof storeVariables, string> = {
  REDIS_URL: 'redis://127.0.0.1:6379/0',
  REDIS_CLUSTER_NODES: 'redis-0:6379,redis-1:6379,redis-2:6379',
  REDIS_SENTINELS: 'sentinel-0:26379,sentinel-1:26379,sentinel-2:26379',
  REDIS_SENTINEL_NAME: 'mymaster',
  REDIS_PASSWORD: '<the password of the Redis nodes>',
  DATA_DIR: 'data',
};

export type StoreEnv = z.output<z.ZodObject<typeof storeVariables>>;

export function readStore(e: StoreEnv, ctx: z.RefinementCtx) {
  return {
    /** Redis for shared state (several replicas): one server, a Cluster or Sentinel; unset: the file store. */
    redis: redisFrom(e, ctx),
    /** As set (default `data`); loadConfig resolves it against the working directory. */
    dataDir: e.DATA_DIR ?? 'data',
  };
}

/** One of REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS (+ REDIS_SENTINEL_NAME), or none: the file store. */
function redisFrom(e: StoreEnv, ctx: z.RefinementCtx): RedisConnection | undefined {
  const set = (['REDIS_URL', 'REDIS_CLUSTER_NODES', 'REDIS_SENTINELS'] as const).filter((name) => e[name] !== undefined);
  if (set.length > 1) return issue(ctx, set[1] as string, `cannot be set together with ${set[0]}: pick one Redis topology`);
  const password = e.REDIS_PASSWORD === undefined ? {} : { password: e.REDIS_PASSWORD };
  if (e.REDIS_CLUSTER_NODES) return { kind: 'cluster', nodes: e.REDIS_CLUSTER_NODES, ...password };
  if (e.REDIS_SENTINELS) {
    if (!e.REDIS_SENTINEL_NAME) {
      return issue(ctx, 'REDIS_SENTINEL_NAME', 'is required with REDIS_SENTINELS (the master name the sentinels monitor)');
    }
    return { kind: 'sentinel', sentinels: e.REDIS_SENTINELS, name: e.REDIS_SENTINEL_NAME, ...password };
  }
  if (e.REDIS_PASSWORD !== undefined) {
    return issue(
      ctx,
      'REDIS_PASSWORD',
      "applies only with REDIS_CLUSTER_NODES or REDIS_SENTINELS (put a single server's password in REDIS_URL)",
    );
  }
  return e.REDIS_URL === undefined ? undefined : { kind: 'single', url: e.REDIS_URL };
}

export function storeSecrets(e: StoreEnv): Array<string | undefined> {
  return [redisPassword(e.REDIS_URL), e.REDIS_PASSWORD];
}

function redisPassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.password ? decodeURIComponent(parsed.password) : undefined;
  } catch {
    // Not parseable as a URL: ioredis will refuse it at connect time; there is no password to redact.
    return undefined;
  }
}
