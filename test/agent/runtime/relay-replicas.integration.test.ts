import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseNames } from '../../../src/store/keys.js';
import { Leases } from '../../../src/store/leases.js';
import { RunStore } from '../../../src/store/run-store.js';
import { eventually } from '../support/eventually.js';
import type { SlackWriter } from '../../../src/agent/sinks/slack-writer.js';
import { createWebClientWriter } from '../../../src/slack/agent/relay/web-client-writer.js';
import {
  BOT_TOKEN,
  postsInThread,
  rateLimitedCalls,
  type RelayHarness,
  startRelayHarness,
  writesAfterFinal,
} from '../support/relay-harness.js';

describe('several replicas sharing Redis', () => {
  let h: RelayHarness;
  beforeAll(async () => {
    h = await startRelayHarness({ agentSpeed: 20, slack: { rateLimits: 'slack' } });
  });
  afterAll(async () => {
    await h.close();
  });

  const postsIn = (channel: string, threadTs: string) => postsInThread(h.slack, channel, threadTs);
  /** Asks `question` in a new thread of `channel` and starts its run on `runtime`. */
  const start = async (runtime: ReturnType<RelayHarness['runtime']>, channel: string, question: string) => {
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

  it('two instances sharing Redis relay each run once; killing one hands its runs to the other', async () => {
    // Leases long enough never to lapse on their own here: A's are expired explicitly below.
    const a = h.runtime({ instanceId: 'replica-a', leaseMs: 60_000 });
    const b = h.runtime({ instanceId: 'replica-b', leaseMs: 60_000 });
    const channel = h.slack.secondChannelId;
    // The service holds every run where it is until A is gone and B took its runs over: no run can
    // end before the handover, however slow the machine (a run of 3 s once ended first under
    // StrykerJS's slower runner, and B then had nothing to take over).
    h.service.pauseAgentRuns();
    const onA = await Promise.all([0, 1].map((i) => start(a, channel, `Replica check ${i} [slow]`)));
    const onB = await Promise.all([2, 3].map((i) => start(b, channel, `Replica check ${i} [slow]`)));
    // B sees A's runs as taken while A holds their leases.
    expect(await b.resumeOrphanedRuns()).toEqual([]);
    // A dies without releasing anything (as a SIGKILL would), once its runs are under way: chat
    // started and the reply posted.
    const store = new RunStore(h.openStore());
    await eventually(
      () => Promise.all(onA.map((r) => store.get(r.runId))),
      (rs) => rs.every((r) => r?.status === 'running' && r.replyTs.length > 0),
    );
    await a.shutdown({ releaseLeases: false });
    // A's leases expire (as their TTL would end them), then B looks for orphaned runs.
    const leases = new Leases(h.openStore());
    for (const r of onA) expect(await leases.release(leaseNames.run(r.runId), 'replica-a')).toBe(true);
    const all = new Set(await b.resumeOrphanedRuns());
    expect([...all].sort()).toEqual(onA.map((r) => r.runId).sort());
    h.service.resumeAgentRuns();
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

  it('a replica that stalled past its lease while another took the run over stops at its next write instead of writing', async () => {
    // Leases so long that A's renewal timer never fires during the test: only the check before
    // each write (lease-guarded-writer.ts) can tell A that the run is no longer its own.
    const leaseMs = 600_000;
    // A's clock jumps forward as if the process had been paused (a stall, a long GC).
    let pausedForMs = 0;
    const writesAfterPause: string[] = [];
    const real = createWebClientWriter({ token: BOT_TOKEN, apiUrl: h.slack.apiUrl, logger: h.logger });
    const watched = new Proxy(real, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (pausedForMs > 0 && name !== 'replies') writesAfterPause.push(String(name));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as SlackWriter;
    const a = h.runtime({ instanceId: 'replica-a-stalls', leaseMs, clock: () => Date.now() + pausedForMs, slack: watched });
    const b = h.runtime({ instanceId: 'replica-b-takes-over', leaseMs });
    const channel = h.slack.defaultChannelId;
    // The service holds the run until B took it over: it cannot end on A first, however slow the machine.
    h.service.pauseAgentRuns();
    const { runId, threadTs } = await start(a, channel, 'Stalled replica check [slow]');
    const store = new RunStore(h.openStore());
    await eventually(
      () => store.get(runId),
      (r) => r?.status === 'running' && r.replyTs.length > 0,
    );

    // A pauses past its lease; the lease runs out (as its TTL would end it) and B takes the run.
    pausedForMs = leaseMs + 1_000;
    expect(await new Leases(h.openStore()).release(leaseNames.run(runId), 'replica-a-stalls')).toBe(true);
    expect(await b.resumeOrphanedRuns()).toEqual([runId]);
    h.service.resumeAgentRuns();

    const [onA, onB] = await Promise.all([a.waitForRun(runId), b.waitForRun(runId)]);
    expect(onB).toMatchObject({ ended: true, status: 'completed' });
    // A stopped without finishing: without the check it would relay the run to its end too.
    expect(onA).toMatchObject({ ended: false });
    expect(h.logLines.some((l) => l.includes('lost the lease of a run') && l.includes(runId))).toBe(true);
    // At most the one write A had already sent when it paused; none after it learnt of the takeover.
    expect(writesAfterPause.length).toBeLessThanOrEqual(1);
    expect(postsInThread(h.slack, channel, threadTs)).toBe(1);
    expect(h.slack.threadReplies(channel, threadTs).filter((m) => m.ts !== threadTs)[0]?.metadata?.event_payload).toMatchObject({
      run_id: runId,
      status: 'completed',
    });
    expect(writesAfterFinal(h.slack, channel)).toEqual([]);
  }, 60_000);
});
