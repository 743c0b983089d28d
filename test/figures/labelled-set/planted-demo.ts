/**
 * Planted errors in the demo agent's own words: a line or table of a frozen demo report
 * (reports/) copied with ONE figure made wrong; the true value is in the comment.
 */
import { fig, type LabelledCase } from './labelled-case.js';

const USD = { currency: 'USD' } as const;

export const PLANTED_DEMO_CASES: LabelledCase[] = [
  {
    // true: USD 54.39bn
    id: 'planted-demo-nvidia-finding-value-en',
    lang: 'en',
    kind: 'sentence',
    markdown:
      '- **NVIDIA** (`US:NVDA`): in Q1 FY2026 (to 2025-04-30), revenue of USD 45.39bn, +9.2% on a year earlier; gross margin 73.4% (−3.4 pts on a year earlier), operating margin 59.7% (−3.5 pts on a year earlier), net margin 51.6%.',
    expected: [
      fig('US:NVDA', 'revenue', 'Q1 2026', '45.39bn', { planted: 'wrong_value', currency: 'USD' }),
      fig('US:NVDA', 'revenue:g', 'Q1 2026', '9.2%'),
      fig('US:NVDA', 'gross_margin', 'Q1 2026', '73.4%'),
      fig('US:NVDA', 'gross_margin:c', 'Q1 2026', '-3.4pt'),
      fig('US:NVDA', 'operating_margin', 'Q1 2026', '59.7%'),
      fig('US:NVDA', 'operating_margin:c', 'Q1 2026', '-3.5pt'),
      fig('US:NVDA', 'net_margin', 'Q1 2026', '51.6%'),
    ],
  },
  {
    // true: operating margin 20.4%
    id: 'planted-demo-amd-finding-value-en',
    lang: 'en',
    kind: 'sentence',
    markdown:
      '- **AMD** (`US:AMD`): in Q1 FY2025 (to 2025-03-31), revenue of USD 19.90bn, +78.7% on a year earlier; gross margin 51.3% (+0.9 pts on a year earlier), operating margin 26.4% (+6.1 pts on a year earlier), net margin 17.7%.',
    expected: [
      fig('US:AMD', 'revenue', 'Q1 2025', '19.90bn', USD),
      fig('US:AMD', 'revenue:g', 'Q1 2025', '78.7%'),
      fig('US:AMD', 'gross_margin', 'Q1 2025', '51.3%'),
      fig('US:AMD', 'gross_margin:c', 'Q1 2025', '0.9pt'),
      fig('US:AMD', 'operating_margin', 'Q1 2025', '26.4%', { planted: 'wrong_value' }),
      fig('US:AMD', 'operating_margin:c', 'Q1 2025', '6.1pt'),
      fig('US:AMD', 'net_margin', 'Q1 2025', '17.7%'),
    ],
  },
  {
    // true: 经营现金流 286.7亿元 (154.4亿元 is 2024年一季报's)
    id: 'planted-demo-catl-finding-period-zh',
    lang: 'zh',
    kind: 'sentence',
    markdown:
      '- **宁德时代**（`SZ:300750`）：2025年一季报（截至 2025-03-31）经营现金流 154.4亿元，同比+85.7%；资产负债率 40.4%（总资产 7637.9亿元）。',
    expected: [
      fig('SZ:300750', 'operating_cash_flow', 'Q1 2025', '154.4亿', { planted: 'wrong_period' }),
      fig('SZ:300750', 'operating_cash_flow:g', 'Q1 2025', '85.7%'),
      fig('SZ:300750', 'debt_to_assets', 'Q1 2025', '40.4%'),
      fig('SZ:300750', 'total_assets', 'Q1 2025', '7637.9亿'),
    ],
  },
  {
    // true: 2024年第三季度 881.6亿元
    id: 'planted-demo-moutai-trend-unit10-zh',
    lang: 'zh',
    kind: 'table',
    markdown: [
      '## 营收趋势',
      '',
      '**贵州茅台**（`SH:600519`）',
      '',
      '| 报告期 | 营业收入 | 同比 |',
      '|---|---:|---:|',
      '| 2025年一季报 | 810.6亿元 | +83.6% |',
      '| 2024年第四季度 | 816.7亿元 | +35.1% |',
      '| 2024年第三季度 | 88.16亿元 | +35.3% |',
    ].join('\n'),
    expected: [
      fig('SH:600519', 'revenue', 'Q1 2025', '810.6亿'),
      fig('SH:600519', 'revenue:g', 'Q1 2025', '83.6%'),
      fig('SH:600519', 'revenue', 'Q4 2024', '816.7亿'),
      fig('SH:600519', 'revenue:g', 'Q4 2024', '35.1%'),
      fig('SH:600519', 'revenue', 'Q3 2024', '88.16亿', { planted: 'unit_10x' }),
      fig('SH:600519', 'revenue:g', 'Q3 2024', '35.3%'),
    ],
  },
  {
    // true: Apple's total liabilities USD 90.29bn
    id: 'planted-demo-apple-table-unit1000-en',
    lang: 'en',
    kind: 'table',
    markdown: [
      '| Metric | Apple (US:AAPL) | Microsoft (US:MSFT) |',
      '|---|---:|---:|',
      '| Period | Q2 FY2025 (2025-03-31) | Q3 FY2025 (2025-03-31) |',
      '| Operating cash flow | USD 14.46bn | USD 18.69bn |',
      '| Total liabilities | USD 90.29m | USD 125.40bn |',
    ].join('\n'),
    expected: [
      fig('US:AAPL', 'operating_cash_flow', 'Q2 2025', '14.46bn', USD),
      fig('US:MSFT', 'operating_cash_flow', 'Q3 2025', '18.69bn', USD),
      fig('US:AAPL', 'total_liabilities', 'Q2 2025', '90.29m', { planted: 'unit_1000x', currency: 'USD' }),
      fig('US:MSFT', 'total_liabilities', 'Q3 2025', '125.40bn', USD),
    ],
  },
  {
    // true: 毛利率 75.7%
    id: 'planted-demo-wuliangye-finding-margin-zh',
    lang: 'zh',
    kind: 'sentence',
    markdown:
      '- **五粮液**（`SZ:000858`）：2025年一季报（截至 2025-03-31）营业收入 479.7亿元，同比+69.9%；毛利率 75.7亿元（同比−0.7个百分点），营业利润率 62.8%（同比+0.5个百分点），净利率 46.5%。',
    expected: [
      fig('SZ:000858', 'revenue', 'Q1 2025', '479.7亿'),
      fig('SZ:000858', 'revenue:g', 'Q1 2025', '69.9%'),
      fig('SZ:000858', 'gross_margin', 'Q1 2025', '75.7亿', { planted: 'margin_as_amount' }),
      fig('SZ:000858', 'gross_margin:c', 'Q1 2025', '-0.7pt'),
      fig('SZ:000858', 'operating_margin', 'Q1 2025', '62.8%'),
      fig('SZ:000858', 'operating_margin:c', 'Q1 2025', '0.5pt'),
      fig('SZ:000858', 'net_margin', 'Q1 2025', '46.5%'),
    ],
  },
];
