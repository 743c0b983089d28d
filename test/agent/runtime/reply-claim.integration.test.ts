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
    // The reply went out with no read before it; the resumed final render looks once, from the
    // reply's ts on (one page), for parts an earlier render may have left.
    const post = h.slack.calls.find((c) => c.method === 'chat.postMessage' && c.args.thread_ts === threadTs);
    const reads = repliesCalls(threadTs);
    expect(post).toBeDefined();
    expect(reads.length).toBeLessThanOrEqual(1);
    expect(reads.every((r) => r.at >= post!.at && r.args.oldest === ended.replyTs[0])).toBe(true);
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
    expect(repliesCalls(threadTs).length).toBeGreaterThanOrEqual(1);
  });
});
