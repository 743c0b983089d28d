import { describe, expect, it } from 'vitest';
import { buildAmountTrendChart } from '../../src/charts/build-amount-trend-chart.js';
import type { SeriesChartData } from '../../src/charts/chart-data.js';
import { sampleSeriesChart } from '../../src/charts/sample-series-chart.js';
import { chooseUnit } from '../../src/slack/blocks/format.js';

const series = (n: number): SeriesChartData => ({
  kind: 'line',
  title: 'T',
  categories: Array.from({ length: n }, (_, i) => `d${i}`),
  series: [{ name: 'Close', values: Array.from({ length: n }, (_, i) => i) }],
});

describe('sampleSeriesChart', () => {
  it('keeps at most maxPoints, evenly spaced, first and last included, each with its own label', () => {
    const out = sampleSeriesChart(series(63), 20) as SeriesChartData;
    expect(out.categories).toHaveLength(20);
    expect(out.categories[0]).toBe('d0');
    expect(out.categories.at(-1)).toBe('d62');
    expect(out.series[0]!.values).toEqual(out.categories.map((c) => Number(c.slice(1))));
  });

  it('returns a small chart unchanged', () => {
    const small = series(20);
    expect(sampleSeriesChart(small, 20)).toBe(small);
  });
});

describe('buildAmountTrendChart', () => {
  it('chooses the unit the cards’ tables choose for the same amounts', () => {
    for (const amounts of [
      [1.2e9, 3.4e9, 5.6e9],
      [12e6, 40e6, 90e6],
      [5e12, 6e12],
      [900, 1200, 4000],
    ]) {
      const chart = buildAmountTrendChart({
        title: 'T',
        categories: amounts.map((_, i) => `P${i}`),
        lines: [{ name: 'Revenue', values: amounts }],
        currency: 'CNY',
      }) as SeriesChartData;
      const unit = chooseUnit(amounts);
      expect(chart.yTitle).toBe(unit.name ? `CNY ${unit.name}` : 'CNY');
    }
  });

  it('drops lines without a figure, needs one line with one, and draws cash flows as bars', () => {
    const chart = buildAmountTrendChart({
      title: 'T',
      categories: ['A', 'B'],
      lines: [
        { name: 'Revenue', values: [1e9, 2e9] },
        { name: 'Gross profit', values: [null, null] },
      ],
      currency: 'USD',
    }) as SeriesChartData;
    expect(chart.series.map((s) => s.name)).toEqual(['Revenue']);
    expect(buildAmountTrendChart({ title: 'T', categories: ['A'], lines: [{ name: 'R', values: [null] }], currency: '' })).toBeNull();
    expect(buildAmountTrendChart({ title: 'T', categories: [], lines: [], currency: '' })).toBeNull();
    const flows = buildAmountTrendChart({ kind: 'bar', title: 'T', categories: ['A'], lines: [{ name: 'R', values: [-5] }], currency: '' });
    expect(flows).toMatchObject({ kind: 'bar', yTitle: 'reported currency' });
  });
});
