/**
 * A Sentinel setup of a test's own: a master, one replica and three sentinels (quorum 2), all
 * Debian's redis-server (`--sentinel` is what the redis-sentinel package's binary runs), on free
 * loopback ports with the sentinels' rewritable config files in a temp dir. `failover()` asks a
 * sentinel for a SENTINEL FAILOVER and waits until every sentinel names the replica as master.
 * @see https://redis.io/docs/latest/operate/oss_and_stack/management/sentinel/
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { RedisNodeAddress } from '../../src/store/redis-connection.js';
import { freePort, type PrivateRedis, startPrivateRedis } from './private-redis.js';
import { pollUntil } from './poll-until.js';

export const SENTINEL_MASTER_NAME = 'research-desk';
const SENTINELS = 3;

export interface PrivateRedisSentinel {
  readonly name: string;
  readonly sentinels: RedisNodeAddress[];
  /** The sentinels as REDIS_SENTINELS wants them. */
  readonly sentinelsSetting: string;
  /** The port of the current master, as the sentinels name it. */
  masterPort(): Promise<number>;
  /** SENTINEL FAILOVER: the replica becomes master; resolves once every sentinel agrees. */
  failover(): Promise<number>;
  close(): Promise<void>;
}

async function withClient<T>(port: number, use: (client: Redis) => Promise<T>): Promise<T> {
  const client = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await client.connect();
    return await use(client);
  } finally {
    client.disconnect();
  }
}

async function masterPortSeenBy(sentinelPort: number): Promise<number> {
  const reply = (await withClient(sentinelPort, (c) => c.call('SENTINEL', 'get-master-addr-by-name', SENTINEL_MASTER_NAME))) as
    | [string, string]
    | null;
  return Number(reply?.[1]);
}

async function waitUntil(what: string, check: () => Promise<boolean>): Promise<void> {
  await pollUntil(check, { what: `redis sentinel setup: ${what}`, timeoutMs: 60_000, intervalMs: 50 });
}

async function roleOf(port: number): Promise<string> {
  const info = await withClient(port, (c) => c.info('replication'));
  return /role:(\w+)/.exec(info)?.[1] ?? 'unknown';
}

export async function startPrivateRedisSentinel(): Promise<PrivateRedisSentinel> {
  const dir = await mkdtemp(path.join(tmpdir(), 'research-desk-redis-sentinel-'));
  const servers: PrivateRedis[] = [];
  const sentinels: PrivateRedis[] = [];
  const closeAll = async (): Promise<void> => {
    await Promise.all([...sentinels, ...servers].map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const master = await startPrivateRedis({ extraArgs: ['--dir', dir] });
    servers.push(master);
    const replica = await startPrivateRedis({ extraArgs: ['--dir', dir, '--replicaof', '127.0.0.1', String(master.port)] });
    servers.push(replica);
    await waitUntil('the replica syncing with the master', async () =>
      /master_link_status:up/.test(await withClient(replica.port, (c) => c.info('replication'))),
    );
    for (let i = 0; i < SENTINELS; i += 1) {
      const port = await freePort();
      const configFile = path.join(dir, `sentinel-${port}.conf`);
      await writeFile(
        configFile,
        [
          `sentinel monitor ${SENTINEL_MASTER_NAME} 127.0.0.1 ${master.port} 2`,
          `sentinel down-after-milliseconds ${SENTINEL_MASTER_NAME} 1000`,
          `sentinel failover-timeout ${SENTINEL_MASTER_NAME} 10000`,
          '',
        ].join('\n'),
      );
      sentinels.push(await startPrivateRedis({ port, configFile, extraArgs: ['--sentinel', '--dir', dir] }));
    }
    // A failover needs every sentinel to know the others and the replica (learnt through hello messages).
    await waitUntil('the sentinels finding each other and the replica', async () => {
      const views = await Promise.all(
        sentinels.map((s) =>
          withClient(s.port, async (c) => {
            const fields = (await c.call('SENTINEL', 'master', SENTINEL_MASTER_NAME)) as string[];
            const field = (name: string) => Number(fields[fields.indexOf(name) + 1]);
            return field('num-other-sentinels') === SENTINELS - 1 && field('num-slaves') === 1;
          }),
        ),
      );
      return views.every(Boolean);
    });
  } catch (error) {
    await closeAll();
    throw error;
  }

  const sentinelAddresses = sentinels.map((s) => ({ host: '127.0.0.1', port: s.port }));
  const firstSentinel = sentinels[0] as PrivateRedis;
  return {
    name: SENTINEL_MASTER_NAME,
    sentinels: sentinelAddresses,
    sentinelsSetting: sentinelAddresses.map((a) => `${a.host}:${a.port}`).join(','),
    masterPort: () => masterPortSeenBy(firstSentinel.port),
    async failover() {
      const before = await masterPortSeenBy(firstSentinel.port);
      await withClient(firstSentinel.port, (c) => c.call('SENTINEL', 'FAILOVER', SENTINEL_MASTER_NAME));
      let after = before;
      await waitUntil('every sentinel naming the new master', async () => {
        const seen = await Promise.all(sentinels.map((s) => masterPortSeenBy(s.port)));
        after = seen[0] ?? before;
        return after !== before && seen.every((port) => port === after);
      });
      await waitUntil('the new master taking writes', async () => (await roleOf(after)) === 'master');
      return after;
    },
    close: closeAll,
  };
}
