/**
 * Crash test: the relay's app process (a worker built from env vars like the app) is SIGKILLed at
 * a dozen points of one run — right after the reply is posted, between the chat call and saving
 * its id, mid-stream, and all through the final render — and restarted each time. The thread
 * must end exactly as an uninterrupted run of the same question leaves it (text and blocks), with
 * no duplicate replies.
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

const isUpdate = (c: ApiCall, status: 'running' | 'final', part?: number) =>
  c.method === 'chat.update' &&
  c.ok &&
  (status === 'running' ? payloadOf(c).status === 'running' : payloadOf(c).status !== 'running') &&
  (part === undefined || payloadOf(c).part === part);
const isPost = (c: ApiCall, part: number) => c.method === 'chat.postMessage' && c.ok && payloadOf(c).part === part;

const KILL_POINTS: KillPoint[] = [
  { name: 'right after the reply is posted', slack: (c) => isPost(c, 1) },
  { name: 'between the chat call and saving its assistant message id', selfKill: 'chat' },
  { name: 'mid-stream, after a progress update', slack: (c) => isUpdate(c, 'running') },
  { name: 'mid-stream, after another progress update', slack: (c) => isUpdate(c, 'running') },
  { name: 'after the final part 1 landed', slack: (c) => isUpdate(c, 'final', 1) },
  { name: 'after final part 2 was posted', slack: (c) => isPost(c, 2) },
  { name: 'while reading the thread back', slack: (c) => c.method === 'conversations.replies' },
  { name: 'after final part 3 was posted', slack: (c) => isPost(c, 3) },
  { name: 'after final part 5 was posted', slack: (c) => isPost(c, 5) },
  { name: 'after final part 6 was posted', slack: (c) => isPost(c, 6) },
  { name: 'after final part 9 was posted', slack: (c) => isPost(c, 9) },
  { name: 'after final part 14 was posted', slack: (c) => isPost(c, 14) },
  { name: 'after the last part was posted', slack: (c) => isPost(c, 20) },
];

describe('crash test: SIGKILL at many points of one run (message updates)', () => {
  const opened: CrashSetup[] = [];
  afterAll(() => closeCrashSetups(opened));

  it('ends with the same thread as an uninterrupted run, without duplicate replies', async () => {
    const options = { question: 'Full sector review of Chinese liquor makers [long]', streaming: 'update' as const, agentSpeed: 4 };
    const [reference, crashed] = await Promise.all([openCrashSetup(options, opened), openCrashSetup(options, opened)]);
    const [, kills] = await Promise.all([runUninterrupted(reference), runWithCrashes(crashed, KILL_POINTS)]);
    expect(kills.length).toBeGreaterThanOrEqual(10);
    expect(kills).toEqual(
      expect.arrayContaining([
        'right after the reply is posted',
        'between the chat call and saving its assistant message id',
        'mid-stream, after a progress update',
        'after the final part 1 landed',
        'after final part 2 was posted',
      ]),
    );

    const expected = finalThread(reference.slack, reference.channelId, reference.threadTs);
    const actual = finalThread(crashed.slack, crashed.channelId, crashed.threadTs);
    expect(expected.length).toBeGreaterThan(1);
    expect(actual).toEqual(expected);
    // One message per part: nothing posted twice, nothing left over.
    const parts = crashed.slack
      .threadReplies(crashed.channelId, crashed.threadTs)
      .filter((m) => m.ts !== crashed.threadTs)
      .map((m) => m.metadata?.event_payload?.part);
    expect(parts).toEqual(expected.map((_, i) => i + 1));
    expect(crashed.slack.calls.filter((c) => c.status === 429)).toEqual([]);
  }, 120_000);
});
