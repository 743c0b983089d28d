/**
 * Issue 29 §2, charts that do not mislead: bars and areas from zero, a line that zooms says so
 * (PNG subtitle, native axis title), round ticks on the PNG's value axis, titles naming the
 * companies, and every company of an agent report's data in its charts.
 */
import { describe, expect, it } from 'vitest';
import { readToolChart } from '../../src/agent/events/read-tool-chart.js';
import type { SeriesChartData } from '../../src/charts/chart-data.js';
import { companiesChartTitle, NATIVE_CHART_TITLE_CHARS } from '../../src/charts/companies-chart-title.js';
import { renderChartSvg } from '../../src/charts/render-chart-svg.js';
import { valueAxisZooms } from '../../src/charts/value-axis-zoom.js';
import { dataVisualizationBlock } from '../../src/slack/blocks/data-visualization.js';
import { SLACK_LIMITS } from '../../src/slack/blocks/limits.js';
import { buildRevenueMixChart } from '../../src/slack/financials/charts/build-revenue-mix-chart.js';
import { buildStatementChart } from '../../src/slack/financials/charts/build-statement-chart.js';
import { buildIncome, buildRevenue } from '../slack/blocks/fixtures.js';
import { buildLineChart, buildPriceHistory } from './chart-fixtures.js';

/** The value axis's labels, bottom to top: the texts ECharts right-aligns left of the plot. */
function valueTicks(svg: string): number[] {
  return [...svg.matchAll(/<text[^>]*text-anchor="end"[^>]*>([^<]*)<\/text>/g)]
    .map((m) => Number((m[1] as string).replace(/,/g, '').replace('−', '-')))
    .filter(Number.isFinite);
}

const series = (kind: SeriesChartData['kind'], values: number[]): SeriesChartData =>
  buildLineChart({
    kind,
    yTitle: 'CNY billions',
    categories: values.map((_, i) => `FY${2020 + i}`),
    series: [{ name: 'Revenue', values }],
  });

/** A round step: 1, 2 or 5 times a power of ten (not ECharts' own 3s: 0 / 300 / 600). */
const isRoundStep = (step: number): boolean => {
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  return [1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-6);
};

describe('the value axis: from zero unless a line sits far from it', () => {
  it('draws the issue’s amounts (27.5 to 88.16) from zero, as a line too', () => {
    const ticks = valueTicks(renderChartSvg(series('line', [27.5, 42.67, 57.83, 73, 88.16])));
    expect(ticks[0]).toBe(0);
  });

  it('starts bars and areas at zero however far from zero their values sit', () => {
    for (const kind of ['bar', 'area'] as const) {
      expect(valueTicks(renderChartSvg(series(kind, [1520, 1610, 1700])))[0]).toBe(0);
      expect(valueAxisZooms(series(kind, [1520, 1610, 1700]))).toBe(false);
    }
  });

  it('zooms a share price far from zero and says so under the title, in the alt text’s words', () => {
    const price = buildPriceHistory();
    expect(valueAxisZooms(price)).toBe(true);
    const svg = renderChartSvg(price);
    expect(valueTicks(svg)[0]).toBeGreaterThan(0);
    expect(svg).toContain('Axis not from zero');
    expect(renderChartSvg(series('line', [27.5, 88.16]))).not.toContain('not from zero');
  });

  it('says in the native block’s axis title that a zoomed line does not start at zero', () => {
    const block = dataVisualizationBlock(series('line', [1523.37, 1611.2, 1702.9]));
    expect(block?.chart.type === 'pie' ? undefined : block?.chart.axis_config.y_label).toBe('CNY billions, axis not from zero');
    const bars = dataVisualizationBlock(series('bar', [1523.37, 1611.2, 1702.9]));
    expect(bars?.chart.type === 'pie' ? undefined : bars?.chart.axis_config.y_label).toBe('CNY billions');
  });

  it('puts round ticks on the PNG’s value axis, evenly spaced', () => {
    for (const values of [
      [27.5, 42.67, 57.83, 73, 88.16],
      [1523.37, 1611.2, 1702.9],
      [-12.5, 6.2, 3.3],
      [0.013, 0.027, 0.031],
      [152.3, 161.2, 170.2, 158],
    ]) {
      const ticks = valueTicks(renderChartSvg(series(values.length === 3 ? 'bar' : 'line', values)));
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      // Every tick its own label (a step of 0.005 is not printed 0.01, 0.01, 0.02).
      expect(new Set(ticks).size).toBe(ticks.length);
      const steps = ticks.slice(1).map((t, i) => Math.round((t - (ticks[i] as number)) * 1e9) / 1e9);
      expect(new Set(steps).size).toBe(1);
      expect(isRoundStep(steps[0] as number)).toBe(true);
    }
  });
});

