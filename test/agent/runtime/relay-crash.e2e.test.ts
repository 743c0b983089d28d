/**
 * Crash test: the relay's app process (a worker built from env vars like the app) is SIGKILLed at
 * points of one long run — right after the reply is posted, between the chat call and saving its
 * id, mid-stream, and all through the final render (the report file's upload URL issued, the
 * upload completed, part 1 written) — and restarted each time. The thread
 * must end exactly as an uninterrupted run of the same question leaves it (text and blocks): its
 * first part (with the report's one chart) and exactly one report file, with no duplicate replies.
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

const completed = (c: ApiCall, method: string) => c.method === method && c.ok;

const KILL_POINTS: KillPoint[] = [
  { name: 'right after the reply is posted', slack: (c) => isPost(c, 1) },
  { name: 'between the chat call and saving its assistant message id', selfKill: 'chat' },
  { name: 'mid-stream, after a progress update', slack: (c) => isUpdate(c, 'running') },
  { name: 'mid-stream, after another progress update', slack: (c) => isUpdate(c, 'running') },
  { name: 'after the report file got its upload URL', slack: (c) => completed(c, 'files.getUploadURLExternal') },
  { name: 'after the report file upload was completed', slack: (c) => completed(c, 'files.completeUploadExternal') },
  { name: 'after the final part 1 landed', slack: (c) => isUpdate(c, 'final', 1) },
];

describe('crash test: SIGKILL at many points of one run (message updates)', () => {
  const opened: CrashSetup[] = [];
  afterAll(() => closeCrashSetups(opened));

  it('ends with the same thread as an uninterrupted run, without duplicate replies', async () => {
    const options = { question: 'Full sector review of Chinese liquor makers [long]', streaming: 'update' as const, agentSpeed: 4 };
    const [reference, crashed] = await Promise.all([openCrashSetup(options, opened), openCrashSetup(options, opened)]);
    const [, kills] = await Promise.all([runUninterrupted(reference), runWithCrashes(crashed, KILL_POINTS)]);
    expect(kills).toEqual(KILL_POINTS.map((p) => p.name));

    const expected = finalThread(reference.slack, reference.channelId, reference.threadTs);
    const actual = finalThread(crashed.slack, crashed.channelId, crashed.threadTs);
    // The first part and the file's message.
    expect(expected).toHaveLength(2);
    expect(actual).toEqual(expected);
    // One message per part: nothing posted twice, nothing left over; exactly one file shared.
    const replies = crashed.slack.threadReplies(crashed.channelId, crashed.threadTs).filter((m) => m.ts !== crashed.threadTs);
    expect(replies.map((m) => m.metadata?.event_payload?.part)).toEqual([1, undefined]);
    // The report's chart (its data tools returned a series) is in part 1, once, however often the final render ran.
    const charts = replies.flatMap((m) => (m.blocks ?? []).filter((b) => (b as { type?: string }).type === 'data_visualization'));
    expect(charts).toHaveLength(1);
    const sharedFiles = (s: CrashSetup) =>
      s.slack.threadReplies(s.channelId, s.threadTs).flatMap((m) => (m.files ?? []).map((f) => s.slack.fileText(f.id)));
    expect(sharedFiles(crashed)).toHaveLength(1);
    expect([...crashed.slack.files.values()].filter((f) => f.completed)).toHaveLength(1);
    expect(sharedFiles(crashed)).toEqual(sharedFiles(reference));
    // The run killed after completing completed the file it had recorded again, not a new one.
    const completions = crashed.slack.calls.filter((c) => completed(c, 'files.completeUploadExternal')).map((c) => String(c.args.files));
    expect(completions).toHaveLength(2);
    expect(new Set(completions).size).toBe(1);
    expect(sharedFiles(reference)[0]?.length).toBeGreaterThanOrEqual(40_000);
    expect(crashed.slack.calls.filter((c) => c.status === 429)).toEqual([]);
    // The thread is read once: for the reply killed between its post and its record. Every other
    // message the run wrote was claimed and recorded, so no restart needed a read (issue 27).
    const reads = (s: CrashSetup) =>
      s.slack.calls.filter((c) => c.method === 'conversations.replies' || c.method === 'conversations.history');
    expect(reads(crashed)).toHaveLength(1);
    expect(reads(reference)).toEqual([]);
  }, 120_000);
});
