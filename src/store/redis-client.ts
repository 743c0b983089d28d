/**
 * An ioredis client for a RedisConnection: `Redis` for one server or a Sentinel-managed master,
 * `Cluster` for a Redis Cluster. The state store uses only single-key commands and single-key Lua
 * scripts, which a Cluster routes by the key's slot; listing keys is the one operation that must
 * visit every master (SCAN is per node).
 * @see https://redis.io/docs/latest/operate/oss_and_stack/reference/cluster-spec/
 * @see https://redis.io/docs/latest/operate/oss_and_stack/management/sentinel/
 */
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { RedisConnection } from './redis-connection.js';

export interface RedisClientTuning {
  maxRetriesPerRequest: number;
  commandTimeoutMs: number;
  connectTimeoutMs: number;
  retryDelayMs: (attempt: number) => number;
}

export interface RedisClient {
  /** The client commands go to (a Cluster routes each by its key's slot). */
  readonly commands: Redis | Cluster;
  /** The nodes whose keys SCAN must visit: every master of a Cluster, else the one server. */
  scanTargets(): Promise<Redis[]>;
}

/**
 * A write that reaches a demoted master (a replica after a Sentinel failover) fails with READONLY:
 * reconnect, which asks the sentinels for the new master, and resend the command (2).
 * @see https://github.com/redis/ioredis#reconnect-on-error
 */
function reconnectOnReadOnly(error: Error): 2 | false {
  return error.message.startsWith('READONLY') ? 2 : false;
}

export function createRedisClient(connection: RedisConnection, tuning: RedisClientTuning): RedisClient {
  const common: RedisOptions = {
    lazyConnect: false,
    // A short blip queues calls until reconnect; maxRetriesPerRequest bounds the wait.
    enableOfflineQueue: true,
    maxRetriesPerRequest: tuning.maxRetriesPerRequest,
    commandTimeout: tuning.commandTimeoutMs,
    connectTimeout: tuning.connectTimeoutMs,
    retryStrategy: tuning.retryDelayMs,
  };
  switch (connection.kind) {
    case 'single': {
      const client = new Redis(connection.url, common);
      return { commands: client, scanTargets: async () => [client] };
    }
    case 'sentinel': {
      const client = new Redis({
        ...common,
        sentinels: connection.sentinels,
        name: connection.name,
        ...(connection.password === undefined ? {} : { password: connection.password }),
        sentinelRetryStrategy: tuning.retryDelayMs,
        // Subscribes to +switch-master, so a failover is followed at once rather than at the next error.
        failoverDetector: true,
        reconnectOnError: reconnectOnReadOnly,
      });
      return { commands: client, scanTargets: async () => [client] };
    }
    case 'cluster': {
      const cluster = new Cluster(connection.nodes, {
        enableOfflineQueue: true,
        clusterRetryStrategy: tuning.retryDelayMs,
        // Every read and write on masters: a replica may lag behind a lease just taken.
        scaleReads: 'master',
        redisOptions: {
          ...common,
          ...(connection.password === undefined ? {} : { password: connection.password }),
          reconnectOnError: reconnectOnReadOnly,
        },
      });
      const scanTargets = async (): Promise<Redis[]> => {
        // The node list fills in once the slots are known; a queued PING waits for that.
        if (cluster.status !== 'ready') await cluster.ping();
        const masters = cluster.nodes('master');
        if (masters.length === 0) throw new Error('redis cluster lists no master node');
        return masters;
      };
      return { commands: cluster, scanTargets };
    }
  }
}
