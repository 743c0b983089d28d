import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChartData } from '../../../src/charts/chart-data.js';
import { checkBlocks } from '../../../src/emulators/slack/validation/blocks.js';
import { dataVisualizationBlock } from '../../../src/slack/blocks/data-visualization.js';

const value = fc.oneof(
  { arbitrary: fc.double({ min: -1e12, max: 1e12, noNaN: true }), weight: 30 },
  { arbitrary: fc.constant(null), weight: 1 },
);
const text = fc.string({ maxLength: 60, unit: 'binary' });

const seriesChart: fc.Arbitrary<ChartData> = fc.integer({ min: 0, max: 24 }).chain((points) =>
  fc.record({
    kind: fc.constantFrom('line' as const, 'bar' as const, 'area' as const),
    title: text,
    categories: fc.array(text, { minLength: points, maxLength: points }),
    series: fc.array(fc.record({ name: text, values: fc.array(value, { minLength: points, maxLength: points }) }), { maxLength: 8 }),
    yTitle: fc.option(text, { nil: undefined }),
  }),
);
const pieChart: fc.Arbitrary<ChartData> = fc.record({
  kind: fc.constant('pie' as const),
  title: text,
  segments: fc.array(fc.record({ label: text, value: fc.double({ min: -10, max: 1e9, noNaN: true }) }), { maxLength: 8 }),
});

describe('dataVisualizationBlock (property)', () => {
  it('gives a block the Slack emulator accepts, or null', () => {
    let native = 0;
    fc.assert(
      fc.property(fc.oneof(seriesChart, pieChart), (data) => {
        const block = dataVisualizationBlock(data);
        if (block === null) return;
        native += 1;
        expect(checkBlocks([block], 'message').issues.issues).toEqual([]);
      }),
      { numRuns: 300, seed: 15 },
    );
    // The generator must reach the native path often enough to mean something.
    expect(native).toBeGreaterThan(20);
  });
});
