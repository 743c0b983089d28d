import { describe, expect, it } from 'vitest';
import { extractFigures } from '../../../src/figures/extract/extract-figures.js';
import type { ExtractedFigure } from '../../../src/figures/figure-types.js';
import { EN_NVIDIA_AMD, ZH_MOUTAI_WULIANGYE } from './extract-figures-reports.js';

/** A figure in one line: `table US:NVDA revenue level Q1 2026 2025-04-30 = 54390000000 amount USD`. */
function line(f: ExtractedFigure): string {
  const p = f.period;
  const period = p ? `${p.kind} ${p.fiscalYear}${p.calendarYear ? 'c' : ''}${p.endDate ? ` ${p.endDate}` : ''}` : 'no-period';
  const currency = f.value.currency ? ` ${f.value.currency}` : '';
  return `${f.source} ${f.symbol} ${f.metric} ${f.measure} ${period} = ${f.value.value} ${f.value.unit}${currency}`;
}

/** The figures in one line each, after checking that each points at its value as written and they come in report order. */
function linesOf(markdown: string, figures: ExtractedFigure[]): string[] {
  for (const f of figures) expect(markdown.slice(f.offset, f.offset + f.written.length)).toBe(f.written);
  expect(figures.map((f) => f.offset)).toEqual([...figures.map((f) => f.offset)].sort((a, b) => a - b));
  return figures.map(line);
}

