import { describe, expect, it } from 'vitest';
import type { SlackApiError } from '../../../src/emulators/slack/errors.js';
import { checkBlocks } from '../../../src/emulators/slack/validation/blocks.js';
import { validateMessageContent } from '../../../src/emulators/slack/validation/message.js';

const repeat = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const pie = (segments: unknown[], title: unknown = 'Revenue mix') => ({
  type: 'data_visualization',
  title,
  chart: { type: 'pie', segments },
});
const seg = (label: string, value: unknown = 1) => ({ label, value });
const categories = (n: number) => repeat(n, (i) => `P${i}`);
const series = (name: string, cats: string[]) => ({ name, data: cats.map((label, i) => ({ label, value: i - 1 })) });
const lineChart = (n: number, seriesList: unknown[], axis: Record<string, unknown> = {}, type = 'line') => ({
  type: 'data_visualization',
  title: 'Trend',
  chart: { type, series: seriesList, axis_config: { categories: categories(n), ...axis } },
});

const pathsOf = (blocks: unknown[]): string[] => checkBlocks(blocks, 'message').issues.issues.map((i) => i.path);

/** @see https://docs.slack.dev/reference/block-kit/blocks/data-visualization-block (limits: slack-facts §8) */
describe('data_visualization validation', () => {
  it.each([
    ['a pie of 6 segments', [pie(repeat(6, (i) => seg(`S${i}`, i + 0.5)))]],
    [
      'a line of 6 series × 20 points with axis labels',
      [
        lineChart(
          20,
          repeat(6, (i) => series(`S${i}`, categories(20))),
          { x_label: 'x'.repeat(50), y_label: 'CNY m' },
        ),
      ],
    ],
    [
      'bar and area charts, two in one message',
      [lineChart(3, [series('A', categories(3))], {}, 'bar'), lineChart(3, [series('A', categories(3))], {}, 'area')],
    ],
    ['a 50-character title and 20-character labels', [pie([seg('l'.repeat(20))], 't'.repeat(50))]],
  ])('accepts %s', (_name, blocks) => {
    expect(pathsOf(blocks)).toEqual([]);
  });

  it.each([
    ['a 51-character title', [pie([seg('a')], 't'.repeat(51))], '/blocks/0/title'],
    ['no title', [{ type: 'data_visualization', chart: { type: 'pie', segments: [seg('a')] } }], '/blocks/0/title'],
    ['an unknown chart type', [{ type: 'data_visualization', title: 't', chart: { type: 'scatter' } }], '/blocks/0/chart/type'],
    ['7 segments', [pie(repeat(7, (i) => seg(`S${i}`)))], '/blocks/0/chart/segments'],
    ['no segments', [pie([])], '/blocks/0/chart/segments'],
    ['a segment of 0', [pie([seg('a', 0)])], '/blocks/0/chart/segments/0/value'],
    ['a negative segment', [pie([seg('a', -3)])], '/blocks/0/chart/segments/0/value'],
    ['a 21-character segment label', [pie([seg('l'.repeat(21))])], '/blocks/0/chart/segments/0/label'],
    [
      '7 series',
      [
        lineChart(
          2,
          repeat(7, (i) => series(`S${i}`, categories(2))),
        ),
      ],
      '/blocks/0/chart/series',
    ],
    ['21 points', [lineChart(21, [series('A', categories(21))])], '/blocks/0/chart/series/0/data'],
    ['21 categories', [lineChart(21, [series('A', categories(20))])], '/blocks/0/chart/axis_config/categories'],
    ['a series missing a category', [lineChart(3, [series('A', categories(2))])], '/blocks/0/chart/series/0/data'],
    ['duplicate series names', [lineChart(2, [series('A', categories(2)), series('A', categories(2))])], '/blocks/0/chart/series/1/name'],
    ['a null value', [lineChart(1, [{ name: 'A', data: [{ label: 'P0', value: null }] }])], '/blocks/0/chart/series/0/data/0/value'],
    [
      'no axis_config',
      [{ type: 'data_visualization', title: 't', chart: { type: 'line', series: [series('A', ['P0'])] } }],
      '/blocks/0/chart/axis_config',
    ],
    [
      'a 51-character y_label',
      [lineChart(1, [series('A', categories(1))], { y_label: 'y'.repeat(51) })],
      '/blocks/0/chart/axis_config/y_label',
    ],
    ['three in one message', repeat(3, () => pie([seg('a')])), '/blocks'],
  ])('rejects %s', (_name, blocks, path) => {
    expect(pathsOf(blocks)).toContain(path);
  });

  it('is a message-only block', () => {
    expect(checkBlocks([pie([seg('a')])], 'modal').issues.issues.map((i) => i.path)).toContain('/blocks/0/type');
  });

  it('answers invalid_blocks with a json-pointer, as for other blocks', () => {
    try {
      validateMessageContent({ blocks: [pie([seg('a', 0)])] }, 'chat.postMessage');
      expect.unreachable();
    } catch (err) {
      const body = (err as SlackApiError).toBody();
      expect(body.error).toBe('invalid_blocks');
      expect(JSON.stringify(body.response_metadata)).toContain('[json-pointer:/blocks/0/chart/segments/0/value]');
    }
  });
});

describe('a workspace where data_visualization has not rolled out', () => {
  it('answers invalid_blocks for it and still takes other blocks', () => {
    const refused = { refusedBlockTypes: new Set(['data_visualization']) };
    try {
      validateMessageContent({ blocks: [pie([seg('a')])] }, 'chat.postMessage', refused);
      expect.unreachable();
    } catch (err) {
      const body = (err as SlackApiError).toBody();
      expect(body.error).toBe('invalid_blocks');
      expect(JSON.stringify(body.response_metadata)).toContain('[json-pointer:/blocks/0/type]');
    }
    expect(validateMessageContent({ blocks: [{ type: 'divider' }] }, 'chat.postMessage', refused).blocks).toEqual([{ type: 'divider' }]);
  });
});
