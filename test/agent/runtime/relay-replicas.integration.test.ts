import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseNames } from '../../../src/store/keys.js';
import { Leases } from '../../../src/store/leases.js';
import { RunStore } from '../../../src/store/run-store.js';
import { eventually } from '../support/eventually.js';
import { rateLimitedCalls, startRelayHarness, type RelayHarness, postsInThread } from '../support/relay-harness.js';

describe('several replicas sharing Redis', () => {
  let h: RelayHarness;
  beforeAll(async () => {
    h = await startRelayHarness({ agentSpeed: 20, slack: { rateLimits: 'slack' } });
  });
  afterAll(async () => {
    await h.close();
  });

  const postsIn = (channel: string, threadTs: string) => postsInThread(h.slack, channel, threadTs);

  it('two instances sharing Redis relay each run once; killing one hands its runs to the other', async () => {
    // Leases long enough never to lapse on their own here: A's are expired explicitly below.
    const a = h.runtime({ instanceId: 'replica-a', leaseMs: 60_000 });
    const b = h.runtime({ instanceId: 'replica-b', leaseMs: 60_000 });
    const channel = h.slack.secondChannelId;
    const start = async (runtime: typeof a, i: number) => {
      const question = `Replica check ${i} [slow]`;
      const threadTs = await h.ask(question, channel);
      const { runId } = await runtime.startRun({
        teamId: h.slack.teamId,
        channelId: channel,
        threadTs,
        askerUserId: h.slack.defaultUserId,
        question,
      });
      return { runId, threadTs };
    };
    const onA = await Promise.all([0, 1].map((i) => start(a, i)));
    const onB = await Promise.all([2, 3].map((i) => start(b, i)));
    // B sees A's runs as taken while A holds their leases.
    expect(await b.resumeOrphanedRuns()).toEqual([]);
    // A dies without releasing anything (as a SIGKILL would), once its runs are under way.
    const store = new RunStore(h.openStore());
    await eventually(
      () => Promise.all(onA.map((r) => store.get(r.runId))),
      (rs) => rs.every((r) => r?.status === 'running'),
    );
    await a.shutdown({ releaseLeases: false });
    // A's leases expire (as their TTL would end them), then B looks for orphaned runs.
    const leases = new Leases(h.openStore());
    for (const r of onA) expect(await leases.release(leaseNames.run(r.runId), 'replica-a')).toBe(true);
    const all = new Set(await b.resumeOrphanedRuns());
    expect([...all].sort()).toEqual(onA.map((r) => r.runId).sort());
    const outcomes = await Promise.all([...onA, ...onB].map((r) => b.waitForRun(r.runId)));
    expect(outcomes.every((o) => o?.ended === true && o.status === 'completed')).toBe(true);
    for (const r of [...onA, ...onB]) {
      expect(postsIn(channel, r.threadTs)).toBe(1);
      const replies = h.slack.threadReplies(channel, r.threadTs).filter((m) => m.ts !== r.threadTs);
      expect(replies).toHaveLength(1);
      expect(replies[0]!.metadata?.event_payload).toMatchObject({ run_id: r.runId, status: 'completed' });
    }
    expect(rateLimitedCalls(h.slack)).toBe(0);
  }, 60_000);
});