describe("extractFigures on the demo agent's reports", () => {
  it("reads every figure of an English two-company report: findings, tables, margin drivers, trends; nothing from the quote, sources or risks' P/E", () => {
    expect(linesOf(EN_NVIDIA_AMD, extractFigures(EN_NVIDIA_AMD, []))).toEqual([
      'text US:NVDA revenue level Q1 2026 2025-04-30 = 54390000000 amount USD',
      'text US:NVDA revenue yoy_growth Q1 2026 2025-04-30 = 9.2 percent',
      'text US:NVDA gross_margin level Q1 2026 2025-04-30 = 73.4 percent',
      'text US:NVDA gross_margin yoy_change Q1 2026 2025-04-30 = -3.4 points',
      'text US:NVDA operating_margin level Q1 2026 2025-04-30 = 59.7 percent',
      'text US:NVDA operating_margin yoy_change Q1 2026 2025-04-30 = -3.5 points',
      'text US:NVDA net_margin level Q1 2026 2025-04-30 = 51.6 percent',
      'text US:AMD revenue level Q1 2025 2025-03-31 = 19900000000 amount USD',
      'text US:AMD revenue yoy_growth Q1 2025 2025-03-31 = 78.7 percent',
      'text US:AMD gross_margin level Q1 2025 2025-03-31 = 51.3 percent',
      'text US:AMD gross_margin yoy_change Q1 2025 2025-03-31 = 0.9 points',
      'text US:AMD operating_margin level Q1 2025 2025-03-31 = 20.4 percent',
      'text US:AMD operating_margin yoy_change Q1 2025 2025-03-31 = 6.2 points',
      'text US:AMD net_margin level Q1 2025 2025-03-31 = 17.7 percent',
      'table US:NVDA revenue level Q1 2026 2025-04-30 = 54390000000 amount USD',
      'table US:AMD revenue level Q1 2025 2025-03-31 = 19900000000 amount USD',
      'table US:NVDA revenue yoy_growth Q1 2026 2025-04-30 = 9.2 percent',
      'table US:AMD revenue yoy_growth Q1 2025 2025-03-31 = 78.7 percent',
      'text US:NVDA gross_margin level Q1 2026 = 73.4 percent',
      'text US:NVDA gross_margin yoy_change Q1 2026 = -3.4 points',
      'text US:NVDA operating_margin level Q1 2026 = 59.7 percent',
      'text US:NVDA operating_margin yoy_change Q1 2026 = -3.5 points',
      'text US:NVDA net_margin level Q1 2026 = 51.6 percent',
      'text US:NVDA net_margin yoy_change Q1 2026 = -2.1 points',
      'text US:NVDA cost_of_sales_ratio level Q1 2026 = 26.6 percent',
      'text US:NVDA cost_of_sales_ratio yoy_change Q1 2026 = 3.4 points',
      'text US:NVDA admin_ratio level Q1 2026 = 4.3 percent',
      'text US:NVDA admin_ratio yoy_change Q1 2026 = 0.2 points',
      'text US:AMD gross_margin level Q1 2025 = 51.3 percent',
      'text US:AMD gross_margin yoy_change Q1 2025 = 0.9 points',
      'text US:AMD operating_margin level Q1 2025 = 20.4 percent',
      'text US:AMD operating_margin yoy_change Q1 2025 = 6.2 points',
      'text US:AMD net_margin level Q1 2025 = 17.7 percent',
      'text US:AMD net_margin yoy_change Q1 2025 = 5 points',
      'text US:AMD rnd_ratio level Q1 2025 = 23.5 percent',
      'text US:AMD rnd_ratio yoy_change Q1 2025 = -2.3 points',
      'text US:AMD admin_ratio level Q1 2025 = 9.1 percent',
      'text US:AMD admin_ratio yoy_change Q1 2025 = -1.7 points',
      'table US:NVDA gross_margin level Q1 2026 = 73.4 percent',
      'table US:AMD gross_margin level Q1 2025 = 51.3 percent',
      'table US:NVDA cost_of_sales_ratio level Q1 2026 = 26.6 percent',
      'table US:AMD cost_of_sales_ratio level Q1 2025 = 48.7 percent',
      'table US:NVDA rnd_ratio level Q1 2026 = 10.6 percent',
      'table US:AMD rnd_ratio level Q1 2025 = 23.5 percent',
      'table US:NVDA admin_ratio level Q1 2026 = 4.3 percent',
      'table US:AMD admin_ratio level Q1 2025 = 9.1 percent',
      'table US:NVDA operating_margin level Q1 2026 = 59.7 percent',
      'table US:AMD operating_margin level Q1 2025 = 20.4 percent',
      'table US:NVDA net_margin level Q1 2026 = 51.6 percent',
      'table US:AMD net_margin level Q1 2025 = 17.7 percent',
      'text US:NVDA revenue level Q1 2026 = 54390000000 amount USD',
      'text US:NVDA revenue yoy_growth Q1 2026 = 9.2 percent',
      'text US:NVDA revenue level Q4 2025 = 54430000000 amount USD',
      'text US:NVDA revenue yoy_growth Q4 2025 = -7 percent',
      'text US:NVDA revenue level Q3 2025 = 57030000000 amount USD',
      'text US:NVDA revenue yoy_growth Q3 2025 = -5.5 percent',
      'text US:NVDA revenue level Q2 2025 = 56250000000 amount USD',
      'text US:NVDA revenue yoy_growth Q2 2025 = 43.6 percent',
      'text US:NVDA revenue level Q1 2025 = 49790000000 amount USD',
      'text US:NVDA revenue yoy_growth Q1 2025 = 41.5 percent',
      'text US:AMD revenue level Q1 2025 = 19900000000 amount USD',
      'text US:AMD revenue yoy_growth Q1 2025 = 78.7 percent',
      'text US:AMD revenue level Q4 2024 = 19770000000 amount USD',
      'text US:AMD revenue yoy_growth Q4 2024 = 45 percent',
      'text US:AMD revenue level Q3 2024 = 18890000000 amount USD',
      'text US:AMD revenue yoy_growth Q3 2024 = 49.3 percent',
      'text US:AMD revenue level Q2 2024 = 10410000000 amount USD',
      'text US:AMD revenue yoy_growth Q2 2024 = -8.2 percent',
      'text US:AMD revenue level Q1 2024 = 11140000000 amount USD',
      'text US:AMD revenue yoy_growth Q1 2024 = 12 percent',
      'text US:NVDA operating_margin level Q1 2026 = 59.7 percent',
      'text US:NVDA operating_margin yoy_change Q1 2026 = -3.5 points',
    ]);
  });

  it('reads every figure of a Chinese two-company report, the trend list as revenue (its heading), source titles left out', () => {
    expect(linesOf(ZH_MOUTAI_WULIANGYE, extractFigures(ZH_MOUTAI_WULIANGYE, []))).toEqual([
      'text SH:600519 revenue level Q1 2025 2025-03-31 = 81060000000 amount CNY',
      'text SH:600519 revenue yoy_growth Q1 2025 2025-03-31 = 83.6 percent',
      'text SH:600519 net_profit_to_owners level Q1 2025 2025-03-31 = 40320000000 amount CNY',
      'text SH:600519 net_profit_to_owners yoy_growth Q1 2025 2025-03-31 = 74.5 percent',
      'text SZ:000858 revenue level Q1 2025 2025-03-31 = 47970000000 amount CNY',
      'text SZ:000858 revenue yoy_growth Q1 2025 2025-03-31 = 69.9 percent',
      'text SZ:000858 net_profit_to_owners level Q1 2025 2025-03-31 = 22330000000 amount CNY',
      'text SZ:000858 net_profit_to_owners yoy_growth Q1 2025 2025-03-31 = 71.9 percent',
      'table SH:600519 revenue level Q1 2025 2025-03-31 = 81060000000 amount CNY',
      'table SZ:000858 revenue level Q1 2025 2025-03-31 = 47970000000 amount CNY',
      'table SH:600519 revenue yoy_growth Q1 2025 2025-03-31 = 83.6 percent',
      'table SZ:000858 revenue yoy_growth Q1 2025 2025-03-31 = 69.9 percent',
      'table SH:600519 net_profit_to_owners level Q1 2025 2025-03-31 = 40320000000 amount CNY',
      'table SZ:000858 net_profit_to_owners level Q1 2025 2025-03-31 = 22330000000 amount CNY',
      'table SH:600519 net_margin level Q1 2025 2025-03-31 = 49.7 percent',
      'table SZ:000858 net_margin level Q1 2025 2025-03-31 = 46.5 percent',
      'text SH:600519 revenue level Q1 2025 = 81060000000 amount CNY',
      'text SH:600519 revenue yoy_growth Q1 2025 = 83.6 percent',
      'text SH:600519 revenue level Q4 2024c = 81670000000 amount CNY',
      'text SH:600519 revenue yoy_growth Q4 2024c = 35.1 percent',
      'text SH:600519 revenue level Q3 2024c = 88160000000 amount CNY',
      'text SH:600519 revenue yoy_growth Q3 2024c = 35.3 percent',
      'text SH:600519 revenue level Q2 2024c = 50580000000 amount CNY',
      'text SH:600519 revenue yoy_growth Q2 2024c = 11.4 percent',
      'text SH:600519 revenue level Q1 2024 = 44160000000 amount CNY',
      'text SH:600519 revenue yoy_growth Q1 2024 = 13.7 percent',
      'text SZ:000858 revenue level Q1 2025 = 47970000000 amount CNY',
      'text SZ:000858 revenue yoy_growth Q1 2025 = 69.9 percent',
      'text SZ:000858 revenue level Q4 2024c = 46800000000 amount CNY',
      'text SZ:000858 revenue yoy_growth Q4 2024c = 31.3 percent',
      'text SZ:000858 revenue level Q3 2024c = 44220000000 amount CNY',
      'text SZ:000858 revenue yoy_growth Q3 2024c = 13.4 percent',
      'text SZ:000858 revenue level Q2 2024c = 30330000000 amount CNY',
      'text SZ:000858 revenue yoy_growth Q2 2024c = 36.5 percent',
      'text SZ:000858 revenue level Q1 2024 = 28230000000 amount CNY',
      'text SZ:000858 revenue yoy_growth Q1 2024 = 31.9 percent',
    ]);
  });

  it('takes the company of a heading or list item, skips quotes, code, sources and title links, counts a figure written twice in one place once, and gives offsets in CRLF text', () => {
    const md = [
      '# NVIDIA and AMD',
      '',
      '> Question: was NVIDIA revenue USD 99.00bn in Q1 FY2026?',
      '',
      '```',
      'revenue USD 77.00bn in Q1 FY2026',
      '```',
      '',
      '## Appendix 1: NVIDIA quarterly data',
      '',
      '| Period | End date | Total assets | Cash |',
      '|---|---|---:|---:|',
      '| Q1 FY2026 | 2025-04-30 | USD 83.32bn | USD 14.04bn |',
      '',
      '### Notes',
      '',
      'Total assets were USD 83.32bn in Q1 FY2026, and total assets were USD 83.32bn in Q1 FY2026 again.',
      '',
      '## Appendix 1: AMD quarterly data',
      '',
      '| Period | End date | Total assets | Cash |',
      '|---|---|---:|---:|',
      '| Q1 FY2025 | 2025-03-31 | USD 56.45bn | USD 16.38bn |',
      '',
      '- **NVIDIA** (`US:NVDA`): gross margin 73.4% in Q1 FY2026.',
      '  - cash of USD 14.04bn in Q1 FY2026',
      '- **AMD**: gross margin 51.3% in Q1 FY2025.',
      '',
      '## Sources',
      '1. [AMD Q4 FY2024 revenue up 43.7%](https://x.example/a) — 2025-01-05',
      '',
      'See [the filing with revenue of USD 1.00bn in Q1 FY2025](https://x.example/b).',
    ].join('\r\n');
    expect(linesOf(md, extractFigures(md, [{ symbol: 'US:AMD', names: ['AMD'] }]))).toEqual([
      'table US:NVDA total_assets level Q1 2026 2025-04-30 = 83320000000 amount USD',
      'table US:NVDA cash level Q1 2026 2025-04-30 = 14040000000 amount USD',
      'text US:NVDA total_assets level Q1 2026 = 83320000000 amount USD',
      'table US:AMD total_assets level Q1 2025 2025-03-31 = 56450000000 amount USD',
      'table US:AMD cash level Q1 2025 2025-03-31 = 16380000000 amount USD',
      'text US:NVDA gross_margin level Q1 2026 = 73.4 percent',
      'text US:NVDA cash level Q1 2026 = 14040000000 amount USD',
      'text US:AMD gross_margin level Q1 2025 = 51.3 percent',
    ]);
  });

  it('makes the one company of a report the default of its tables, and of no table when the report names two', () => {
    const table = ['| Metric | 2024年年报 |', '|---|---:|', '| 营业收入 | 6602.6亿元 |'];
    const one = ['# 腾讯控股（HK:00700）', '', ...table].join('\n');
    expect(linesOf(one, extractFigures(one, []))).toEqual(['table HK:00700 revenue level FY 2024 = 660260000000 amount CNY']);
    const two = ['# 腾讯控股（HK:00700）与阿里巴巴（HK:09988）', '', ...table].join('\n');
    expect(extractFigures(two, [])).toEqual([]);
  });

  it("takes the company of the title over competitors named in the text, and the run's only company when the report names none", () => {
    const table = [
      '| Metric | Period asked | A year earlier |',
      '|---|---:|---:|',
      '| Period | Q1 FY2026 | Q1 FY2025 |',
      '| Gross margin | 73.4% | 76.8% |',
    ];
    const titled = ['# Research report: NVIDIA', '', 'It sells more than AMD and Intel.', '', ...table].join('\n');
    expect(linesOf(titled, extractFigures(titled, [NVIDIA_KNOWN]))).toEqual([
      'table US:NVDA gross_margin level Q1 2026 = 73.4 percent',
      'table US:NVDA gross_margin level Q1 2025 = 76.8 percent',
    ]);
    const anonymous = ['## Figures', '', ...table].join('\n');
    expect(extractFigures(anonymous, [NVIDIA_KNOWN]).map((f) => f.symbol)).toEqual(['US:NVDA', 'US:NVDA']);
    expect(extractFigures(anonymous, [NVIDIA_KNOWN, { symbol: 'US:AMD', names: ['AMD'] }])).toEqual([]);
    // A list item naming two companies: what it covers is of neither, not of the title's company.
    const both = ['# Research report: NVIDIA', '', '- **NVIDIA** and **AMD** together:', '', ...table.map((l) => `  ${l}`)].join('\n');
    expect(extractFigures(both, [NVIDIA_KNOWN, { symbol: 'US:AMD', names: ['AMD'] }])).toEqual([]);
    const one = both.replace(' and **AMD** together', '');
    expect(extractFigures(one, [NVIDIA_KNOWN]).map((f) => f.symbol)).toEqual(['US:NVDA', 'US:NVDA']);
  });
});

const NVIDIA_KNOWN = { symbol: 'US:NVDA', names: ['NVIDIA'] };
