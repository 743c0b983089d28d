/**
 * Three replicas of the built app (test/e2e/support/app-process.ts) share one Redis topology of
 * the test's own: a three-master Redis Cluster, and a Sentinel-managed master that fails over
 * mid-run. 30 mentions are spread over the replicas, one replica is SIGKILLed while its runs are
 * under way, and the Sentinel master is failed over: every run must end in its own reply exactly
 * once (the survivors take the dead replica's runs over through their leases), each channel's
 * missed digest slot, which all three replicas find at start-up, is posted once, and the shared
 * rate budget keeps every Slack call under its limit (no 429).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServiceEmulator, startServiceEmulator } from '../../src/emulators/service/index.js';
import { type SlackEmulator, startSlackEmulator } from '../../src/emulators/slack/index.js';
import { DIGEST_EVENT_TYPE } from '../../src/slack/concepts/digest/digest-metadata.js';
import type { RedisConnection } from '../../src/store/redis-connection.js';
import { createRedisStateStore } from '../../src/store/redis-state-store.js';
import { Subscriptions } from '../../src/store/subscriptions.js';
import { postsInThread, rateLimitedCalls, writesAfterFinal } from '../agent/support/relay-harness.js';
import { startPrivateRedisCluster } from '../support/private-redis-cluster.js';
import { startPrivateRedisSentinel } from '../support/private-redis-sentinel.js';
import { type AppProcess, appEnvBetweenEmulators, freePort, startAppProcess } from './support/app-process.js';
import { E2E_ACK_TIMEOUT_MS } from './harness.js';

const SECRETS = { botToken: 'xoxb-replica-topology-test', signingSecret: 'replica-topology-signing-secret' };
const REPLICAS = 3;
const RUNS = 30;
/** Fast enough for 30 runs in a test, slow enough that a replica dies with runs under way. */
const AGENT_SPEED = 8;

interface Rig {
  slack: SlackEmulator;
  service: ServiceEmulator;
  apps: AppProcess[];
  ports: number[];
  dataDir: string;
}

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Each channel's daily digest slot five minutes ago, from a subscription made yesterday: due at start-up. */
async function seedMissedDigests(connection: RedisConnection, teamId: string, channels: string[], userId: string): Promise<void> {
  const store = createRedisStateStore({ connection });
  try {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString().slice(11, 16);
    for (const channelId of channels) {
      await new Subscriptions(store).put({
        teamId,
        channelId,
        cadence: 'daily',
        time: fiveMinutesAgo,
        timeZone: 'UTC',
        top: 3,
        createdBy: userId,
        createdAtMs: Date.now() - 24 * 60 * 60_000,
        paused: false,
      });
    }
  } finally {
    await store.close();
  }
}

/** Emulators, the missed digests seeded in Redis, then the replicas (so all three find the slots at start-up). */
async function startRig(connection: RedisConnection, redisEnv: Record<string, string>): Promise<Rig> {
  const slack = await startSlackEmulator({ port: 0, ...SECRETS, rateLimits: 'slack', ackTimeoutMs: E2E_ACK_TIMEOUT_MS });
  cleanups.push(() => slack.close());
  const service = await startServiceEmulator({ port: 0, agentSpeed: AGENT_SPEED });
  cleanups.push(() => service.close());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-replicas-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  await seedMissedDigests(connection, slack.teamId, [slack.defaultChannelId, slack.secondChannelId], slack.defaultUserId);
  const apps: AppProcess[] = [];
  cleanups.push(async () => {
    for (const app of apps) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
    await Promise.all(apps.map((a) => a.exited));
  });
  const ports: number[] = [];
  for (let i = 0; i < REPLICAS; i += 1) {
    const port = await freePort();
    ports.push(port);
    apps.push(
      startAppProcess({
        ...appEnvBetweenEmulators({ slack, service, secrets: SECRETS, dataDir: path.join(dataDir, String(i)), port }),
        ...redisEnv,
        INSTANCE_ID: `replica-${i}`,
        SLACK_STREAMING: 'update',
        // A dead replica's runs are taken over once its leases lapse (10 s, checked as often): long
        // enough that a busy machine never lets a live replica's lease lapse between renewals.
        RUN_LEASE_SECONDS: '10',
        LOG_LEVEL: 'info',
      }),
    );
  }
  // Generous: three apps starting at once on a busy 2-core machine.
  await Promise.all(apps.map((app, i) => app.waitUntilHealthy(ports[i] as number, 90_000)));
  return { slack, service, apps, ports, dataDir };
}

