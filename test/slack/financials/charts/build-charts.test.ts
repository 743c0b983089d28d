import { describe, expect, it } from 'vitest';
import type { PieChartData, SeriesChartData } from '../../../../src/charts/chart-data.js';
import { buildPriceChart } from '../../../../src/charts/build-price-chart.js';
import { buildRevenueMixChart } from '../../../../src/slack/financials/charts/build-revenue-mix-chart.js';
import { buildStatementChart } from '../../../../src/slack/financials/charts/build-statement-chart.js';
import { buildCashFlow, buildIncome, buildRevenue, buildStockPrices } from '../../blocks/fixtures.js';

const ctx = { symbol: 'SH:600519', companyName: '贵州茅台' };

describe('buildStatementChart', () => {
  it('draws the key income lines over the periods, oldest first, in one unit named on the axis', () => {
    const chart = buildStatementChart(
      { kind: 'income', records: [buildIncome(2024), buildIncome(2022, 0.7), buildIncome(2023, 0.85)] },
      ctx,
    );
    expect(chart).toMatchSnapshot();
    const series = chart as SeriesChartData;
    expect(series.categories).toEqual(['FY2022', 'FY2023', 'FY2024']);
    expect(series.yTitle).toBe('CNY billions');
    expect(series.series.map((s) => s.name)).toEqual(['Revenue', 'Gross profit', 'Operating profit', 'Net profit']);
    expect(series.series[0]?.values[2]).toBe(171.2);
  });

  it('keeps only the periods in the newest period’s currency: never mixes currencies on one axis', () => {
    const chart = buildStatementChart(
      { kind: 'income', records: [buildIncome(2024), buildIncome(2023, 1, { currency: 'USD' }), buildIncome(2022)] },
      ctx,
    ) as SeriesChartData;
    expect(chart.categories).toEqual(['FY2022', 'FY2024']);
    expect(chart.yTitle).toMatch(/^CNY /);
  });

  it('draws cash flows as bars, with gaps where a line is missing', () => {
    const chart = buildStatementChart({ kind: 'cashflow', records: [buildCashFlow(2023), buildCashFlow(2024)] }, ctx) as SeriesChartData;
    expect(chart.kind).toBe('bar');
    expect(chart.series.map((s) => s.name)).toContain('Operating cash flow');
  });

  it('gives null when there is nothing to draw', () => {
    expect(buildStatementChart({ kind: 'income', records: [] }, ctx)).toBeNull();
    expect(buildStatementChart({ kind: 'income', records: [buildIncome(2024, 1, { lines: {} })] }, ctx)).toBeNull();
  });
});

describe('buildRevenueMixChart', () => {
  it('draws the latest period’s segments as a pie, largest first', () => {
    const chart = buildRevenueMixChart(buildRevenue(), ctx) as PieChartData;
    expect(chart.kind).toBe('pie');
    expect(chart.segments.map((s) => s.label)).toEqual(['茅台酒', '系列酒']);
    expect(chart.title).toContain('revenue mix FY2024');
  });

  it('folds all but the five largest of many segments into Other, so the native pie can show it', () => {
    const data = buildRevenue();
    const latest = data.periods[0];
    if (!latest) throw new Error('fixture');
    latest.industry = Array.from({ length: 9 }, (_, i) => ({ name: `S${i}`, revenue: (i + 1) * 10 }));
    const chart = buildRevenueMixChart(data, ctx) as PieChartData;
    expect(chart.segments).toHaveLength(6);
    expect(chart.segments[0]).toEqual({ label: 'S8', value: 90 });
    expect(chart.segments[5]).toEqual({ label: 'Other', value: 10 + 20 + 30 + 40 });
  });
});

describe('buildPriceChart', () => {
  it('draws closes oldest first with the currency per share on the axis', () => {
    const chart = buildPriceChart(buildStockPrices(5), { title: 'Apple (US:AAPL)' }) as SeriesChartData;
    expect(chart.categories[0]).toBe('2025-06-26');
    expect(chart.series[0]?.values.at(-1)).toBe(201.5);
    expect(chart.yTitle).toBe('USD per share');
  });

  it('gives null for fewer than two days', () => {
    expect(buildPriceChart(buildStockPrices(1), { title: 'x' })).toBeNull();
  });
});
