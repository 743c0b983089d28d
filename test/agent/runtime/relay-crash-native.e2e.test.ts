/**
 * Crash test of the native streaming path (a DM): the worker dies with a stream segment open. The
 * restarted relay must stop that orphaned stream before anything edits or deletes it (no
 * streaming_state_conflict), and the thread must end as an uninterrupted run leaves it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeCrashSetups,
  openCrashSetup,
  runUninterrupted,
  runWithCrashes,
  type CrashSetup,
  type KillPoint,
} from '../support/crash-rig.js';
import { finalThread } from '../support/relay-harness.js';

const KILL_POINTS: KillPoint[] = [
  { name: 'right after a stream segment started', slack: (c) => c.method === 'chat.startStream' && c.ok },
  { name: 'mid-stream, after an append', slack: (c) => c.method === 'chat.appendStream' && c.ok },
  { name: 'after the final part 1 landed', slack: (c) => c.method === 'chat.update' && c.ok },
];

describe('crash test: SIGKILL with a native stream open', () => {
  const opened: CrashSetup[] = [];
  afterAll(() => closeCrashSetups(opened));

  it('stops the orphaned stream before touching it and ends like an uninterrupted run', async () => {
    const options = { question: 'Explain NVIDIA data-center revenue trends', streaming: 'auto' as const, agentSpeed: 3, inDm: true };
    const [reference, crashed] = await Promise.all([openCrashSetup(options, opened), openCrashSetup(options, opened)]);
    const [, kills] = await Promise.all([runUninterrupted(reference), runWithCrashes(crashed, KILL_POINTS)]);
    expect(kills).toEqual(KILL_POINTS.map((k) => k.name));

    const calls = crashed.slack.calls;
    expect(calls.filter((c) => !c.ok && c.error === 'streaming_state_conflict')).toEqual([]);
    // Every segment that was started is stopped before it is deleted.
    const started = calls.filter((c) => c.method === 'chat.startStream' && c.ok).length;
    expect(started).toBeGreaterThanOrEqual(2);
    const deletes = calls.filter((c) => c.method === 'chat.delete');
    // The final answer replaces the stream segments: at least one is deleted, each after its stop.
    expect(deletes.length).toBeGreaterThan(0);
    for (const del of deletes) {
      const ts = del.args.ts;
      const stopAt = calls.findIndex((c) => c.method === 'chat.stopStream' && c.args.ts === ts);
      expect(stopAt).toBeGreaterThanOrEqual(0);
      expect(stopAt).toBeLessThan(calls.indexOf(del));
    }
    const replies = crashed.slack.threadReplies(crashed.channelId, crashed.threadTs).filter((m) => m.ts !== crashed.threadTs);
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((m) => m.streaming === undefined || m.streaming.state === 'stopped')).toBe(true);
    expect(finalThread(crashed.slack, crashed.channelId, crashed.threadTs)).toEqual(
      finalThread(reference.slack, reference.channelId, reference.threadTs),
    );
  }, 90_000);
});
