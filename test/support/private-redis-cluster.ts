/**
 * A three-master Redis Cluster of a test's own, from Debian's redis-server and redis-cli, on free
 * loopback ports with their node files in a temp dir: the store must route every key to its slot
 * and list keys on every master. No replicas: the tests here prove slot routing, not cluster
 * failover (Sentinel's failover is private-redis-sentinel.ts's job).
 * @see https://redis.io/docs/latest/operate/oss_and_stack/management/scaling/
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { RedisNodeAddress } from '../../src/store/redis-connection.js';
import { freePort, type PrivateRedis, startPrivateRedis } from './private-redis.js';
import { pollUntil } from './poll-until.js';

export interface PrivateRedisCluster {
  readonly nodes: RedisNodeAddress[];
  /** The nodes as REDIS_CLUSTER_NODES wants them. */
  readonly nodesSetting: string;
  close(): Promise<void>;
}

const MASTERS = 3;

async function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', (error) =>
      reject(new Error(`${command} did not start (${error.message}): \`apt-get install redis-tools\` (bash .ci/run does).`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${output}`)),
    );
  });
}

/** Waits until every node says the cluster is up (all 16384 slots served). */
async function waitForClusterOk(ports: number[]): Promise<void> {
  for (const port of ports) {
    const probe = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
    try {
      let info = '';
      await pollUntil(
        async () => {
          info = String(await probe.cluster('INFO'));
          return /cluster_state:ok/.test(info);
        },
        { what: () => `redis cluster node ${port} reaching cluster_state:ok:\n${info}`, timeoutMs: 60_000, intervalMs: 25 },
      );
    } finally {
      probe.disconnect();
    }
  }
}

export async function startPrivateRedisCluster(): Promise<PrivateRedisCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), 'research-desk-redis-cluster-'));
  const servers: PrivateRedis[] = [];
  try {
    for (let i = 0; i < MASTERS; i += 1) {
      const port = await freePort();
      servers.push(
        await startPrivateRedis({
          port,
          extraArgs: ['--cluster-enabled', 'yes', '--cluster-config-file', path.join(dir, `nodes-${port}.conf`), '--dir', dir],
        }),
      );
    }
    const addresses = servers.map((s) => `127.0.0.1:${s.port}`);
    await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes']);
    await waitForClusterOk(servers.map((s) => s.port));
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const nodes = servers.map((s) => ({ host: '127.0.0.1', port: s.port }));
  return {
    nodes,
    nodesSetting: nodes.map((n) => `${n.host}:${n.port}`).join(','),
    async close() {
      await Promise.all(servers.map((s) => s.close()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
