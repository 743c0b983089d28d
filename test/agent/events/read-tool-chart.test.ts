import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moreRelevantChart, readToolChart, REPORT_CHART_POINTS } from '../../../src/agent/events/read-tool-chart.js';
import type { SeriesChartData } from '../../../src/charts/chart-data.js';
import { dataVisualizationBlock } from '../../../src/slack/blocks/data-visualization.js';
import { SLACK_LIMITS } from '../../../src/slack/blocks/limits.js';

const out = (data: unknown[]) => ({ content: JSON.stringify({ docs: [], chunks: [], total_count: data.length, data }) });

/** Trading days, newest first, as the price routes list them. */
function priceItems(n: number, from = 100): Array<{ date: string; stock_price: number }> {
  return Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2025, 0, 2) + i * 86_400_000).toISOString().slice(0, 10),
    stock_price: from + i,
  })).reverse();
}

const incomeRecord = (fy: number, q: number, revenue: number, currency = 'CNY') => ({
  end_date: `${fy}-${String(q * 3).padStart(2, '0')}-${q === 1 || q === 4 ? 31 : 30}`,
  fiscal_year: String(fy),
  fiscal_quarter: `Q${q}`,
  period: 'quarterly',
  currency,
  revenue_and_costs: { revenue, gross_profit: revenue / 2 },
  operating_results: { operating_profit: revenue / 4 },
  profit: { profit_attributable_to_owners_of_the_parent: revenue / 5 },
});

describe('readToolChart: the chartable series in a data tool output', () => {
  it('reads a price tool’s daily closes, oldest first, thinned to what the native block holds', () => {
    const found = readToolChart(out([{ symbol: 'US:NVDA', name: 'NVIDIA', currency: 'USD', close: 162, items: priceItems(63) }]));
    expect(found?.source).toBe('price');
    const data = found!.data as SeriesChartData;
    expect(data.title).toBe('NVIDIA (US:NVDA) · daily close');
    expect(data.yTitle).toBe('USD per share');
    expect(data.categories).toHaveLength(REPORT_CHART_POINTS);
    // First and last day kept, each point with its own date and close.
    expect(data.categories[0]).toBe('2025-01-02');
    expect(data.series[0]!.values[0]).toBe(100);
    expect(data.categories.at(-1)).toBe('2025-03-05');
    expect(data.series[0]!.values.at(-1)).toBe(162);
    expect(dataVisualizationBlock(data)).not.toBeNull();
  });

  it('reads an income tool’s records as the key lines over periods, in one unit', () => {
    const records = [incomeRecord(2025, 2, 30e9), incomeRecord(2025, 1, 28e9), incomeRecord(2024, 4, 27e9), incomeRecord(2024, 3, 25e9)];
    const found = readToolChart(out([{ symbol: 'SH:600519', name: '贵州茅台', revenue: 30e9, records }]));
    expect(found?.source).toBe('income');
    const data = found!.data as SeriesChartData;
    expect(data.title).toBe('贵州茅台 (SH:600519) · income statement');
    expect(data.categories).toEqual(['Q3 FY2024', 'Q4 FY2024', 'Q1 FY2025', 'Q2 FY2025']);
    expect(data.series.map((s) => s.name)).toEqual(['Revenue', 'Gross profit', 'Operating profit', 'Net profit']);
    expect(data.series[0]!.values).toEqual([25, 27, 28, 30]);
    expect(data.yTitle).toBe('CNY billions');
    expect(dataVisualizationBlock(data)).not.toBeNull();
  });

  it('leaves out periods in another currency than the newest rather than mixing them', () => {
    const records = [incomeRecord(2025, 1, 30e9), incomeRecord(2024, 4, 3e9, 'USD'), incomeRecord(2024, 3, 28e9)];
    const data = readToolChart(out([{ symbol: 'HK:00700', records }]))!.data as SeriesChartData;
    expect(data.categories).toEqual(['Q3 FY2024', 'Q1 FY2025']);
  });

  it('finds no chart in outputs without a series: figures only, search results, one point, bad JSON', () => {
    expect(readToolChart(out([{ symbol: 'US:NVDA', total_assets: 1e11, cash: 1e10 }]))).toBeUndefined();
    expect(readToolChart({ content: JSON.stringify({ docs: [{ doc_id: 'd1', title: 'T' }], total_count: 1 }) })).toBeUndefined();
    expect(readToolChart(out([{ symbol: 'US:NVDA', items: priceItems(1) }]))).toBeUndefined();
    expect(readToolChart(out([{ symbol: 'US:NVDA', records: [incomeRecord(2025, 1, 1e9)] }]))).toBeUndefined();
    expect(readToolChart({ content: '{not json' })).toBeUndefined();
    expect(readToolChart(undefined)).toBeUndefined();
  });

  it('never throws and always fits the native block, whatever the output holds', () => {
    const anyRow = fc.record({
      symbol: fc.option(fc.string(), { nil: undefined }),
      name: fc.option(fc.string(), { nil: undefined }),
      items: fc.option(fc.array(fc.record({ date: fc.string(), stock_price: fc.oneof(fc.double(), fc.string()) }), { maxLength: 300 }), {
        nil: undefined,
      }),
      records: fc.option(fc.array(fc.anything(), { maxLength: 10 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(anyRow, { maxLength: 3 }), (rows) => {
        const found = readToolChart(out(rows));
        if (found?.data.kind !== 'pie' && found) expect(found.data.categories.length).toBeLessThanOrEqual(REPORT_CHART_POINTS);
      }),
    );
  });

  it('keeps the points the native block holds (src/agent may not import its limit)', () => {
    expect(REPORT_CHART_POINTS).toBe(SLACK_LIMITS.dataVizPointsPerSeries);
  });
});

describe('moreRelevantChart: one chart per report', () => {
  const price = readToolChart(out([{ symbol: 'A', items: priceItems(5) }]))!;
  const otherPrice = readToolChart(out([{ symbol: 'B', items: priceItems(5) }]))!;
  const income = readToolChart(out([{ symbol: 'A', records: [incomeRecord(2025, 1, 2e9), incomeRecord(2024, 4, 1e9)] }]))!;

  it('prefers the price series over the income trend, in either order', () => {
    expect(moreRelevantChart(income, price)).toBe(price);
    expect(moreRelevantChart(price, income)).toBe(price);
  });

  it('keeps the first chart of a kind and any chart over none', () => {
    expect(moreRelevantChart(price, otherPrice)).toBe(price);
    expect(moreRelevantChart(undefined, income)).toBe(income);
    expect(moreRelevantChart(income, undefined)).toBe(income);
  });
});