/** Mentions round-robin over the replicas (Slack sends each event to the one request URL set at the time). */
async function mentionAll(rig: Rig): Promise<Array<{ channel: string; threadTs: string }>> {
  const channels = [rig.slack.defaultChannelId, rig.slack.secondChannelId];
  const threads: Array<{ channel: string; threadTs: string }> = [];
  for (let i = 0; i < RUNS; i += 1) {
    const channel = channels[i % channels.length] as string;
    rig.slack.setRequestUrl(`http://127.0.0.1:${rig.ports[i % REPLICAS]}/slack/events`);
    const { ts, deliveries } = await rig.slack.postMessage({
      channel_id: channel,
      text: `<@${rig.slack.botUserId}> Replica topology check ${i}`,
      user_id: rig.slack.defaultUserId,
    });
    // On a busy machine an ack may miss Slack's 3 s and Slack retries: deduplication must still
    // make it one run, which the end of the test checks. Only no answer at all is a failure here.
    expect(
      deliveries.map((d) => d.outcome),
      `mention ${i}:\n${appTails(rig)}`,
    ).not.toEqual(deliveries.map(() => 'network_error'));
    threads.push({ channel, threadTs: ts });
  }
  // Later events (none here) go to a replica that stays up.
  rig.slack.setRequestUrl(`http://127.0.0.1:${rig.ports[1]}/slack/events`);
  return threads;
}

/** The end of every replica's output, for a failure message. */
const appTails = (rig: Rig): string =>
  rig.apps
    .map((app, i) => `--- replica-${i} (exit ${app.child.exitCode ?? app.child.signalCode}):\n${app.output().slice(-2_000)}`)
    .join('\n');

/** Warnings, errors and every line about the run of one thread, from all replicas: why a run failed. */
const runLogs = (rig: Rig, threadTs: string): string =>
  rig.apps
    .flatMap((app, i) =>
      app
        .logs()
        .filter((l) => l.level === 'warn' || l.level === 'error' || JSON.stringify(l).includes(threadTs))
        .map((l) => `replica-${i}: ${JSON.stringify(l)}`),
    )
    .join('\n');

/** Every log line of the run whose reply has this ts, from all replicas, with the Slack calls on it. */
const runLogsOfMessage = (rig: Rig, threads: Array<{ channel: string; threadTs: string }>, ts: unknown): string => {
  const reply = threads.flatMap((t) => rig.slack.threadReplies(t.channel, t.threadTs)).find((m) => m.ts === ts);
  const runId = String(reply?.metadata?.event_payload.run_id);
  const calls = rig.slack.calls
    .filter((c) => c.args.ts === ts)
    .map(
      (c) =>
        `${c.method} ok=${c.ok} ${String(typeof c.args.metadata === 'string' ? c.args.metadata : JSON.stringify(c.args.metadata)).slice(0, 300)}`,
    );
  const lines = rig.apps.flatMap((app, i) =>
    app
      .logs()
      .filter((l) => JSON.stringify(l).includes(runId))
      .map((l) => `replica-${i}: ${JSON.stringify(l).slice(0, 600)}`),
  );
  return [`run ${runId} (reply ${String(ts)}):`, ...calls, ...lines].join('\n');
};

const finalReplies = (rig: Rig, t: { channel: string; threadTs: string }) =>
  rig.slack
    .threadReplies(t.channel, t.threadTs)
    .filter((m) => m.ts !== t.threadTs && m.bot_id === rig.slack.botId && m.metadata?.event_payload.status !== 'running');

