/**
 * Claim before posting, record the ts after (issue 27 §2): a run resumed after a crash reads its
 * thread only when its reply was claimed but its ts never recorded. A run that died before
 * claiming posts its reply without reading (a non-Marketplace app may read a thread once a
 * minute); a claimed one finds the reply that did land and adopts it instead of posting twice.
 * The crashed process's record is written as it would have left it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRunRecord } from '../../../src/agent/runtime/new-run-record.js';
import { runIdFor } from '../../../src/agent/runtime/run-id-for.js';
import { buildRunMetadata } from '../../../src/agent/sinks/run-message-metadata.js';
import { createWebClientWriter } from '../../../src/slack/agent/relay/web-client-writer.js';
import type { RunRecord } from '../../../src/store/records.js';
import { RunStore } from '../../../src/store/run-store.js';
import { eventually } from '../support/eventually.js';
import { BOT_TOKEN, postsInThread, type RelayHarness, startRelayHarness } from '../support/relay-harness.js';

describe('resuming a run whose reply may or may not have been posted', () => {
  let h: RelayHarness;
  beforeAll(async () => {
    h = await startRelayHarness({ agentSpeed: 40 });
  });
  afterAll(async () => h.close());

  const repliesCalls = (threadTs: string) => h.slack.calls.filter((c) => c.method === 'conversations.replies' && c.args.ts === threadTs);

  /** The record a process left when it died right after saving the run, before its reply. */
  async function orphan(question: string, patch: Partial<RunRecord>): Promise<{ runId: string; threadTs: string }> {
    const threadTs = await h.ask(question);
    const request = {
      teamId: h.slack.teamId,
      channelId: h.slack.defaultChannelId,
      threadTs,
      askerUserId: h.slack.defaultUserId,
      question,
      requestId: `claim-${threadTs}`,
    };
    const runId = runIdFor(request);
    await new RunStore(h.openStore()).save({ ...newRunRecord(request, runId, Date.now(), 'update'), ...patch });
    return { runId, threadTs };
  }

  async function resumeAndEnd(runId: string): Promise<RunRecord> {
    const runtime = h.runtime({ instanceId: `resumer-${runId.slice(-6)}` });
    expect(await runtime.resumeOrphanedRuns()).toContain(runId);
    const store = new RunStore(h.openStore());
    const ended = await eventually(
      () => store.get(runId),
      (r) => r?.status === 'completed' || r?.status === 'failed',
      20_000,
    );
    return ended!;
  }

  it('posts the reply of a run that died before claiming it without reading the thread first', async () => {
    const { runId, threadTs } = await orphan('How did Moutai do this year?', {});
    const ended = await resumeAndEnd(runId);
    expect(ended.status).toBe('completed');
    expect(postsInThread(h.slack, h.slack.defaultChannelId, threadTs)).toBe(1);
    // The reply went out with no read before it, and the final render claimed no post it could not
    // record, so the thread is never read.
    expect(h.slack.calls.find((c) => c.method === 'chat.postMessage' && c.args.thread_ts === threadTs)).toBeDefined();
    expect(repliesCalls(threadTs)).toEqual([]);
  });

  it('adopts the reply a claimed run posted before dying, after one read of its thread', async () => {
    const { runId, threadTs } = await orphan('What moved BYD’s margins?', { replyClaimed: true });
    // The reply landed; the process died before recording its ts.
    const writer = createWebClientWriter({ token: BOT_TOKEN, apiUrl: h.slack.apiUrl, logger: h.logger });
    const { ts } = await writer.postMessage({
      channel: h.slack.defaultChannelId,
      threadTs,
      text: 'Working on it…',
      blocks: [],
      metadata: buildRunMetadata({ run_id: runId, part: 1, conversation_id: '', assistant_message_id: '', offset: -1 }),
    });
    const ended = await resumeAndEnd(runId);
    expect(ended.status).toBe('completed');
    expect(ended.replyTs[0]).toBe(ts);
    expect(postsInThread(h.slack, h.slack.defaultChannelId, threadTs)).toBe(1);
    // One read, for the reply; the final render knows every message it wrote.
    expect(repliesCalls(threadTs)).toHaveLength(1);
  });

  /** Posts a message of `runId` into the thread as its crashed process did. */
  const postAsRun = async (runId: string, threadTs: string, part: number, text: string): Promise<string> => {
    const writer = createWebClientWriter({ token: BOT_TOKEN, apiUrl: h.slack.apiUrl, logger: h.logger });
    const { ts } = await writer.postMessage({
      channel: h.slack.defaultChannelId,
      threadTs,
      text,
      blocks: [],
      metadata: buildRunMetadata({ run_id: runId, part, conversation_id: '', assistant_message_id: '', offset: -1 }),
    });
    return ts;
  };
  const threadOf = (threadTs: string) =>
    h.slack
      .threadReplies(h.slack.defaultChannelId, threadTs)
      .filter((m) => m.ts !== threadTs)
      .map((m) => m.ts);

  it('finds a further part a crashed final render posted but never recorded (one read) and leaves no copy of it', async () => {
    const { runId, threadTs } = await orphan('What drove CATL’s cash flow?', { replyClaimed: true, postPending: true });
    const reply = await postAsRun(runId, threadTs, 1, 'Working on it…');
    await new RunStore(h.openStore()).saveProgress(runId, { lastOffset: -1, replyTs: [reply], status: 'starting', postPending: true });
    const stray = await postAsRun(runId, threadTs, 2, 'part two of an earlier render');
    const ended = await resumeAndEnd(runId);
    expect(ended.status).toBe('completed');
    expect(ended.replyTs[0]).toBe(reply);
    // The part Slack held and the store did not is found (reused or deleted); the thread is exactly the render.
    expect(threadOf(threadTs)).toEqual(ended.replyTs);
    expect(ended.replyTs.includes(stray) || h.slack.calls.some((c) => c.method === 'chat.delete' && c.args.ts === stray)).toBe(true);
    expect(repliesCalls(threadTs)).toHaveLength(1);
    expect(ended.postPending).toBeUndefined();
  });

  it('replaces a further part whose ts was recorded before the crash without reading the thread', async () => {
    const { runId, threadTs } = await orphan('How levered is Tencent?', { replyClaimed: true });
    const reply = await postAsRun(runId, threadTs, 1, 'Working on it…');
    const recorded = await postAsRun(runId, threadTs, 2, 'part two of an earlier render');
    await new RunStore(h.openStore()).saveProgress(runId, { lastOffset: -1, replyTs: [reply, recorded], status: 'starting' });
    const ended = await resumeAndEnd(runId);
    expect(ended.status).toBe('completed');
    expect(threadOf(threadTs)).toEqual(ended.replyTs);
    expect(repliesCalls(threadTs)).toEqual([]);
  });
});
