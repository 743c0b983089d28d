import { describe, expect, it } from 'vitest';
import { alignComparison, type CompanyFigures } from '../../../../src/slack/financials/compare/align-comparison.js';
import { renderCompareCard, type CompareMetricDef } from '../../../../src/slack/financials/compare/compare-card.js';
import { compareChartData } from '../../../../src/slack/financials/compare/compare-chart-data.js';
import { renderPriceCompareCard } from '../../../../src/slack/financials/compare/compare-prices-card.js';
import { findMessageViolations } from '../../blocks/limit-violations.js';

const METRICS: CompareMetricDef[] = [
  { id: 'Revenue', label: 'Revenue' },
  { id: 'Net margin', label: 'Net margin', kind: 'percent' },
];
/** Fiscal years ending in `endMonth` (NVIDIA's in January: its FY2025 is mostly calendar 2024). */
const company = (symbol: string, currency: string, years: number[], scale: number, name?: string, endMonth = 12): CompanyFigures => ({
  symbol,
  currency,
  ...(name ? { name } : {}),
  periods: years.map((y) => ({
    fiscalYear: String(y),
    periodType: 'FY',
    endDate: new Date(Date.UTC(y, endMonth, 0)).toISOString().slice(0, 10),
    values: { Revenue: scale * (y - 2000), 'Net margin': y - 2000 },
  })),
});

describe('compare card', () => {
  const aligned = alignComparison(
    [
      company('SH:600519', 'CNY', [2024, 2023, 2022], 1e9, '贵州茅台 <!channel>'),
      company('HK:00700', 'HKD', [2024, 2023], 1e10),
      company('US:NVDA', 'USD', [2025, 2024, 2023], 1e8, 'NVIDIA', 1),
    ],
    METRICS.map((m) => m.id),
  );
  const card = renderCompareCard({ subject: 'Income', aligned, metrics: METRICS });

  it('labels every company column with its currency and unit, and says the currencies differ', () => {
    const table = card.blocks.find((b) => b.type === 'data_table') as { rows: Array<Array<{ text: string }>> };
    const head = table.rows[0]?.map((c) => c.text);
    expect(head).toEqual([
      'Metric',
      'Calendar period',
      '贵州茅台 <\u200b!channel> (SH:600519) · CNY billions',
      'HK:00700 · HKD billions',
      'NVIDIA (US:NVDA) · USD millions',
    ]);
    const rows = table.rows.slice(1).map((r) => r.map((c) => c.text));
    // Each calendar row names every company's fiscal period and its end first.
    expect(rows.slice(0, 4)).toEqual([
      ['Fiscal period', 'CY2024', 'FY2024 · ends 31 Dec 2024', 'FY2024 · ends 31 Dec 2024', 'FY2025 · ends 31 Jan 2025'],
      ['Fiscal period', 'CY2023', 'FY2023 · ends 31 Dec 2023', 'FY2023 · ends 31 Dec 2023', 'FY2024 · ends 31 Jan 2024'],
      ['Fiscal period', 'CY2022', 'FY2022 · ends 31 Dec 2022', '—', 'FY2023 · ends 31 Jan 2023'],
      ['Revenue', 'CY2024', '24.0', '240.0', '2,500'],
    ]);
    // NVIDIA's FY2025 beside the others' FY2024 (11 months in common), never beside a FY2025.
    expect(rows[5]).toEqual(['Revenue', 'CY2022', '22.0', '—', '2,300']);
    expect(JSON.stringify(card)).toContain('at least 9 of 12');
    expect(JSON.stringify(card)).toContain('different currencies (CNY, HKD, USD)');
    expect(card.text).not.toContain('<!channel>');
    expect(findMessageViolations(card)).toEqual([]);
    expect(card).toMatchSnapshot();
  });

  it('captions the table with what the header and the names above it do not say, and names a margin’s basis before its unit', () => {
    const withBasis = renderCompareCard({
      subject: 'Income',
      aligned: alignComparison([company('US:NVDA', 'USD', [2024], 1), company('US:AMD', 'USD', [2024], 2)], ['Revenue', 'Net margin']),
      metrics: [{ id: 'Net margin', label: 'Net margin (profit to owners / revenue)', kind: 'percent' }],
    });
    const table = withBasis.blocks.find((b) => b.type === 'data_table') as { caption: string; rows: Array<Array<{ text: string }>> };
    expect(table.caption).toBe('Income by calendar period, each company in its own currency and unit');
    expect(table.caption).not.toContain('Compare · Income');
    expect(table.caption).not.toContain('US:NVDA');
    expect(table.rows.map((r) => r[0]?.text)).toContain('Net margin (profit to owners / revenue, %)');
  });

  it('charts margins (not amounts) when the currencies differ, amounts when they agree', () => {
    // Named by its companies; too long with names and symbols for the native block's 50 characters, so by names.
    expect(compareChartData(aligned, METRICS)).toMatchObject({
      kind: 'bar',
      yTitle: '%',
      title: '贵州茅台 <!channel> vs HK:00700 vs NVIDIA · Net margin',
    });
    const same = alignComparison([company('US:NVDA', 'USD', [2024], 1), company('US:AAPL', 'USD', [2024], 2)], ['Revenue', 'Net margin']);
    expect(compareChartData(same, METRICS)).toMatchObject({
      yTitle: 'USD',
      categories: ['CY2024'],
      series: [{ values: [24] }, { values: [48] }],
    });
  });

  it('prices: each listing in its own currency', () => {
    const day = (date: string, close: number, currency: string, name: string) => ({ date, close, currency, name, symbol: '' });
    const prices = renderPriceCompareCard([
      { symbol: 'SH:600519', items: [day('2025-06-30', 1500, 'CNY', '贵州茅台'), day('2025-06-01', 1400, 'CNY', '贵州茅台')] },
      { symbol: 'HK:00700', items: [day('2025-06-30', 500, 'HKD', '腾讯控股')] },
    ]);
    const text = JSON.stringify(prices);
    expect(text).toContain('贵州茅台 (SH:600519)');
    expect(text).toContain('"HKD"');
    expect(text).toContain('trade in different currencies (CNY, HKD)');
    expect(findMessageViolations(prices)).toEqual([]);
  });
});
