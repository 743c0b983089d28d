/**
 * Redis killed and started again empty during a run (a crash without persistence): the relay's
 * lease renewal finds no lease, nobody else relays the run, and its record is gone. The relay
 * must take the run back, rebuild what Redis lost, and end the run in its own reply exactly once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventCursor } from '../../../src/service/event-stream/event-cursor.js';
import { createResearchClient } from '../../../src/service/research-client.js';
import { leaseNames } from '../../../src/store/keys.js';
import { Leases } from '../../../src/store/leases.js';
import { createRedisStateStore } from '../../../src/store/redis-state-store.js';
import { RunStore } from '../../../src/store/run-store.js';
import type { StateStore } from '../../../src/store/state-store.js';
import { ThreadConversations } from '../../../src/store/thread-conversations.js';
import { startPrivateRedis, type PrivateRedis } from '../../support/private-redis.js';
import { eventually } from '../support/eventually.js';
import { finalThread, postsInThread, startRelayHarness, type RelayHarness } from '../support/relay-harness.js';
import { createSteerableTimers } from '../support/steerable-timers.js';

// Every event carries this timestamp: the two runs of one question render alike.
const FROZEN_NOW = Date.now();
const LEASE_MS = 90_000;
// createRunLeases renews every third of the lease: those renewals are ticked by the test.
const RENEW_MS = LEASE_MS / 3;

describe('a Redis restart that loses everything during a run', () => {
  let h: RelayHarness;
  let redis: PrivateRedis;
  let store: StateStore;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    h = await startRelayHarness({ agentSpeed: 20, serviceClock: () => FROZEN_NOW });
    store = createRedisStateStore({ url: redis.url, keyPrefix: `test:redis-restart:${randomUUID().slice(0, 8)}:` });
  });
  afterAll(async () => {
    await h.close();
    await store.close();
    await redis.close();
  });

  const start = async (runtime: ReturnType<RelayHarness['runtime']>, question: string) => {
    const channel = h.slack.defaultChannelId;
    const threadTs = await h.ask(question, channel);
    const { runId } = await runtime.startRun({
      teamId: h.slack.teamId,
      channelId: channel,
      threadTs,
      askerUserId: h.slack.defaultUserId,
      question,
    });
    return { runId, threadTs, channel };
  };

  it('takes the run back, rebuilds its record and ends it in the same reply, once', async () => {
    const question = 'How did Kweichow Moutai revenue grow in 2024?';
    const timers = createSteerableTimers(-1, { heldIntervalMs: RENEW_MS });
    const runtime = h.runtime({ stateStore: store, timers, leaseMs: LEASE_MS, instanceId: 'replica-only' });

    // The same question uninterrupted: what the reply must end with.
    const reference = await start(runtime, question);
    expect(await runtime.waitForRun(reference.runId)).toEqual({ ended: true, status: 'completed' });

    const runs = new RunStore(store);
    const run = await start(runtime, question);
    // Under way, with text already shown; then the agent holds still while Redis is gone.
    await eventually(
      () => runs.get(run.runId),
      (r) => r?.status === 'running' && r.lastOffset >= 3,
    );
    h.service.pauseAgentRuns();
    await redis.restartEmpty();
    await eventually(
      () =>
        store.ping().then(
          () => true,
          () => false,
        ),
      (up) => up,
    );
    expect(await runs.get(run.runId)).toBeNull();

    await timers.tickHeldIntervals();
    h.service.resumeAgentRuns();
    expect(await runtime.waitForRun(run.runId)).toEqual({ ended: true, status: 'completed' });

    // One reply, edited in place to the full answer: the same as the uninterrupted run's.
    expect(postsInThread(h.slack, run.channel, run.threadTs)).toBe(1);
    const [reply, ...extra] = finalThread(h.slack, run.channel, run.threadTs);
    expect(extra).toEqual([]);
    const [expected] = finalThread(h.slack, reference.channel, reference.threadTs);
    expect(expected!.text).toContain('Moutai');
    expect(reply!.text).toBe(expected!.text);
    // The footer's elapsed time counts from the relay's own start: it may differ by a second; the
    // feedback buttons carry each run's own conversation id.
    const body = (blocks: unknown[]) => blocks.filter((b) => !['context', 'context_actions'].includes((b as { type: string }).type));
    expect(body(reply!.blocks)).toEqual(body(expected!.blocks));
    const shown = h.slack.threadReplies(run.channel, run.threadTs).filter((m) => m.ts !== run.threadTs);
    expect(shown[0]!.metadata?.event_payload).toMatchObject({ run_id: run.runId, status: 'completed' });

    // What Redis lost is back: the run's record (ended) and the thread's conversation.
    const stored = await runs.get(run.runId);
    expect(stored).toMatchObject({ status: 'completed', replyTs: [shown[0]!.ts], threadTs: run.threadTs });
    expect(await new ThreadConversations(store).get(h.slack.teamId, run.channel, run.threadTs)).toMatchObject({
      conversationId: stored!.conversationId,
    });
    expect(await new Leases(store).holder(leaseNames.run(run.runId))).toBeNull();
    expect(h.logLines.filter((l) => l.includes('took back the lease of a run'))).toHaveLength(1);
    expect(h.logLines.filter((l) => l.includes('rebuilt a run record the store had lost'))).toHaveLength(1);
  }, 60_000);

  it('stops, and leaves the run alone, when another replica ended it while its lease was lapsed', async () => {
    const question = 'What is BYD gross margin?';
    const timers = createSteerableTimers(-1, { heldIntervalMs: RENEW_MS });
    const runtime = h.runtime({ stateStore: store, timers, leaseMs: LEASE_MS, instanceId: 'replica-stalled' });
    const runs = new RunStore(store);
    const run = await start(runtime, question);
    await eventually(
      () => runs.get(run.runId),
      (r) => r?.status === 'running' && r.lastOffset >= 3,
    );
    h.service.pauseAgentRuns();
    // Every event the service sent so far is saved: no progress write of this relay is left to land.
    const sent = createEventCursor();
    const stored = await runs.get(run.runId);
    const client = createResearchClient({ baseUrl: h.service.url, apiKey: h.service.apiKey, logger: h.logger });
    await client.listEvents(stored!.conversationId, stored!.assistantMessageId, { cursor: sent });
    await client.close();
    await eventually(
      () => runs.get(run.runId),
      (r) => r?.lastOffset === sent.lastOffset,
    );
    // The lease lapsed (as its TTL would end it) and another replica took the run over, ended it
    // and let the lease go: what it leaves in the store.
    const leases = new Leases(store);
    expect(await leases.release(leaseNames.run(run.runId), 'replica-stalled')).toBe(true);
    await runs.markEnded(run.runId, 'completed');
    const outcome = runtime.waitForRun(run.runId);

    // The renewal returns once the relay stopped and the runtime let go of the run.
    await timers.tickHeldIntervals();
    expect(await outcome).toEqual({ ended: false, reason: 'stopped' });
    expect(runtime.activeRunIds()).toEqual([]);
    expect(await leases.holder(leaseNames.run(run.runId))).toBeNull();
    expect((await runs.get(run.runId))?.status).toBe('completed');
    expect(postsInThread(h.slack, run.channel, run.threadTs)).toBe(1);
    expect(h.logLines.filter((l) => l.includes('another relay wrote this run while its lease was lapsed'))).toHaveLength(1);
    h.service.resumeAgentRuns();
  }, 60_000);
});
