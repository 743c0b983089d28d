/**
 * The lease check before each Slack write (lease-guarded-writer.ts) on the DM streaming path: a
 * replica whose run another replica took over neither appends to nor stops its native stream.
 * Real parts only: the run leases over the real Redis store, the real Web API writer over the
 * Slack emulator; the lease is lost by handing it to another holder through the store's API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunStopped } from '../../../src/agent/events/next-within.js';
import { createRunLeases } from '../../../src/agent/runtime/run-leases.js';
import { leaseGuardedWriter } from '../../../src/agent/sinks/lease-guarded-writer.js';
import { createWebClientWriter } from '../../../src/slack/agent/relay/web-client-writer.js';
import { leaseNames } from '../../../src/store/keys.js';
import { Leases } from '../../../src/store/leases.js';
import { createManualTimers } from '../support/manual-timers.js';
import { BOT_TOKEN, type RelayHarness, startRelayHarness } from '../support/relay-harness.js';

describe('the lease-guarded writer on the DM streaming path', () => {
  let h: RelayHarness;
  beforeAll(async () => {
    h = await startRelayHarness({ slack: { rateLimits: 'off' } });
  });
  afterAll(async () => {
    await h.close();
  });

  const leaseMs = 30_000;
  const chunk = (text: string) => [{ type: 'markdown_text' as const, text }];
  const callsOf = (method: string, ts: string) => h.slack.calls.filter((c) => c.method === method && c.args.ts === ts);

  /** Replica A's guarded writer for `runId`, holding its lease; `pausePastLease` makes its next confirm ask the store. */
  const replicaA = async (runId: string) => {
    const leases = new Leases(h.openStore());
    let now = 0;
    const runLeases = createRunLeases({
      leases,
      holderId: 'replica-a',
      leaseMs,
      timers: createManualTimers(),
      logger: h.logger,
      clock: () => now,
    });
    expect(await runLeases.acquire(runId)).toBe(true);
    let lost = 0;
    const kept = runLeases.keep(runId, { onLost: () => (lost += 1), onTakenBack: async () => undefined });
    const slack = createWebClientWriter({ token: BOT_TOKEN, apiUrl: h.slack.apiUrl, logger: h.logger });
    return {
      leases,
      kept,
      lost: () => lost,
      writer: leaseGuardedWriter(slack, kept.confirm),
      /** A's process pauses past its lease (a stall, a long GC): its timers do not fire. */
      pausePastLease: () => {
        now += leaseMs + 1_000;
      },
    };
  };

  it('a replica still holding the run lease appends to and stops its DM stream', async () => {
    const runId = 'run-lease-held';
    const a = await replicaA(runId);
    const dm = h.slack.defaultDmId;
    const threadTs = await h.ask('Held lease stream check', dm);
    const { ts } = await a.writer.startStream({ channel: dm, threadTs, chunks: chunk('Working') });

    await a.writer.appendStream({ channel: dm, ts, chunks: chunk(' on it') });
    a.pausePastLease(); // the next write asks the store, which still names A
    await a.writer.stopStream({ channel: dm, ts, chunks: chunk(' done') });

    expect(callsOf('chat.appendStream', ts).map((c) => c.ok)).toEqual([true]);
    expect(callsOf('chat.stopStream', ts).map((c) => c.ok)).toEqual([true]);
    expect(await a.leases.holder(leaseNames.run(runId))).toBe('replica-a');
    expect(a.lost()).toBe(0);
    a.kept.cancel();
  });

  it('a replica whose run lease another replica took makes no appendStream and no stopStream call to Slack', async () => {
    const runId = 'run-lease-lost';
    const a = await replicaA(runId);
    const dm = h.slack.defaultDmId;
    const threadTs = await h.ask('Lost lease stream check', dm);
    const { ts } = await a.writer.startStream({ channel: dm, threadTs, chunks: chunk('Working') });
    await a.writer.appendStream({ channel: dm, ts, chunks: chunk(' on it') });
    expect(callsOf('chat.appendStream', ts)).toHaveLength(1);

    // A stalls past its lease; the lease runs out (as its TTL would end it) and B takes the run.
    a.pausePastLease();
    expect(await a.leases.release(leaseNames.run(runId), 'replica-a')).toBe(true);
    expect(await a.leases.acquire(leaseNames.run(runId), 'replica-b', leaseMs)).toBe(true);

    await expect(a.writer.appendStream({ channel: dm, ts, chunks: chunk(' stale progress') })).rejects.toBeInstanceOf(RunStopped);
    await expect(a.writer.stopStream({ channel: dm, ts, chunks: chunk(' stale end') })).rejects.toBeInstanceOf(RunStopped);

    // Slack saw only the append A sent while it held the lease, and no stop at all.
    expect(callsOf('chat.appendStream', ts)).toHaveLength(1);
    expect(callsOf('chat.stopStream', ts)).toEqual([]);
    expect(a.lost()).toBe(1);
    expect(await a.leases.holder(leaseNames.run(runId))).toBe('replica-b');
    a.kept.cancel();
  });
  /** Every write the guarded writer makes, in the run's DM thread (a file's bytes staged first). */
  const writeAll = (a: Awaited<ReturnType<typeof replicaA>>, dm: string, threadTs: string, ts: string, fileId: string) => ({
    'chat.postMessage': () => a.writer.postMessage({ channel: dm, threadTs, text: 'part 2', blocks: [] }),
    'chat.update': () => a.writer.update({ channel: dm, ts, text: 'edited', blocks: [] }),
    'assistant.threads.setStatus': () => a.writer.setStatus({ channel: dm, threadTs, status: 'is thinking…' }),
    'agents.sessions.setStatus': () => a.writer.setSessionStatus({ channel: dm, threadTs, status: 'processing' }),
    'files.completeUploadExternal': () => a.writer.completeUpload({ fileId, title: 'Figures', channel: dm, threadTs }),
    'chat.startStream': () => a.writer.startStream({ channel: dm, threadTs, chunks: chunk('Again') }),
    'chat.delete': () => a.writer.delete({ channel: dm, ts }),
  });
  const callsTo = (method: string, since: number) => h.slack.calls.slice(since).filter((c) => c.method === method);

  it('a replica holding the run lease makes each kind of write, and reads and stages uploads too', async () => {
    const a = await replicaA('run-lease-held-writes');
    const dm = h.slack.defaultDmId;
    const threadTs = await h.ask('Held lease writes check', dm);
    const since = h.slack.calls.length;
    const { ts } = await a.writer.postMessage({ channel: dm, threadTs, text: 'part 1', blocks: [] });
    const upload = await a.writer.getUploadUrl({ filename: 'figures.csv', length: 3 });
    await a.writer.uploadBytes({ uploadUrl: upload.uploadUrl, filename: 'figures.csv', content: 'a,b' });
    a.pausePastLease(); // every write from here asks the store, which still names A
    for (const [method, write] of Object.entries(writeAll(a, dm, threadTs, ts, upload.fileId))) {
      await write();
      expect(callsTo(method, since).length, method).toBeGreaterThan(0);
    }
    const page = await a.writer.replies({ channel: dm, threadTs });
    expect(page.messages.map((m) => m.ts)).toContain(threadTs);
    expect(a.lost()).toBe(0);
    a.kept.cancel();
  });

  it('a replica whose run lease another replica took makes no write of any kind, but may still read its thread and stage bytes', async () => {
    const runId = 'run-lease-lost-writes';
    const a = await replicaA(runId);
    const dm = h.slack.defaultDmId;
    const threadTs = await h.ask('Lost lease writes check', dm);
    const { ts } = await a.writer.postMessage({ channel: dm, threadTs, text: 'part 1', blocks: [] });
    a.pausePastLease();
    expect(await a.leases.release(leaseNames.run(runId), 'replica-a')).toBe(true);
    expect(await a.leases.acquire(leaseNames.run(runId), 'replica-b', leaseMs)).toBe(true);

    const since = h.slack.calls.length;
    // Reads and staging change nothing anyone sees: they pass without asking for the lease.
    const upload = await a.writer.getUploadUrl({ filename: 'figures.csv', length: 3 });
    await a.writer.uploadBytes({ uploadUrl: upload.uploadUrl, filename: 'figures.csv', content: 'a,b' });
    expect((await a.writer.replies({ channel: dm, threadTs })).messages.map((m) => m.ts)).toContain(ts);
    expect(a.lost()).toBe(0);
    const writes = writeAll(a, dm, threadTs, ts, upload.fileId);
    expect(Object.keys(writes)).toHaveLength(7);
    for (const [method, write] of Object.entries(writes)) {
      await expect(write(), method).rejects.toBeInstanceOf(RunStopped);
      expect(callsTo(method, since), method).toEqual([]);
    }
    expect(a.lost()).toBe(1);
    a.kept.cancel();
  });
});