describe('chart titles name the companies', () => {
  it('titles a statement chart “name (symbol) · statement”', () => {
    const chart = buildStatementChart(
      { kind: 'income', records: [buildIncome(2023), buildIncome(2024)] },
      { symbol: 'SH:600519', companyName: 'Kweichow Moutai' },
    );
    expect(chart?.title).toBe('Kweichow Moutai (SH:600519) · income statement');
  });

  it('titles a revenue mix with the company', () => {
    expect(buildRevenueMixChart(buildRevenue(), { symbol: 'SH:600519', companyName: '贵州茅台' })?.title).toMatch(
      /^贵州茅台 \(SH:600519\) · revenue mix FY2024/,
    );
  });

  it('names every company, shortening to names, then symbols, to fit the native title', () => {
    const nvda = { symbol: 'US:NVDA', name: 'NVIDIA' };
    const amd = { symbol: 'US:AMD', name: 'Advanced Micro Devices' };
    expect(companiesChartTitle([nvda, { symbol: 'US:AMD', name: 'AMD' }], 'income')).toBe('NVIDIA (US:NVDA) vs AMD (US:AMD) · income');
    expect(companiesChartTitle([nvda, amd], 'income')).toBe('NVIDIA vs Advanced Micro Devices · income');
    expect(companiesChartTitle([nvda, amd], 'income statement')).toBe('US:NVDA vs US:AMD · income statement');
    expect(companiesChartTitle([{ symbol: 'SH:600519' }], 'balance sheet')).toBe('SH:600519 · balance sheet');
    const five = ['SH:600519', 'HK:00700', 'US:NVDA', 'HK:00388', 'US:AAPL'].map((symbol) => ({ symbol }));
    const cut = companiesChartTitle(five, 'Gross margin');
    expect(cut).toMatch(/^SH:600519 vs HK:00700 vs .*… · Gross margin$/);
    expect([...cut].length).toBeLessThanOrEqual(NATIVE_CHART_TITLE_CHARS);
  });

  it('fits the native block’s title limit (src/charts may not import it)', () => {
    expect(NATIVE_CHART_TITLE_CHARS).toBe(SLACK_LIMITS.dataVizTitleChars);
  });
});

describe('an agent report charts every company its data tools returned', () => {
  const out = (data: unknown[]) => ({ content: JSON.stringify({ docs: [], chunks: [], total_count: data.length, data }) });
  const days = (from: number, n = 30, skip = -1) =>
    Array.from({ length: n }, (_, i) => ({
      date: new Date(Date.UTC(2025, 0, 2) + i * 86_400_000).toISOString().slice(0, 10),
      stock_price: from + i,
    }))
      .filter((_, i) => i !== skip)
      .reverse();
  const income = (revenue: number) =>
    [2025, 2024, 2023].map((fy, i) => ({
      end_date: `${fy}-12-31`,
      fiscal_year: String(fy),
      fiscal_quarter: 'FY',
      period: 'annual',
      currency: 'USD',
      revenue_and_costs: { revenue: revenue / (i + 1) },
      profit: { profit_attributable_to_owners_of_the_parent: revenue / (i + 2) },
    }));

  it('draws two companies’ prices on one chart, each rebased to 100 on the first day both traded', () => {
    const found = readToolChart(
      out([
        { symbol: 'US:NVDA', name: 'NVIDIA', currency: 'USD', items: days(100, 30, 0) },
        { symbol: 'US:AMD', name: 'AMD', currency: 'USD', items: days(50, 30, 5) },
      ]),
    );
    const data = found?.data as SeriesChartData;
    expect(data.title).toBe('NVIDIA (US:NVDA) vs AMD (US:AMD) · share price');
    expect(data.series.map((s) => s.name)).toEqual(['NVIDIA', 'AMD']);
    // Day 0 only NVIDIA lacks, day 5 only AMD: both left out; the first common day is 100 for both.
    expect(data.categories[0]).toBe('2025-01-03');
    expect(data.categories).not.toContain('2025-01-07');
    expect(data.series.map((s) => s.values[0])).toEqual([100, 100]);
    expect(data.yTitle).toBe('Close, 2025-01-03 = 100');
    expect(dataVisualizationBlock(data)).not.toBeNull();
  });

  it('draws each company’s income trend, one chart each, titled with its name', () => {
    const found = readToolChart(
      out([
        { symbol: 'US:NVDA', name: 'NVIDIA', records: income(130e9) },
        { symbol: 'US:AMD', name: 'AMD', records: income(26e9) },
      ]),
    );
    expect(found?.byLanguage.en.map((c) => c.title)).toEqual(['NVIDIA (US:NVDA) · income statement', 'AMD (US:AMD) · income statement']);
  });

  it('builds the same charts in Chinese: no English word but symbols in titles, legends, periods, units and notes', () => {
    const found = readToolChart(
      out([
        { symbol: 'US:NVDA', name: 'NVIDIA', company_name: '英伟达', currency: 'USD', items: days(100, 30) },
        { symbol: 'US:AMD', name: 'AMD', currency: 'USD', items: days(50, 30) },
      ]),
    );
    const zhPrice = found?.byLanguage.zh[0] as SeriesChartData;
    expect(zhPrice.title).toBe('英伟达 (US:NVDA)和AMD (US:AMD) · 股价');
    const block = dataVisualizationBlock(zhPrice);
    const incomeZh = readToolChart(out([{ symbol: 'US:NVDA', name: 'NVIDIA', company_name: '英伟达', records: income(130e9) }]))?.byLanguage
      .zh[0] as SeriesChartData;
    expect(incomeZh.title).toBe('英伟达 (US:NVDA) · 利润表');
    expect(incomeZh.yTitle).toBe('亿美元');
    expect(incomeZh.series.map((s) => s.name)).toEqual(['营业收入', '归母净利润']);
    // Symbols (US:NVDA), the proper name AMD and dates aside, nothing Latin is left.
    const texts = (v: unknown): string[] =>
      typeof v === 'string'
        ? [v]
        : Array.isArray(v)
          ? v.flatMap(texts)
          : v && typeof v === 'object'
            ? Object.entries(v).flatMap(([k, x]) => (k === 'type' || k === 'kind' ? [] : texts(x)))
            : [];
    const latin = texts([block, incomeZh]).flatMap((t) => t.replace(/[A-Z]{2}:[A-Z0-9]+|\bAMD\b/g, '').match(/[A-Za-z]{2,}/g) ?? []);
    expect(latin).toEqual([]);
  });
});
