/**
 * Whole runs relayed to the Slack emulator from the service emulator in its `published` variant
 * (the real stream's framing: data lines only, tool_end without offset, init run_id "", usage after
 * workflow_end, ids beyond 2^53) must leave the thread exactly as the same runs in the interface
 * document's framing do, also when the stream keeps dropping and the relay resumes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunStore } from '../../../src/store/run-store.js';
import { finalThread, rateLimitedCalls, startRelayHarness, type RelayHarness } from '../support/relay-harness.js';

// Every event carries this timestamp: runs of one question render the same elapsed time.
const FROZEN_NOW = Date.now();
const serviceClock = () => FROZEN_NOW;

describe('the relay on the real stream framing', () => {
  let document: RelayHarness;
  let published: RelayHarness;
  beforeAll(async () => {
    [document, published] = await Promise.all([
      startRelayHarness({ agentSpeed: 40, variant: 'latest', serviceClock }),
      startRelayHarness({ agentSpeed: 40, variant: 'published', serviceClock }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([document?.close(), published?.close()]);
  });

  /** Relays one question to its end; the thread's replies with the service ids put back to placeholders. */
  async function relay(h: RelayHarness, question: string) {
    const runtime = h.runtime();
    const channelId = h.slack.defaultChannelId;
    const threadTs = await h.ask(question, channelId);
    const { runId } = await runtime.startRun({ teamId: h.slack.teamId, channelId, threadTs, askerUserId: h.slack.defaultUserId, question });
    const outcome = await runtime.waitForRun(runId);
    const record = (await new RunStore(h.openStore()).get(runId))!;
    const thread = JSON.stringify(finalThread(h.slack, channelId, threadTs))
      .replaceAll(record.conversationId, '<conversation>')
      .replaceAll(record.assistantMessageId, '<message>')
      // The elapsed time counts from when each relay started the run (its own clock): two runs
      // relayed side by side on a busy machine may differ by a second. Everything else must match.
      .replace(/:stopwatch: [^·"]*/g, ':stopwatch: <elapsed> ');
    return { outcome, record, thread: JSON.parse(thread) as unknown };
  }

  it('relays whole runs exactly as in the document framing: a report, a non-fatal error, a failure', async () => {
    // The two emulators stay in step (same seed, same runs in the same order): same answers.
    const threads: string[] = [];
    for (const question of [
      'How strong is Kweichow Moutai’s balance sheet?',
      'Explain NVIDIA data-center revenue [hiccup]',
      '宁德时代 [error]',
    ]) {
      const [fromDocument, fromPublished] = await Promise.all([relay(document, question), relay(published, question)]);
      expect(fromPublished.outcome).toEqual(fromDocument.outcome);
      expect(fromPublished.thread).toEqual(fromDocument.thread);
      // The published conversation id passes 2^53 and was kept exact all the way to the record.
      expect(BigInt(fromPublished.record.conversationId)).toBeGreaterThan(2n ** 53n);
      expect(fromPublished.record.conversationId).toMatch(/^\d{19}$/);
      threads.push(JSON.stringify(fromPublished.thread));
    }
    expect(threads[1]).toContain('The agent reported a problem along the way');
    // A Chinese question's run ends in Chinese (issue 29, one language per answer).
    expect(threads[2]).toContain('研究助手已停止');
    expect(rateLimitedCalls(published.slack)).toBe(0);
  }, 60_000);

  it('resumes exactly when the stream keeps dropping: the thread ends as an uninterrupted run leaves it', async () => {
    const question = 'What drives Tencent’s gaming revenue?';
    const reference = await relay(document, question);
    published.service.setFaults({ dropStreamAfterEvents: 4, duplicateEventEvery: 3 });
    try {
      const resumed = await relay(published, question);
      expect(resumed.outcome).toEqual({ ended: true, status: 'completed' });
      expect(resumed.thread).toEqual(reference.thread);
    } finally {
      published.service.setFaults({});
    }
    const reconnects = published.service.requestLog.filter((r) => r.method === 'GET' && /\/messages\/am_[^/]+$/.test(r.path));
    expect(reconnects.length).toBeGreaterThan(5);
  }, 60_000);

  it('answers Cancel on a run the service no longer knows (400 "Invalid conversation_id") as not found', async () => {
    const runtime = published.runtime();
    const runs = new RunStore(published.openStore());
    const now = Date.now();
    const runId = 'run-unknown-to-the-service';
    await runs.save({
      runId,
      teamId: published.slack.teamId,
      channelId: published.slack.defaultChannelId,
      threadTs: '1700000000.000100',
      replyTs: [],
      conversationId: '1197862772277383999',
      assistantMessageId: 'am_missing',
      lastOffset: -1,
      status: 'running',
      askerUserId: published.slack.defaultUserId,
      question: 'q',
      startedAtMs: now,
      updatedAtMs: now,
      delivery: 'update',
    });
    try {
      expect(await runtime.cancelRun(runId, published.slack.defaultUserId)).toEqual({
        ok: false,
        reason: 'not_found',
        message: 'The research service no longer knows this run, so it can’t be cancelled.',
      });
    } finally {
      await runs.markEnded(runId, 'failed');
    }
  });
});
