import type { PieChartData, SeriesChartData } from '../../src/charts/chart-data.js';

export function buildLineChart(overrides: Partial<SeriesChartData> = {}): SeriesChartData {
  return {
    kind: 'line',
    title: '贵州茅台 (CN:600519) income statement',
    categories: ['FY2021', 'FY2022', 'FY2023', 'FY2024'],
    yTitle: 'CNY m',
    series: [
      { name: '营业收入 Revenue', values: [106190.2, 127553.6, 150560.3, 174144.1] },
      { name: 'Net profit', values: [52460.1, 62716.4, 74734.1, 86228.1] },
    ],
    ...overrides,
  };
}

export function buildPieChart(overrides: Partial<PieChartData> = {}): PieChartData {
  return {
    kind: 'pie',
    title: 'Revenue mix FY2024',
    segments: [
      { label: '茅台酒', value: 145_937.2 },
      { label: '系列酒', value: 24_683.6 },
      { label: 'Other', value: 312.4 },
    ],
    ...overrides,
  };
}

/** A year of trading days: a deterministic walk, no randomness. */
export function buildPriceHistory(points = 250): SeriesChartData {
  const start = Date.UTC(2025, 0, 2);
  const categories = Array.from({ length: points }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  return {
    kind: 'line',
    title: 'CN:600519 daily close',
    categories,
    yTitle: 'CNY per share',
    series: [{ name: 'Close', values: categories.map((_, i) => Math.round((1500 + 120 * Math.sin(i / 11) + i * 0.4) * 100) / 100) }],
  };
}
