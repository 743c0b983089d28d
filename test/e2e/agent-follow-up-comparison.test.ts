/**
 * The demo agent through the real app over HTTP (issue 29, defect 6): a follow-up "how does AMD
 * compare?" in a thread about NVIDIA's margins goes into the same service conversation and is
 * answered as NVIDIA vs AMD, with the margin drivers of both; gibberish gets an answer that says
 * it was not understood, not a report about an index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botReplies, eventIdFor, failedCalls, messageText, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('the demo agent in a Slack thread', () => {
  let h: Harness;
  let channel: string;
  const mention = (text: string) => `<@${h.slack.botUserId}> ${text}`;

  beforeAll(async () => {
    h = await startHarness({ agentSpeed: 12 });
    channel = h.slack.defaultChannelId;
  });
  afterAll(async () => h?.close());

  it('answers “how does AMD compare?” under an NVIDIA margins answer with NVIDIA vs AMD', async () => {
    const { ts: root } = await h.slack.postMessage({ text: mention('What drives NVDA’s margins?') });
    const first = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, root, 'app_mention')), 30_000);
    expect(first.status).toBe('completed');
    const firstAnswer = messageText(botReplies(h, channel, root)[0]!);
    expect(firstAnswer).toContain('What drives the margins');
    expect(firstAnswer).not.toContain('S&P 500');

    const reply = await h.slack.postMessage({ text: 'how does AMD compare?', thread_ts: root });
    const second = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, reply.ts, 'message')), 30_000);
    expect(second.status).toBe('completed');
    expect(second.conversationId).toBe(first.conversationId);
    const answer = botReplies(h, channel, root).slice(1).map(messageText).join('\n');
    expect(answer).toContain('NVIDIA (US:NVDA)');
    expect(answer).toContain('AMD (US:AMD)');
    expect(answer).toContain('comparing AMD with NVIDIA from earlier in this conversation');
  });

  it('says when it does not understand, with an example question', async () => {
    const { ts } = await h.slack.postMessage({ text: mention('asdf qwer zxcv') });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')), 30_000);
    expect(record.status).toBe('completed');
    const answer = botReplies(h, channel, ts).map(messageText).join('\n');
    expect(answer).toContain('I did not understand which company or topic');
    expect(answer).toContain('What drives NVIDIA’s margins?');
    expect(answer).not.toMatch(/Research report|S&P 500/);
  });

  it('made no Slack call that failed validation', () => {
    expect(failedCalls(h)).toEqual([]);
  });
});
