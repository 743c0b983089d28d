import { describe, expect, it } from 'vitest';
import { dataVisualizationBlock } from '../../../src/slack/blocks/data-visualization.js';
import { SLACK_LIMITS } from '../../../src/slack/blocks/limits.js';
import { buildLineChart, buildPieChart, buildPriceHistory } from '../../charts/chart-fixtures.js';

describe('dataVisualizationBlock', () => {
  it('renders a statement trend as a native line chart', () => {
    expect(dataVisualizationBlock(buildLineChart())).toMatchSnapshot();
  });

  it('renders a revenue mix as a native pie chart', () => {
    expect(dataVisualizationBlock(buildPieChart())).toMatchSnapshot();
  });

  it('renders a bar chart with the axis titles', () => {
    const block = dataVisualizationBlock(buildLineChart({ kind: 'bar', xTitle: 'Fiscal year' }));
    expect(block?.chart).toMatchObject({ type: 'bar', axis_config: { x_label: 'Fiscal year', y_label: 'CNY m' } });
  });

  it('clamps the title to 50 characters and every label to 20', () => {
    const block = dataVisualizationBlock(
      buildLineChart({
        title: 'T'.repeat(120),
        series: [{ name: 'N'.repeat(40), values: [1, 2, 3, 4] }],
        categories: ['C'.repeat(30), 'b', 'c', 'd'],
      }),
    );
    expect(block?.title.length).toBeLessThanOrEqual(SLACK_LIMITS.dataVizTitleChars);
    if (block?.chart.type !== 'line') throw new Error('expected a line chart');
    expect(block.chart.series[0]?.name.length).toBeLessThanOrEqual(SLACK_LIMITS.dataVizLabelChars);
    expect(block.chart.axis_config.categories[0]?.length).toBeLessThanOrEqual(SLACK_LIMITS.dataVizLabelChars);
  });

  it('keeps untrusted names from pinging anyone', () => {
    const block = dataVisualizationBlock(buildPieChart({ title: 'Mix <!channel> @here', segments: [{ label: '<!here>', value: 1 }] }));
    expect(JSON.stringify(block)).not.toMatch(/<!channel>|<!here>|(?<![\u200B\w])@here/);
  });

  it.each([
    ['a gap in a series', buildLineChart({ series: [{ name: 'Revenue', values: [1, null, 3, 4] }] })],
    ['more than 6 series', buildLineChart({ series: Array.from({ length: 7 }, (_, i) => ({ name: `S${i}`, values: [1, 2, 3, 4] })) })],
    ['more than 20 points', buildPriceHistory(21)],
    ['a year of prices', buildPriceHistory()],
    ['labels that collide once cut', buildLineChart({ categories: ['x'.repeat(25), `${'x'.repeat(25)}y`, 'c', 'd'] })],
    [
      'a pie segment of zero',
      buildPieChart({
        segments: [
          { label: 'A', value: 1 },
          { label: 'B', value: 0 },
        ],
      }),
    ],
    [
      'a negative pie segment',
      buildPieChart({
        segments: [
          { label: 'A', value: 5 },
          { label: 'B', value: -1 },
        ],
      }),
    ],
    ['more than 6 segments', buildPieChart({ segments: Array.from({ length: 7 }, (_, i) => ({ label: `Seg ${i}`, value: i + 1 })) })],
    ['no segments', buildPieChart({ segments: [] })],
  ])('gives null (a PNG instead) for %s', (_case, data) => {
    expect(dataVisualizationBlock(data)).toBeNull();
  });
});
