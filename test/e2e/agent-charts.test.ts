/**
 * The agent's report attaches a chart (issue 15 §1): a run whose data tools return a series ends
 * with a native `data_visualization` block in the final answer's last message (price series
 * first, all companies rebased on one chart; else the income trend, one chart a company, two at
 * most, issue 29 §2); a run without a series has none; a workspace that
 * refuses the block gets the chart as text, and the app learns that and stops sending the block.
 * Crash and resume: test/agent/runtime/relay-crash.e2e.test.ts (the final render is rewritten in place).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { blockTypes, botReplies, eventIdFor, failedCalls, messageText, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import type { StoredMessage } from '../../src/emulators/slack/index.js';

type ChartBlock = { type: 'data_visualization'; title: string; chart: { type: string; series?: Array<{ name: string; data: unknown[] }> } };

function chartBlocks(messages: StoredMessage[]): ChartBlock[] {
  return messages.flatMap((m) => (m.blocks ?? []).filter((b): b is ChartBlock => (b as { type?: string }).type === 'data_visualization'));
}

describe('agent reports with a chart of their data', () => {
  let h: Harness;
  let channel: string;
  const mention = (text: string) => `<@${h.slack.botUserId}> ${text}`;

  beforeAll(async () => {
    h = await startHarness({ agentSpeed: 20 });
    channel = h.slack.defaultChannelId;
  });
  afterAll(async () => h?.close());

  async function ask(text: string, where = channel): Promise<StoredMessage[]> {
    const { ts } = await h.slack.postMessage({ text: where === channel ? mention(text) : text, channel_id: where });
    const runId = runIdForEvent(h, where, eventIdFor(h, ts, where === channel ? 'app_mention' : 'message'));
    const record = await waitForRunEnd(h, runId);
    expect(record.status).toBe('completed');
    const replies = botReplies(h, where, ts);
    expect(replies.map((r) => r.ts)).toEqual(record.replyTs);
    return replies;
  }

  it('attaches the price series as one native line chart in the last message when a price tool ran', async () => {
    const replies = await ask('How has NVIDIA’s share price performed?');
    const charts = chartBlocks(replies);
    expect(charts).toHaveLength(1);
    expect(chartBlocks([replies[replies.length - 1]!])).toHaveLength(1);
    const chart = charts[0]!;
    expect(chart.title).toMatch(/NVIDIA.*daily close/);
    expect(chart.chart.type).toBe('line');
    expect(chart.chart.series).toHaveLength(1);
    // A quarter of daily closes thinned to what the block holds.
    expect(chart.chart.series![0]!.data).toHaveLength(20);
  });

  it('attaches the income trend when no price tool ran', async () => {
    const replies = await ask('What were NVIDIA’s revenue and margins?');
    const charts = chartBlocks(replies);
    expect(charts).toHaveLength(1);
    expect(charts[0]!.title).toContain('income statement');
    expect(charts[0]!.chart.series!.map((s) => s.name)).toContain('Revenue');
  });

  it('names the company in the income chart’s title (issue 29 §2: not “US:NVDA income statement”)', async () => {
    const replies = await ask('What were NVIDIA’s revenue and margins?');
    expect(chartBlocks(replies).map((c) => c.title)).toEqual(['NVIDIA (US:NVDA) · income statement']);
  });

  it('charts both companies of a two-company report: their share prices on one chart, rebased', async () => {
    const replies = await ask('Compare the share prices of NVIDIA and AMD');
    const charts = chartBlocks(replies);
    expect(charts).toHaveLength(1);
    expect(charts[0]!.title).toMatch(/NVIDIA.* vs AMD.* · share price/);
    expect(charts[0]!.chart.series!.map((s) => s.name)).toEqual(['NVIDIA', 'AMD']);
    expect(JSON.stringify(charts[0])).toMatch(/"y_label":"Close, \d{4}-\d{2}-\d{2} = 100/);
  });

  it('charts both companies of a two-company report: one income chart each', async () => {
    const replies = await ask('Compare the revenue and margins of NVIDIA and AMD');
    expect(chartBlocks(replies).map((c) => c.title)).toEqual(['NVIDIA (US:NVDA) · income statement', 'AMD (US:AMD) · income statement']);
  });

  it('attaches no chart when the tools returned no series', async () => {
    const replies = await ask('How strong is NVIDIA’s balance sheet?');
    expect(chartBlocks(replies)).toEqual([]);
  });

  it('puts the chart in the final answer of a natively streamed DM too', async () => {
    const replies = await ask('[slow] How has Apple’s stock performed?', h.slack.defaultDmId);
    expect(h.slack.calls.some((c) => c.method === 'chat.startStream' && c.args.channel === h.slack.defaultDmId)).toBe(true);
    expect(chartBlocks(replies)).toHaveLength(1);
  });

  it('made no Slack call that failed', () => {
    expect(failedCalls(h)).toEqual([]);
  });

  it('replays an answer with a chart where Slack refuses the block: the chart as text, the replay complete', async () => {
    const { ts } = await h.slack.postMessage({ text: mention('How has Apple’s share price performed?') });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')));
    expect(chartBlocks(botReplies(h, channel, ts))).toHaveLength(1);
    h.slack.setRefusedBlockTypes(['data_visualization']);
    try {
      await h.slack.sendCommand({ command: '/research', text: `replay ${record.conversationId} ${record.assistantMessageId}` });
      const root = await h.slack.waitFor(
        () => h.slack.channelMessages(channel).find((m) => m.text.includes('replayed') && m.text.includes('Apple’s share price')),
        10_000,
      );
      const replayed = await h.slack.waitFor(() => {
        const replies = h.slack.channelMessages(channel).find((m) => m.ts === root.ts)?.replies ?? [];
        return replies.length === record.replyTs.length ? replies : undefined;
      }, 10_000);
      expect(chartBlocks(replayed)).toEqual([]);
      expect(messageText(replayed[replayed.length - 1]!)).toMatch(/chart_with_upwards_trend.*Apple.*daily close/);
    } finally {
      h.slack.setRefusedBlockTypes([]);
    }
  });

  it('shows the chart as text where Slack refuses the block, and stops sending the block after one refusal', async () => {
    h.slack.setRefusedBlockTypes(['data_visualization']);
    try {
      const first = await ask('How has NVIDIA’s share price performed?');
      expect(chartBlocks(first)).toEqual([]);
      expect(messageText(first[first.length - 1]!)).toMatch(/chart_with_upwards_trend.*NVIDIA.*daily close/);
      expect(blockTypes(first[0]!)).toContain('header');
      // Refused once per table level the fetch tries (table-fallback-fetch.ts), then taken as text.
      const refusals = failedCalls(h).filter((c) => c.error === 'invalid_blocks').length;
      expect(refusals).toBeGreaterThan(0);

      const second = await ask('What were Apple’s revenue and margins?');
      expect(chartBlocks(second)).toEqual([]);
      expect(messageText(second[second.length - 1]!)).toContain('income statement');
      expect(failedCalls(h).filter((c) => c.error === 'invalid_blocks')).toHaveLength(refusals);
    } finally {
      h.slack.setRefusedBlockTypes([]);
    }
  });
});
