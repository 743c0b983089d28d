/**
 * Long answers end to end (issue 14 §4): a ~40,000-character report arrives as its first part
 * plus one Markdown file in the thread whose text is the service's own report; sources are listed
 * once; and when Slack refuses the upload for good the answer goes out as messages instead.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_SCOPES } from '../../src/emulators/slack/config.js';
import { botReplies, eventIdFor, failedCalls, messageText, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { startHarness, type Harness } from './harness.js';

const QUESTION = 'Full sector review of Chinese liquor makers [long]';

/** The report the service itself wrote for the run (workflow_end's output.final_report.content). */
async function serviceReport(h: Harness, conversationId: string, assistantMessageId: string): Promise<string> {
  const res = await fetch(`${h.service.url}/v1/agent/conversations/${conversationId}/messages/${assistantMessageId}?stream=false`, {
    headers: { authorization: `Bearer ${h.service.apiKey}` },
  });
  const found: string[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === 'object' && v !== null) {
      const report = (v as { final_report?: { content?: unknown } }).final_report?.content;
      if (typeof report === 'string') found.push(report);
      else Object.values(v).forEach(visit);
    }
  };
  visit(await res.json());
  if (found.length !== 1) throw new Error(`expected one final report from the service, found ${found.length}`);
  return found[0]!;
}

/**
 * How many "Sources" lists the messages' blocks hold (the fallback text may quote one): ours
 * ("*Sources*" in a section) or the report's own (a "Sources" header, when the report is shown whole).
 */
function sourcesLists(messages: Array<{ blocks?: unknown[] }>): number {
  const blocks = messages.flatMap((m) => (m.blocks ?? []) as Array<{ type?: string; text?: { text?: string } }>);
  const ours =
    blocks
      .map((b) => JSON.stringify(b))
      .join('\n')
      .split('*Sources*').length - 1;
  const theirs = blocks.filter((b) => b.type === 'header' && /^(sources|参考资料)$/i.test(b.text?.text?.trim() ?? '')).length;
  return ours + theirs;
}

describe('long answers: first part plus the full report as a file', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('posts a 40,000-character report as its first part and one file whose text is the full report', async () => {
    h = await startHarness({ agentSpeed: 20, rateLimits: 'slack' });
    const harness = h;
    const channel = harness.slack.defaultChannelId;
    const { ts } = await harness.slack.postMessage({ text: `<@${harness.slack.botUserId}> ${QUESTION}` });
    const runId = runIdForEvent(harness, channel, eventIdFor(harness, ts, 'app_mention'));
    const record = await waitForRunEnd(harness, runId, 60_000);
    expect(record.status).toBe('completed');
    // Processing is asynchronous: the file's message shows a moment after the run ended.
    await harness.slack.waitFor(() => harness.slack.pendingFileProcessing() === 0 && harness.slack.files.size > 0, 10_000);

    const replies = botReplies(harness, channel, ts);
    const withFiles = replies.filter((m) => (m.files ?? []).length > 0);
    const parts = replies.filter((m) => (m.files ?? []).length === 0);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.ts).toBe(record.replyTs[0]);
    expect(record.replyTs).toEqual([parts[0]!.ts]);
    expect(messageText(parts[0]!)).toContain('the full report is attached below as');
    expect(messageText(parts[0]!)).not.toContain('not posted');

    expect(withFiles).toHaveLength(1);
    expect(withFiles[0]!.files).toHaveLength(1);
    expect(withFiles[0]!.thread_ts).toBe(ts);
    expect(harness.slack.files.size).toBe(1);
    const file = withFiles[0]!.files![0]!;
    expect(file.name).toMatch(/^[\p{L}\p{N}-]+\.md$/u);
    const text = harness.slack.fileText(file.id);
    const report = await serviceReport(harness, record.conversationId, record.assistantMessageId);
    expect(report.length).toBeGreaterThanOrEqual(40_000);
    expect(text).toBe(report);
    expect(record.reportFile).toEqual({ state: 'shared', fileId: file.id });

    // The sources are listed once in the whole answer.
    expect(sourcesLists(replies)).toBe(1);
    expect(failedCalls(harness)).toEqual([]);
  }, 90_000);

  it('posts the answer as messages when Slack refuses the upload for good (no files:write)', async () => {
    h = await startHarness({
      agentSpeed: 20,
      rateLimits: 'slack',
      slack: { botScopes: DEFAULT_BOT_SCOPES.filter((s) => s !== 'files:write') },
    });
    const harness = h;
    const channel = harness.slack.defaultChannelId;
    const { ts } = await harness.slack.postMessage({ text: `<@${harness.slack.botUserId}> ${QUESTION}` });
    const runId = runIdForEvent(harness, channel, eventIdFor(harness, ts, 'app_mention'));
    const record = await waitForRunEnd(harness, runId, 60_000);
    expect(record.status).toBe('completed');
    expect(record.reportFile).toEqual({ state: 'failed' });

    const replies = botReplies(harness, channel, ts);
    expect(replies.some((m) => (m.files ?? []).length > 0)).toBe(false);
    // All of it as messages (data tables pack the 40,000 characters into a few).
    expect(replies.length).toBeGreaterThan(1);
    expect(record.replyTs).toEqual(replies.map((m) => m.ts));
    const all = replies.map(messageText).join('\n');
    expect(all).not.toContain('attached below');
    expect(sourcesLists(replies)).toBe(1);
    expect(failedCalls(harness, ['missing_scope'])).toEqual([]);
    expect(harness.logs.some((l) => l.includes('could not share the report as a file'))).toBe(true);
    // A run that never restarted knows every message it wrote: a multi-part answer reads no thread
    // (one read a minute is all a non-Marketplace app gets, issue 27).
    expect(harness.slack.calls.filter((c) => c.method === 'conversations.replies')).toEqual([]);
  }, 90_000);
});
