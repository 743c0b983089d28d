import { marked, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { companyMatcher } from '../../../src/figures/extract/company-matcher.js';
import { extractTableFigures, type TableFigureContext } from '../../../src/figures/extract/extract-table-figures.js';
import type { ExtractedFigure, FigurePeriod, KnownCompany } from '../../../src/figures/figure-types.js';

const NVIDIA: KnownCompany = { symbol: 'US:NVDA', names: ['NVIDIA'] };
const AMD: KnownCompany = { symbol: 'US:AMD', names: ['AMD', 'Advanced Micro Devices'] };
const MOUTAI: KnownCompany = { symbol: 'SH:600519', names: ['贵州茅台', 'Kweichow Moutai'] };
const WULIANGYE: KnownCompany = { symbol: 'SZ:000858', names: ['五粮液', 'Wuliangye'] };
const MICROSOFT: KnownCompany = { symbol: 'US:MSFT', names: ['Microsoft'] };
const KNOWN = [NVIDIA, AMD, MOUTAI, WULIANGYE, MICROSOFT];

/** A figure in one line: `US:NVDA revenue level Q1 2026 2025-04-30 = 54390000000 amount USD`. */
function line(f: ExtractedFigure): string {
  const p = f.period;
  const period = p ? `${p.kind} ${p.fiscalYear}${p.calendarYear ? 'c' : ''}${p.endDate ? ` ${p.endDate}` : ''}` : 'no-period';
  return `${f.symbol} ${f.metric} ${f.measure} ${period} = ${f.value.value} ${f.value.unit}${f.value.currency ? ` ${f.value.currency}` : ''}`;
}

function figuresOf(markdown: string, scope: Partial<Pick<TableFigureContext, 'company' | 'period' | 'metric'>> = {}): ExtractedFigure[] {
  const tokens = marked.lexer(markdown);
  const table = tokens.find((t) => t.type === 'table') as Tokens.Table | undefined;
  if (!table) throw new Error('no table in the test Markdown');
  const offset = markdown.indexOf(table.raw.slice(0, 8));
  return extractTableFigures(table, offset, { markdown, companies: companyMatcher(markdown, KNOWN), ...scope });
}

function linesOf(markdown: string, scope: Parameters<typeof figuresOf>[1] = {}): string[] {
  const figures = figuresOf(markdown, scope);
  // Every figure points at its value in the Markdown.
  for (const f of figures) expect(markdown.slice(f.offset)).toMatch(new RegExp(`^${escapeRe(f.written.replace(/ \(.*\)$/, ''))}`));
  return figures.map(line);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const Q1_FY2025: FigurePeriod = { fiscalYear: 2025, kind: 'Q1' };

describe('extractTableFigures: (a) metric rows × company columns', () => {
  it('reads the demo side-by-side table, each column in its own period from the Period row', () => {
    const md = [
      '| Metric | NVIDIA (US:NVDA) | AMD (US:AMD) |',
      '|---|---:|---:|',
      '| Period | Q1 FY2026 (2025-04-30) | Q1 FY2025 (2025-03-31) |',
      '| Revenue | USD 54.39bn | USD 19.90bn |',
      '| Revenue growth (YoY) | +9.2% | +78.7% |',
    ].join('\n');
    expect(linesOf(md)).toEqual([
      'US:NVDA revenue level Q1 2026 2025-04-30 = 54390000000 amount USD',
      'US:AMD revenue level Q1 2025 2025-03-31 = 19900000000 amount USD',
      'US:NVDA revenue yoy_growth Q1 2026 2025-04-30 = 9.2 percent',
      'US:AMD revenue yoy_growth Q1 2025 2025-03-31 = 78.7 percent',
    ]);
  });

  it('reads ratio rows of the margins table, and the zh comparison with 报告期 and 营收同比', () => {
    const en = [
      '| Metric | NVIDIA (US:NVDA) | AMD (US:AMD) |',
      '|---|---:|---:|',
      '| Period | Q1 FY2026 | Q1 FY2025 |',
      '| Gross margin | 73.4% | 51.3% |',
      '| Cost of sales (% of revenue) | 26.6% | — |',
      '| Net margin (profit to owners) | 51.6% | 17.7% |',
    ].join('\n');
    expect(linesOf(en)).toEqual([
      'US:NVDA gross_margin level Q1 2026 = 73.4 percent',
      'US:AMD gross_margin level Q1 2025 = 51.3 percent',
      'US:NVDA cost_of_sales_ratio level Q1 2026 = 26.6 percent',
      'US:NVDA net_margin level Q1 2026 = 51.6 percent',
      'US:AMD net_margin level Q1 2025 = 17.7 percent',
    ]);
    const zh = [
      '| 指标 | 贵州茅台 (SH:600519) | 五粮液 (SZ:000858) |',
      '|---|---:|---:|',
      '| 报告期 | 2025年一季报 (2025-03-31) | 2025年一季报 (2025-03-31) |',
      '| 营业收入 | 810.6亿元 | 479.7亿元 |',
      '| 营收同比 | +83.6% | +69.9% |',
      '| 归母净利润 | 403.2亿元 | 223.3亿元 |',
    ].join('\n');
    expect(linesOf(zh)).toEqual([
      'SH:600519 revenue level Q1 2025 2025-03-31 = 81060000000 amount CNY',
      'SZ:000858 revenue level Q1 2025 2025-03-31 = 47970000000 amount CNY',
      'SH:600519 revenue yoy_growth Q1 2025 2025-03-31 = 83.6 percent',
      'SZ:000858 revenue yoy_growth Q1 2025 2025-03-31 = 69.9 percent',
      'SH:600519 net_profit_to_owners level Q1 2025 2025-03-31 = 40320000000 amount CNY',
      'SZ:000858 net_profit_to_owners level Q1 2025 2025-03-31 = 22330000000 amount CNY',
    ]);
  });

  it('takes the period from the header when there is no Period row, and the unit of a row label', () => {
    const md = [
      '| | NVIDIA Q1 FY2026 | AMD Q1 FY2025 |',
      '|---|---:|---:|',
      '| Revenue (USD bn) | 54.39 | 19.90 |',
      '| Gross margin (%) | 73.4 | 51.3 |',
      '| Gross margin change (pts) | -3.4 | +0.9 |',
      '| Cash, USD bn | 14.04 | 16.38 |',
      '| Total assets in USD m | 83,320 | 56,450 |',
      '| Total liabilities (USD, bn) | 34.24 | 16.84 |',
    ].join('\n');
    expect(linesOf(md)).toEqual([
      'US:NVDA revenue level Q1 2026 = 54390000000 amount USD',
      'US:AMD revenue level Q1 2025 = 19900000000 amount USD',
      'US:NVDA gross_margin level Q1 2026 = 73.4 percent',
      'US:AMD gross_margin level Q1 2025 = 51.3 percent',
      'US:NVDA gross_margin yoy_change Q1 2026 = -3.4 points',
      'US:AMD gross_margin yoy_change Q1 2025 = 0.9 points',
      'US:NVDA cash level Q1 2026 = 14040000000 amount USD',
      'US:AMD cash level Q1 2025 = 16380000000 amount USD',
      'US:NVDA total_assets level Q1 2026 = 83320000000 amount USD',
      'US:AMD total_assets level Q1 2025 = 56450000000 amount USD',
      // "(USD, bn)" is no unit this reads: bare numbers without a unit are no figures.
    ]);
  });
});

describe('extractTableFigures: (b) metric rows × period columns for one company', () => {
  it('reads 本期 / 上年同期 with the 报告期 row, for the section company', () => {
    const md = [
      '| 指标 | 本期 | 上年同期 |',
      '|---|---:|---:|',
      '| 报告期 | 2025年一季报 (2025-03-31) | 2024年一季报 (2024-03-31) |',
      '| 经营现金流 | 147.7亿元 | 42.0亿元 |',
      '| 资产负债率 | 18.3% | 17.2% |',
      '| 股东权益 | 1801.6亿元 | — |',
    ].join('\n');
    expect(linesOf(md, { company: 'SH:600519' })).toEqual([
      'SH:600519 operating_cash_flow level Q1 2025 2025-03-31 = 14770000000 amount CNY',
      'SH:600519 operating_cash_flow level Q1 2024 2024-03-31 = 4200000000 amount CNY',
      'SH:600519 debt_to_assets level Q1 2025 2025-03-31 = 18.3 percent',
      'SH:600519 debt_to_assets level Q1 2024 2024-03-31 = 17.2 percent',
      'SH:600519 total_equity level Q1 2025 2025-03-31 = 180160000000 amount CNY',
    ]);
    // No company in the table and none around it: nothing can be attributed.
    expect(linesOf(md)).toEqual([]);
  });

  it('reads "Period asked | A year earlier", skipping the share price change and dashes', () => {
    const md = [
      '| Metric | Period asked | A year earlier |',
      '|---|---:|---:|',
      '| Period | Q1 FY2025 (2025-03-31) | Q1 FY2024 (2024-03-31) |',
      '| Revenue | CNY 429.85bn | CNY 267.83bn |',
      '| Revenue growth (YoY) | +60.5% | — |',
      '| Liabilities / assets | 40.2% | 36.7% |',
      '| 1-year change | +53.0% | — |',
    ].join('\n');
    expect(linesOf(md, { company: 'HK:00700' })).toEqual([
      'HK:00700 revenue level Q1 2025 2025-03-31 = 429850000000 amount CNY',
      'HK:00700 revenue level Q1 2024 2024-03-31 = 267830000000 amount CNY',
      'HK:00700 revenue yoy_growth Q1 2025 2025-03-31 = 60.5 percent',
      'HK:00700 debt_to_assets level Q1 2025 2025-03-31 = 40.2 percent',
      'HK:00700 debt_to_assets level Q1 2024 2024-03-31 = 36.7 percent',
    ]);
  });

  it('reads periods written in the header, and a Change column as the ratio change in points', () => {
    const md = [
      '| Metric | Q1 FY2025 | Q1 FY2024 | Change |',
      '|---|---:|---:|---:|',
      '| Gross margin | 51.3% | 50.4% | +0.9 pts |',
      '| Revenue | USD 19.90bn | USD 11.14bn | +78.7% |',
      '| Operating margin | 20.4% | 14.3% | +6.1% |',
    ].join('\n');
    expect(linesOf(md, { company: 'US:AMD' })).toEqual([
      'US:AMD gross_margin level Q1 2025 = 51.3 percent',
      'US:AMD gross_margin level Q1 2024 = 50.4 percent',
      // The change column is the change to the later of two periods a year apart.
      'US:AMD gross_margin yoy_change Q1 2025 = 0.9 points',
      'US:AMD revenue level Q1 2025 = 19900000000 amount USD',
      'US:AMD revenue level Q1 2024 = 11140000000 amount USD',
      'US:AMD revenue yoy_growth Q1 2025 = 78.7 percent',
      'US:AMD operating_margin level Q1 2025 = 20.4 percent',
      'US:AMD operating_margin level Q1 2024 = 14.3 percent',
      // "+6.1%" of a margin may be relative: not read as points.
    ]);
  });
});

describe('extractTableFigures: labels of the whole table and of change columns', () => {
  it('reads shares of revenue under 占营收比例, the 变化 column as points to the later period', () => {
    const md = [
      '| 占营收比例 | 2025年一季报 | 2024年一季报 | 变化 |',
      '|---|---:|---:|---:|',
      '| 营业成本 | 7.3% | 8.7% | −1.4个百分点 |',
      '| 管理费用 | 16.3% | 15.2% | +1.1个百分点 |',
    ].join('\n');
    expect(linesOf(md, { company: 'SH:600519' })).toEqual([
      'SH:600519 cost_of_sales_ratio level Q1 2025 = 7.3 percent',
      'SH:600519 cost_of_sales_ratio level Q1 2024 = 8.7 percent',
      'SH:600519 cost_of_sales_ratio yoy_change Q1 2025 = -1.4 points',
      'SH:600519 admin_ratio level Q1 2025 = 16.3 percent',
      'SH:600519 admin_ratio level Q1 2024 = 15.2 percent',
      'SH:600519 admin_ratio yoy_change Q1 2025 = 1.1 points',
    ]);
    // Two periods not a year apart: the change is to no known period.
    const apart = md.replace('2024年一季报', '2024年第四季度');
    expect(linesOf(apart, { company: 'SH:600519' })).toContain('SH:600519 admin_ratio yoy_change no-period = 1.1 points');
  });

  it('takes the company of the top-left cell, and gives a 同比 column the metric on its left', () => {
    const md = [
      '| Microsoft | Revenue | YoY | Operating margin |',
      '|---|---:|---:|---:|',
      '| Q2 FY2025 | $69.63bn | +12.3% | 45.5% |',
    ].join('\n');
    expect(linesOf(md)).toEqual([
      'US:MSFT revenue level Q2 2025 = 69630000000 amount USD',
      'US:MSFT revenue yoy_growth Q2 2025 = 12.3 percent',
      'US:MSFT operating_margin level Q2 2025 = 45.5 percent',
    ]);
    const zh = ['| 报告期 | 营业收入 | 同比 |', '|---|---:|---:|', '| 2025年一季报 | 810.6亿元 | +83.6% |'].join('\n');
    expect(linesOf(zh, { company: 'SH:600519' })).toEqual([
      'SH:600519 revenue level Q1 2025 = 81060000000 amount CNY',
      'SH:600519 revenue yoy_growth Q1 2025 = 83.6 percent',
    ]);
  });
});

describe('extractTableFigures: labels that name a part, an estimate or a sequential change', () => {
  it('reads no segment, per-head, estimate or quarter-on-quarter figure', () => {
    const rows = [
      '| Metric | FY2025 | FY2026E | QoQ |',
      '|---|---:|---:|---:|',
      '| Revenue | USD 130.50bn | USD 200.00bn | +12.0% |',
      '| Data Center revenue | USD 115.19bn | — | — |',
      '| Revenue per employee | USD 3.62m | — | — |',
      '| 海外收入 | 1,000.0亿元 | — | — |',
      '| Gross margin | 75.0% | 71.0% | +1.0 pts |',
    ].join('\n');
    expect(linesOf(rows, { company: 'US:NVDA' })).toEqual([
      'US:NVDA revenue level FY 2025 = 130500000000 amount USD',
      'US:NVDA gross_margin level FY 2025 = 75 percent',
    ]);
    const segments = ['| Revenue (USD bn) | Data Center | Gaming |', '|---|---:|---:|', '| Q1 FY2026 | 39.1 | 3.8 |'].join('\n');
    expect(linesOf(segments, { company: 'US:NVDA' })).toEqual([]);
    const companies = ['| Revenue (USD bn) | NVIDIA | AMD |', '|---|---:|---:|', '| FY2024 | 60.92 | 25.79 |'].join('\n');
    expect(linesOf(companies)).toEqual([
      'US:NVDA revenue level FY 2024 = 60920000000 amount USD',
      'US:AMD revenue level FY 2024 = 25790000000 amount USD',
    ]);
  });
});

describe('extractTableFigures: (c) period rows × metric columns', () => {
  it('reads the appendix table with its End date column', () => {
    const md = [
      '| Period | End date | Total assets | Total liabilities | Cash |',
      '|---|---|---:|---:|---:|',
      '| Q1 FY2026 | 2025-04-30 | USD 83.32bn | USD 34.24bn | USD 14.04bn |',
      '| Q4 FY2025 | 2025-01-31 | USD 81.39bn | — | USD 13.34bn |',
    ].join('\n');
    expect(linesOf(md, { company: 'US:NVDA' })).toEqual([
      'US:NVDA total_assets level Q1 2026 2025-04-30 = 83320000000 amount USD',
      'US:NVDA total_liabilities level Q1 2026 2025-04-30 = 34240000000 amount USD',
      'US:NVDA cash level Q1 2026 2025-04-30 = 14040000000 amount USD',
      'US:NVDA total_assets level Q4 2025 2025-01-31 = 81390000000 amount USD',
      'US:NVDA cash level Q4 2025 2025-01-31 = 13340000000 amount USD',
    ]);
  });

  it('reads 报告期 / 截止日 rows with units in the header (亿元)', () => {
    const md = [
      '| 报告期 | 截止日 | 总资产（亿元） | 总负债（亿元） | 资产负债率 |',
      '|---|---|---:|---:|---:|',
      '| 2025年一季报 | 2025-03-31 | 2205.2 | 403.5 | 18.3% |',
      '| 2024年第四季度 | 2024-12-31 | 1952.7 | 387.4 | 19.8% |',
    ].join('\n');
    const figures = figuresOf(md, { company: 'SH:600519' });
    expect(figures.map(line)).toEqual([
      'SH:600519 total_assets level Q1 2025 2025-03-31 = 220520000000 amount CNY',
      'SH:600519 total_liabilities level Q1 2025 2025-03-31 = 40350000000 amount CNY',
      'SH:600519 debt_to_assets level Q1 2025 2025-03-31 = 18.3 percent',
      'SH:600519 total_assets level Q4 2024c 2024-12-31 = 195270000000 amount CNY',
      'SH:600519 total_liabilities level Q4 2024c 2024-12-31 = 38740000000 amount CNY',
      'SH:600519 debt_to_assets level Q4 2024c 2024-12-31 = 19.8 percent',
    ]);
    expect(figures[0]?.written).toBe('2205.2 (亿元)');
    expect(figures[0]?.value.rounding).toBeCloseTo(5e6);
    expect(md.slice(figures[0]?.offset ?? -1)).toMatch(/^2205\.2 \|/);
  });

  it('reads a one-company quarter table whose company is in the Markdown around it', () => {
    const md = [
      '| Quarter | Revenue | Operating margin | EPS (USD) |',
      '|---|---:|---:|---:|',
      '| Q3 FY2025 | $98.8bn | 48.3% | 3.46 |',
    ].join('\n');
    expect(linesOf(md, { company: 'US:MSFT' })).toEqual([
      'US:MSFT revenue level Q3 2025 = 98800000000 amount USD',
      'US:MSFT operating_margin level Q3 2025 = 48.3 percent',
      'US:MSFT eps_basic level Q3 2025 = 3.46 per_share USD',
    ]);
  });
});

describe('extractTableFigures: (d) company rows × metric columns', () => {
  it('reads the period from a metric header, and from the caption for the other columns', () => {
    const md = [
      '| Company | Revenue FY2024 | Net margin |',
      '|---|---:|---:|',
      '| **NVIDIA** (`US:NVDA`) | USD 130.50bn | 55.8% |',
      '| AMD | USD 25.79bn | 6.4% |',
    ].join('\n');
    expect(linesOf(md)).toEqual([
      'US:NVDA revenue level FY 2024 = 130500000000 amount USD',
      'US:NVDA net_margin level no-period = 55.8 percent',
      'US:AMD revenue level FY 2024 = 25790000000 amount USD',
      'US:AMD net_margin level no-period = 6.4 percent',
    ]);
    expect(linesOf(md, { period: { fiscalYear: 2024, kind: 'FY' } })).toContain('US:AMD net_margin level FY 2024 = 6.4 percent');
  });

  it('reads 公司 / 报告期 columns in Chinese, with a unit in a header and 营收同比', () => {
    const md = [
      '| 公司 | 报告期 | 营业收入（亿元） | 营收同比 | 毛利率 |',
      '|---|---|---:|---:|---:|',
      '| 贵州茅台 | 2024年年报 | 1,738.0 | +15.7% | 91.9% |',
      '| 五粮液 | 2024年年报 | 891.8 | +7.1% | 77.1% |',
    ].join('\n');
    expect(linesOf(md)).toEqual([
      'SH:600519 revenue level FY 2024 = 173800000000 amount CNY',
      'SH:600519 revenue yoy_growth FY 2024 = 15.7 percent',
      'SH:600519 gross_margin level FY 2024 = 91.9 percent',
      'SZ:000858 revenue level FY 2024 = 89180000000 amount CNY',
      'SZ:000858 revenue yoy_growth FY 2024 = 7.1 percent',
      'SZ:000858 gross_margin level FY 2024 = 77.1 percent',
    ]);
  });

  it('gives a row whose company is unknown nothing, and a company row in a section of another company its own', () => {
    const md = ['| Company | Gross margin |', '|---|---:|', '| Some Startup | 40.0% |', '| AMD | 51.3% |'].join('\n');
    expect(linesOf(md, { company: 'US:NVDA', period: Q1_FY2025 })).toEqual(['US:AMD gross_margin level Q1 2025 = 51.3 percent']);
  });
});

describe('extractTableFigures: what is no figure', () => {
  it('skips sources, index and valuation tables', () => {
    const sources = ['| # | Source | Date |', '|---|---|---|', '| 1 | NVIDIA Q3 FY2025 revenue up 10.1% | 2025-03-30 |'].join('\n');
    expect(linesOf(sources, { company: 'US:NVDA' })).toEqual([]);
    const index = ['| Index | Close | 1-year change |', '|---|---:|---:|', '| Hang Seng (`HSI`) | 19609.7 | +13.0% |'].join('\n');
    expect(linesOf(index, { company: 'HK:00700' })).toEqual([]);
    const valuation = [
      '| Company | P/E | Market cap | Adjusted EPS |',
      '|---|---:|---:|---:|',
      '| NVIDIA | 46.1 | USD 3.2tn | USD 0.81 |',
    ].join('\n');
    expect(linesOf(valuation)).toEqual([]);
  });

  it('reads no cell whose company, metric or value is not exactly one', () => {
    const conflicts = [
      '| Metric | NVIDIA vs AMD | Gross margin |',
      '|---|---:|---:|',
      '| Revenue | USD 54.39bn | USD 19.90bn |',
      '| Net margin | 51.6% | 17.7% |',
    ].join('\n');
    expect(linesOf(conflicts, { company: 'US:AMD' })).toEqual([]);
    const cells = [
      '| Metric | AMD |',
      '|---|---:|',
      '| Operating margin | 20.4 |',
      '| Net margin | 51.6% / 17.7% |',
      '| Revenue | 19.90 |',
      '| Gross margin | 51.3% |',
    ].join('\n');
    expect(linesOf(cells, { period: Q1_FY2025 })).toEqual(['US:AMD gross_margin level Q1 2025 = 51.3 percent']);
  });

  it('gives a Gap column or an Average row beside named companies no company, and points without a change word no measure', () => {
    const gap = ['| Metric | NVIDIA | AMD | Gap |', '|---|---:|---:|---:|', '| Gross margin | 73.4% | 51.3% | 22.1 pts |'].join('\n');
    expect(linesOf(gap, { company: 'US:NVDA', period: Q1_FY2025 })).toEqual([
      'US:NVDA gross_margin level Q1 2025 = 73.4 percent',
      'US:AMD gross_margin level Q1 2025 = 51.3 percent',
    ]);
    const average = ['| Company | Gross margin |', '|---|---:|', '| AMD | 51.3% |', '| Sector average | 48.0% |'].join('\n');
    expect(linesOf(average, { company: 'US:NVDA', period: Q1_FY2025 })).toEqual(['US:AMD gross_margin level Q1 2025 = 51.3 percent']);
    const alone = ['| Metric | vs peers |', '|---|---:|', '| Gross margin | +22.1 pts |'].join('\n');
    expect(linesOf(alone, { company: 'US:NVDA', period: Q1_FY2025 })).toEqual([]);
  });

  it('keeps the level of a cell with a bracketed growth, and leaves a contradicted period out', () => {
    const md = [
      '| Metric | Q1 FY2026 |',
      '|---|---:|',
      '| Period | Q1 FY2025 |',
      '| Revenue | USD 54.39bn (+9.2%) |',
      '| Revenue (YoY) | up 9.2% |',
    ].join('\n');
    expect(linesOf(md, { company: 'US:NVDA' })).toEqual([
      'US:NVDA revenue level no-period = 54390000000 amount USD',
      'US:NVDA revenue yoy_growth no-period = 9.2 percent',
    ]);
  });
});