async function expectEveryRunOnceAndDigestsOnce(
  rig: Rig,
  threads: Array<{ channel: string; threadTs: string }>,
  topology: 'cluster' | 'sentinel',
): Promise<void> {
  await rig.slack
    .waitFor(() => threads.every((t) => finalReplies(rig, t).length > 0), 240_000)
    .catch((error: unknown) => {
      const unfinished = threads.filter((t) => finalReplies(rig, t).length === 0).length;
      const tails = appTails(rig);
      throw new Error(`${unfinished} of ${RUNS} runs did not finish (${String(error)}):\n${tails}`);
    });
  for (const t of threads) {
    expect(postsInThread(rig.slack, t.channel, t.threadTs), `posts in ${t.threadTs}`).toBe(1);
    const replies = rig.slack.threadReplies(t.channel, t.threadTs).filter((m) => m.ts !== t.threadTs);
    expect(replies).toHaveLength(1);
    expect(
      replies[0]?.metadata?.event_payload,
      `reply in ${t.threadTs}: ${JSON.stringify(replies[0])}\n${runLogs(rig, t.threadTs)}`,
    ).toMatchObject({
      status: 'completed',
    });
  }
  for (const channel of [rig.slack.defaultChannelId, rig.slack.secondChannelId]) {
    const digests = rig.slack
      .channelMessages(channel)
      .filter((m) => m.bot_id === rig.slack.botId && m.metadata?.event_type === DIGEST_EVENT_TYPE);
    expect(digests, `digests in ${channel}`).toHaveLength(1);
  }
  const limited = rig.slack.calls
    .filter((c) => c.status === 429)
    .map((c) => `${c.method} at ${c.at} ${JSON.stringify(c.args).slice(0, 200)}`);
  expect(rateLimitedCalls(rig.slack), `429s:\n${limited.join('\n')}`).toBe(0);
  // Finished once in Slack: no message of a run written again after its final content landed.
  for (const channel of [rig.slack.defaultChannelId, rig.slack.secondChannelId]) {
    const late = writesAfterFinal(rig.slack, channel);
    expect(late, late.map((w) => runLogsOfMessage(rig, threads, w.ts)).join('\n')).toEqual([]);
  }
  // Each run relayed to its end by one replica: no run id twice across the replicas' logs.
  const runIds = rig.apps.flatMap((app) =>
    app
      .logs()
      .filter((l) => l.msg === 'run relayed')
      .map((l) => String(l.runId)),
  );
  const relayedTwice = runIds.length - new Set(runIds).size;
  process.stdout.write(`replicas on ${topology}: ${runIds.length} relay ends for ${RUNS} runs, ${relayedTwice} relayed twice\n`);
  if (topology === 'cluster') expect(relayedTwice).toBe(0);
  // On Sentinel a failover loses the writes the old master had not yet replicated (replication is
  // asynchronous), such as a run's end, so another replica may find the run unfinished and take it
  // over: it reads the run's events again and finds every part up to date, so Slack is not written
  // again (checked above), but its log says it relayed the run too.
}

/** SIGKILLs replica 0 once every thread has its "Working…" reply, so its runs are under way. */
async function killFirstReplicaMidRun(rig: Rig, threads: Array<{ channel: string; threadTs: string }>): Promise<void> {
  await rig.slack.waitFor(() => threads.every((t) => postsInThread(rig.slack, t.channel, t.threadTs) === 1), 120_000);
  const first = rig.apps[0] as AppProcess;
  first.child.kill('SIGKILL');
  await first.exited;
}

describe('three replicas on a real Redis topology', () => {
  it('Redis Cluster: 30 runs end once each, a SIGKILLed replica included; digests once; no 429', async () => {
    const cluster = await startPrivateRedisCluster();
    cleanups.push(() => cluster.close());
    const rig = await startRig({ kind: 'cluster', nodes: cluster.nodes }, { REDIS_CLUSTER_NODES: cluster.nodesSetting });
    const threads = await mentionAll(rig);
    await killFirstReplicaMidRun(rig, threads);
    await expectEveryRunOnceAndDigestsOnce(rig, threads, 'cluster');
  }, 420_000);

  it('Sentinel: 30 runs end once each through a replica SIGKILL and a master failover; digests once; no 429', async () => {
    const sentinel = await startPrivateRedisSentinel();
    cleanups.push(() => sentinel.close());
    const rig = await startRig(
      { kind: 'sentinel', sentinels: sentinel.sentinels, name: sentinel.name },
      { REDIS_SENTINELS: sentinel.sentinelsSetting, REDIS_SENTINEL_NAME: sentinel.name },
    );
    const threads = await mentionAll(rig);
    await killFirstReplicaMidRun(rig, threads);
    await sentinel.failover();
    await expectEveryRunOnceAndDigestsOnce(rig, threads, 'sentinel');
  }, 420_000);
});
