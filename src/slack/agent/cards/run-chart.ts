/**
 * The chart a completed run's final answer attaches (RunView.chart: the most relevant series its
 * data tools returned) as Slack's native `data_visualization` block, and the text that stands in
 * for it where the workspace refuses the block (`invalid_blocks`: still rolling out). Pure.
 * @see https://docs.slack.dev/reference/block-kit/blocks/data-visualization-block
 */
import type { KnownBlock, SectionBlock } from '@slack/types';
import { REPORT_CHARTS } from '../../../agent/events/read-tool-chart.js';
import type { RunView } from '../../../agent/state/run-view.js';
import { clampText } from '../../blocks/clamp-text.js';
import { dataVisualizationBlock, type DataVisualizationBlock } from '../../blocks/data-visualization.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { SLACK_LIMITS } from '../../blocks/limits.js';
import type { AnswerLanguage } from '../../../language/answer-language.js';

/**
 * The report's charts in the answer's language (one a company, or all companies on one), as many
 * as Slack takes in a message; none unless the run completed with charts that fit the block.
 */
export function runChartBlocks(view: RunView, language: AnswerLanguage = 'en'): KnownBlock[] {
  if (view.status !== 'completed' || !view.chart) return [];
  const charts = view.chart.byLanguage?.[language] ?? [view.chart.data];
  // @slack/types 3.2.0 does not type data_visualization yet: it travels as a plain block.
  return charts
    .slice(0, REPORT_CHARTS)
    .flatMap((data) => dataVisualizationBlock(data) ?? [])
    .map((block) => block as unknown as KnownBlock);
}

export function isDataVisualizationBlock(block: unknown): block is DataVisualizationBlock {
  return typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'data_visualization';
}

/** What the chart shows, as text: each series from its first point to its last (or each segment). */
export function chartFallbackBlock(block: DataVisualizationBlock): SectionBlock {
  const { chart } = block;
  const lines =
    chart.type === 'pie'
      ? chart.segments.map((s) => `${escapeMrkdwn(s.label)}: ${s.value}`)
      : chart.series.map((s) => {
          const first = s.data[0];
          const last = s.data[s.data.length - 1];
          const span = first && last ? `${first.value} (${escapeMrkdwn(first.label)}) → ${last.value} (${escapeMrkdwn(last.label)})` : '';
          return `${escapeMrkdwn(s.name)}: ${span}`;
        });
  const unit = chart.type === 'pie' ? undefined : chart.axis_config.y_label;
  const text = [`:chart_with_upwards_trend: *${escapeMrkdwn(block.title)}*${unit ? ` (${escapeMrkdwn(unit)})` : ''}`, ...lines].join('\n');
  return { type: 'section', text: { type: 'mrkdwn', text: clampText(text, SLACK_LIMITS.sectionTextChars) } };
}

/** The blocks with every chart replaced by its text (the workspace refuses the chart block). */
export function replaceChartBlocks(blocks: readonly KnownBlock[]): KnownBlock[] {
  return blocks.map((b) => (isDataVisualizationBlock(b) ? chartFallbackBlock(b) : b));
}
