import { describe, expect, it } from 'vitest';
import type { ToolChart } from '../../../../src/agent/events/read-tool-chart.js';
import { initialRunView, type RunView } from '../../../../src/agent/state/run-view.js';
import type { AgentRenderContext } from '../../../../src/slack/agent/cards/agent-render-context.js';
import { renderFinalAnswer, renderFinalAnswerWithFile } from '../../../../src/slack/agent/cards/render-final-answer.js';
import { chartFallbackBlock, replaceChartBlocks, runChartBlocks } from '../../../../src/slack/agent/cards/run-chart.js';
import { dataVisualizationBlock } from '../../../../src/slack/blocks/data-visualization.js';
import { findMessageViolations } from '../../blocks/limit-violations.js';

const ctx: AgentRenderContext = { runId: 'run-1', askerUserId: 'U1', conversationId: '7', nowMs: 0 };
const priceData: ToolChart['data'] = {
  kind: 'line',
  title: '<!channel> *NVIDIA* (US:NVDA) daily close',
  categories: ['2025-01-02', '2025-01-03', '2025-01-06'],
  series: [{ name: 'Close', values: [100, 101.5, 99] }],
  yTitle: 'USD per share',
};
const chart: ToolChart = {
  source: 'price',
  data: priceData,
  byLanguage: { en: [priceData], zh: [{ ...priceData, title: '英伟达 (US:NVDA) · 每日收盘价' }] },
};
const view = (over: Partial<RunView>): RunView => ({
  ...initialRunView({ startedAtMs: 0 }),
  status: 'completed',
  endedAtMs: 1_000,
  report: { nodeId: 'n', title: 'Report', markdown: '## Findings\n\nNVIDIA rose.' },
  ...over,
});
const charts = (blocks: unknown[]) => blocks.filter((b) => (b as { type?: string }).type === 'data_visualization');

describe('the chart of a run’s final answer', () => {
  it('is one native block in the last message of a completed run, within Slack’s limits', () => {
    const parts = renderFinalAnswer(view({ chart }), ctx);
    expect(charts(parts.flatMap((p) => p.blocks))).toHaveLength(1);
    expect(charts(parts.at(-1)!.blocks)).toHaveLength(1);
    for (const p of parts) expect(findMessageViolations(p)).toEqual([]);
  });

  it('is absent without a chart, and when the run did not complete', () => {
    expect(charts(renderFinalAnswer(view({}), ctx).flatMap((p) => p.blocks))).toEqual([]);
    expect(runChartBlocks(view({ chart, status: 'failed', error: { message: 'x' } }))).toEqual([]);
    expect(runChartBlocks(view({ chart, status: 'cancelled' }))).toEqual([]);
  });

  it('goes with the first part of a long report shared as a file', () => {
    const long = `## Long\n\n${'A paragraph of the report. '.repeat(2_000)}`;
    const withFile = renderFinalAnswerWithFile(view({ chart, report: { nodeId: 'n', title: 'R', markdown: long } }), ctx);
    expect(withFile).toBeDefined();
    expect(charts(withFile!.parts.flatMap((p) => p.blocks))).toHaveLength(1);
  });

  it('stands as inert text where Slack refuses the block: title, unit, first and last point', () => {
    const block = dataVisualizationBlock(chart.data)!;
    const text = chartFallbackBlock(block).text!.text;
    expect(text).not.toContain('<!channel>');
    expect(text).toContain('NVIDIA');
    expect(text).toContain('USD per share');
    expect(text).toContain('Close: 100 (2025-01-02) → 99 (2025-01-06)');
    const blocks = replaceChartBlocks([{ type: 'divider' }, block as never]);
    expect(blocks.map((b) => b.type)).toEqual(['divider', 'section']);
  });
});

describe('every company of a report in its charts (issue 29 §2)', () => {
  const income = (title: string): ToolChart['data'] => ({ ...priceData, title, series: [{ name: 'Revenue', values: [1, 2, 3] }] });
  const three = [
    income('NVIDIA (US:NVDA) · income statement'),
    income('AMD (US:AMD) · income statement'),
    income('Intel (US:INTC) · income'),
  ];
  const many: ToolChart = { source: 'income', data: three[0]!, byLanguage: { en: three, zh: three } };

  it('draws one chart a company, as many as Slack takes in a message (two)', () => {
    const blocks = runChartBlocks(view({ chart: many })) as unknown as Array<{ title: string }>;
    expect(blocks.map((b) => b.title)).toEqual(['NVIDIA (US:NVDA) · income statement', 'AMD (US:AMD) · income statement']);
    const parts = renderFinalAnswer(view({ chart: many }), ctx);
    expect(charts(parts.at(-1)!.blocks)).toHaveLength(2);
    for (const p of parts) expect(findMessageViolations(p)).toEqual([]);
  });

  it('draws the charts in the answer’s language', () => {
    expect((runChartBlocks(view({ chart }), 'zh')[0] as unknown as { title: string }).title).toBe('英伟达 (US:NVDA) · 每日收盘价');
  });
});
