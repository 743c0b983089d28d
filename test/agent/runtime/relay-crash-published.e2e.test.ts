/**
 * Crash test on the real stream's framing (the service emulator's `published` variant: tool_end
 * without an offset, usage after workflow_end, ids beyond 2^53): the worker is SIGKILLed mid-run
 * and right after the run's end, and restarted. A restarted relay re-reads the run from offset 0
 * and follows it from its cursor; the offset-less events must neither go missing nor count twice,
 * so the thread must end exactly as an uninterrupted run in the same framing leaves it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../../src/emulators/slack/index.js';
import {
  closeCrashSetups,
  openCrashSetup,
  payloadOf,
  runUninterrupted,
  runWithCrashes,
  type CrashSetup,
  type KillPoint,
} from '../support/crash-rig.js';
import { finalThread } from '../support/relay-harness.js';

const isUpdate = (c: ApiCall, status: 'running' | 'final') =>
  c.method === 'chat.update' && c.ok && (status === 'running' ? payloadOf(c).status === 'running' : payloadOf(c).status !== 'running');

const KILL_POINTS: KillPoint[] = [
  { name: 'right after the reply is posted', slack: (c) => c.method === 'chat.postMessage' && c.ok && payloadOf(c).part === 1 },
  { name: 'mid-stream, after a progress update', slack: (c) => isUpdate(c, 'running') },
  { name: 'mid-stream, after another progress update', slack: (c) => isUpdate(c, 'running') },
  { name: 'after the final answer landed', slack: (c) => isUpdate(c, 'final') },
];

describe('crash test on the published framing', () => {
  const opened: CrashSetup[] = [];
  afterAll(() => closeCrashSetups(opened));

  it('ends with the same thread as an uninterrupted run: no event lost or counted twice', async () => {
    const options = {
      question: 'Explain NVIDIA data-center revenue [hiccup]',
      streaming: 'update' as const,
      agentSpeed: 3,
      variant: 'published' as const,
    };
    const [reference, crashed] = await Promise.all([openCrashSetup(options, opened), openCrashSetup(options, opened)]);
    const [, kills] = await Promise.all([runUninterrupted(reference), runWithCrashes(crashed, KILL_POINTS)]);
    expect(kills).toEqual(KILL_POINTS.map((k) => k.name));

    const expected = finalThread(reference.slack, reference.channelId, reference.threadTs);
    expect(JSON.stringify(expected)).toContain('The agent reported a problem along the way');
    expect(finalThread(crashed.slack, crashed.channelId, crashed.threadTs)).toEqual(expected);
    // The conversation id in the thread's metadata passed 2^53 and stayed exact.
    const conversationIds = new Set(
      crashed.slack.calls
        .filter((c) => c.ok)
        .map((c) => payloadOf(c).conversation_id)
        .filter(Boolean),
    );
    expect([...conversationIds]).toHaveLength(1);
    expect(BigInt(String([...conversationIds][0]))).toBeGreaterThan(2n ** 53n);
  }, 90_000);
});
