/**
 * Held-out cases: written after the extractor and checker had been tuned on the rest of the set,
 * in phrasings the set did not use, and first run unseen (their first-contact numbers are in
 * the README). True figures from the base dataset. Planted errors are marked as elsewhere.
 */
import { COMPANIES as C, fig, type LabelledCase } from './labelled-case.js';

const USD = { currency: 'USD' } as const;
const CNY = { currency: 'CNY' } as const;

const sentence = (id: string, company: keyof typeof C, markdown: string, expected: LabelledCase['expected']): LabelledCase => ({
  id: `held-out-${id}`,
  lang: /[\u4e00-\u9fff]/.test(markdown) ? 'zh' : 'en',
  kind: 'sentence',
  companies: [C[company]!],
  markdown,
  expected,
});

export const HELD_OUT_CASES: LabelledCase[] = [
  sentence(
    'meituan-fy-revenue-en',
    'meituan',
    'Meituan’s revenue for FY2024 came to RMB 260.27 billion, a 13.7% increase from a year earlier.',
    [fig('HK:03690', 'revenue', 'FY 2024', '260.27bn', CNY), fig('HK:03690', 'revenue:g', 'FY 2024', '13.7%')],
  ),
  sentence(
    'tencent-q1-cash-en',
    'tencent',
    'At the end of the first quarter of 2025, Tencent held RMB 283.0 billion of cash and cash equivalents.',
    [fig('HK:00700', 'cash', 'Q1 2025', '283.0bn', CNY)],
  ),
  sentence(
    'amazon-q1-operating-en',
    'amazon',
    'Amazon’s operating income was $15.93 billion in Q1 2025, giving an operating margin of 13.0%.',
    [fig('US:AMZN', 'operating_profit', 'Q1 2025', '15.93bn', USD), fig('US:AMZN', 'operating_margin', 'Q1 2025', '13.0%')],
  ),
  sentence(
    'nvidia-q1-income-en',
    'nvidia',
    'NVIDIA’s net income for the first quarter of fiscal 2026 was $28.06 billion, up 5.0% from a year ago.',
    [fig('US:NVDA', 'net_profit', 'Q1 2026', '28.06bn', USD), fig('US:NVDA', 'net_profit:g', 'Q1 2026', '5.0%')],
  ),
  sentence('amd-q4-terse-en', 'amd', 'AMD: Q4 2024 revenue $19.77B, gross margin 49.9%.', [
    fig('US:AMD', 'revenue', 'Q4 2024', '19.77bn', USD),
    fig('US:AMD', 'gross_margin', 'Q4 2024', '49.9%'),
  ]),
  sentence('apple-fy-ocf-en', 'apple', 'For fiscal 2024, Apple’s operating cash flow totalled $35.89 billion.', [
    fig('US:AAPL', 'operating_cash_flow', 'FY 2024', '35.89bn', USD),
  ]),
  sentence(
    'byd-q1-balance-en',
    'byd',
    'BYD’s total assets stood at RMB 591.59 billion as of Q1 2025, with total liabilities of RMB 205.12 billion.',
    [fig('SZ:002594', 'total_assets', 'Q1 2025', '591.59bn', CNY), fig('SZ:002594', 'total_liabilities', 'Q1 2025', '205.12bn', CNY)],
  ),
  sentence('xiaomi-margin-en', 'xiaomi', 'Xiaomi’s gross margin for Q1 2025 was 20.9%, up from 20.5% in Q4 2024.', [
    fig('HK:01810', 'gross_margin', 'Q1 2025', '20.9%'),
    fig('HK:01810', 'gross_margin', 'Q4 2024', '20.5%'),
  ]),
  sentence('meituan-q3-zh', 'meituan', '美团2024年第三季度实现收入771.5亿元，同比增长11.0%，经营利润94.4亿元。', [
    fig('HK:03690', 'revenue', 'Q3 2024', '771.5亿'),
    fig('HK:03690', 'revenue:g', 'Q3 2024', '11.0%'),
    fig('HK:03690', 'operating_profit', 'Q3 2024', '94.4亿'),
  ]),
  sentence('cmb-q1-zh', 'cmb', '招商银行2025年第一季度营业收入1267.3亿元，同比增长41.0%，资产负债率83.3%。', [
    fig('SH:600036', 'revenue', 'Q1 2025', '1267.3亿'),
    fig('SH:600036', 'revenue:g', 'Q1 2025', '41.0%'),
    fig('SH:600036', 'debt_to_assets', 'Q1 2025', '83.3%'),
  ]),
  sentence('moutai-year-end-balance-zh', 'moutai', '截至2024年末，贵州茅台总资产1952.7亿元，总负债387.4亿元。', [
    fig('SH:600519', 'total_assets', 'FY 2024', '1952.7亿'),
    fig('SH:600519', 'total_liabilities', 'FY 2024', '387.4亿'),
  ]),
  sentence('catl-h1-owners-zh', 'catl', '宁德时代2024年上半年归母净利润257.7亿元，同比增长32.0%。', [
    fig('SZ:300750', 'net_profit_to_owners', 'H1 2024', '257.7亿'),
    fig('SZ:300750', 'net_profit_to_owners:g', 'H1 2024', '32.0%'),
  ]),
  sentence('wuliangye-q2-zh', 'wuliangye', '五粮液2024年第二季度营业收入303.3亿元，毛利率76.1%。', [
    fig('SZ:000858', 'revenue', 'Q2 2024', '303.3亿'),
    fig('SZ:000858', 'gross_margin', 'Q2 2024', '76.1%'),
  ]),
  sentence('pingan-fy-revenue-zh', 'pingan', '中国平安2024年全年营业收入4334.0亿元，同比增长21.0%。', [
    fig('SH:601318', 'revenue', 'FY 2024', '4334.0亿'),
    fig('SH:601318', 'revenue:g', 'FY 2024', '21.0%'),
  ]),
  {
    id: 'held-out-hk-cash-flow-table-zh',
    lang: 'zh',
    kind: 'table',
    companies: [C.tencent!, C.meituan!, C.xiaomi!],
    markdown: [
      '| 公司 | 报告期 | 经营活动现金流 | 资产负债率 |',
      '|---|---|---:|---:|',
      '| 腾讯控股 | 2025年一季度 | 1056.0亿元 | 40.2% |',
      '| 美团 | 2025年一季度 | 109.9亿元 | 40.8% |',
      '| 小米集团 | 2025年一季度 | 76.1亿元 | 36.8% |',
    ].join('\n'),
    expected: [
      fig('HK:00700', 'operating_cash_flow', 'Q1 2025', '1056.0亿'),
      fig('HK:00700', 'debt_to_assets', 'Q1 2025', '40.2%'),
      fig('HK:03690', 'operating_cash_flow', 'Q1 2025', '109.9亿'),
      fig('HK:03690', 'debt_to_assets', 'Q1 2025', '40.8%'),
      fig('HK:01810', 'operating_cash_flow', 'Q1 2025', '76.1亿'),
      fig('HK:01810', 'debt_to_assets', 'Q1 2025', '36.8%'),
    ],
  },
  // Planted (true value in the comment)
  // 260.27bn
  sentence(
    'planted-meituan-value-en',
    'meituan',
    'Meituan’s revenue for FY2024 came to RMB 280.27 billion, a 13.7% increase from a year earlier.',
    [
      fig('HK:03690', 'revenue', 'FY 2024', '280.27bn', { planted: 'wrong_value', currency: 'CNY' }),
      fig('HK:03690', 'revenue:g', 'FY 2024', '13.7%'),
    ],
  ),
  // 28.06bn; 26.72bn is Q1 FY2025's
  sentence('planted-nvidia-period-en', 'nvidia', 'NVIDIA’s net income for the first quarter of fiscal 2026 was $26.72 billion.', [
    fig('US:NVDA', 'net_profit', 'Q1 2026', '26.72bn', { planted: 'wrong_period', currency: 'USD' }),
  ]),
  // 15.93bn
  sentence(
    'planted-amazon-unit1000-en',
    'amazon',
    'Amazon’s operating income was $15.93 million in Q1 2025, giving an operating margin of 13.0%.',
    [
      fig('US:AMZN', 'operating_profit', 'Q1 2025', '15.93m', { planted: 'unit_1000x', currency: 'USD' }),
      fig('US:AMZN', 'operating_margin', 'Q1 2025', '13.0%'),
    ],
  ),
  // 591.59bn
  sentence('planted-byd-unit10-en', 'byd', 'BYD’s total assets stood at RMB 59.16 billion as of Q1 2025.', [
    fig('SZ:002594', 'total_assets', 'Q1 2025', '59.16bn', { planted: 'unit_10x', currency: 'CNY' }),
  ]),
  // gross margin 20.9% (gross profit RMB 11.39bn)
  sentence('planted-xiaomi-margin-en', 'xiaomi', 'Xiaomi’s gross margin for Q1 2025 was RMB 20.9 billion.', [
    fig('HK:01810', 'gross_margin', 'Q1 2025', '20.9bn', { planted: 'margin_as_amount', currency: 'CNY' }),
  ]),
  // 1267.3亿
  sentence('planted-cmb-value-zh', 'cmb', '招商银行2025年第一季度营业收入1367.3亿元，同比增长41.0%。', [
    fig('SH:600036', 'revenue', 'Q1 2025', '1367.3亿', { planted: 'wrong_value' }),
    fig('SH:600036', 'revenue:g', 'Q1 2025', '41.0%'),
  ]),
  // 4334.0亿; 3580.9亿 is 2023's
  sentence('planted-pingan-period-zh', 'pingan', '中国平安2024年全年营业收入3580.9亿元。', [
    fig('SH:601318', 'revenue', 'FY 2024', '3580.9亿', { planted: 'wrong_period' }),
  ]),
  // 771.5亿
  sentence('planted-meituan-unit1000-zh', 'meituan', '美团2024年第三季度实现收入771.5万元，同比增长11.0%。', [
    fig('HK:03690', 'revenue', 'Q3 2024', '771.5万', { planted: 'unit_1000x' }),
    fig('HK:03690', 'revenue:g', 'Q3 2024', '11.0%'),
  ]),
  // 1952.7亿
  sentence('planted-moutai-unit10-zh', 'moutai', '截至2024年末，贵州茅台总资产19527亿元。', [
    fig('SH:600519', 'total_assets', 'FY 2024', '19527亿', { planted: 'unit_10x' }),
  ]),
  // 毛利率 76.1%
  sentence('planted-wuliangye-margin-zh', 'wuliangye', '五粮液2024年第二季度营业收入303.3亿元，毛利率76.1亿元。', [
    fig('SZ:000858', 'revenue', 'Q2 2024', '303.3亿'),
    fig('SZ:000858', 'gross_margin', 'Q2 2024', '76.1亿', { planted: 'margin_as_amount' }),
  ]),
];
