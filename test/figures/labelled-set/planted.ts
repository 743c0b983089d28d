/**
 * Planted errors: a true sentence or table row with ONE figure made wrong, by a clear amount —
 * a value off by 5% or more (wrong_value), the same period a year earlier's figure (wrong_period),
 * the unit off by 10× (a decimal slip) or by 1000× or more (bn written m, 亿 written 万), or a
 * margin's percentage written as an amount (margin_as_amount). The other figures of each case
 * are true and expected to match. The true values are in the comments.
 */
import type { KnownCompany } from '../../../src/figures/figure-types.js';
import { COMPANIES as C, fig, type ExpectedFigure, type LabelledCase, type PlantedKind } from './labelled-case.js';

const USD = { currency: 'USD' } as const;
const CNY = { currency: 'CNY' } as const;
const planted = (kind: PlantedKind, currency?: 'USD' | 'CNY') => ({ planted: kind, ...(currency ? { currency } : {}) });

function plantedCase(id: string, company: KnownCompany, markdown: string, expected: ExpectedFigure[]): LabelledCase {
  return {
    id: `planted-${id}`,
    lang: /[\u4e00-\u9fff]/.test(markdown) ? 'zh' : 'en',
    kind: 'sentence',
    companies: [company],
    markdown,
    expected,
  };
}

const WRONG_VALUE: LabelledCase[] = [
  // true: 54.4bn
  plantedCase('value-nvidia-revenue-en', C.nvidia!, 'NVIDIA’s revenue rose 9.2% to $59.4 billion in Q1 FY2026.', [
    fig('US:NVDA', 'revenue:g', 'Q1 2026', '9.2%'),
    fig('US:NVDA', 'revenue', 'Q1 2026', '59.4bn', planted('wrong_value', 'USD')),
  ]),
  // true: 810.6亿
  plantedCase('value-moutai-revenue-zh', C.moutai!, '2025年一季度，贵州茅台实现营业收入860.6亿元，同比增长83.6%。', [
    fig('SH:600519', 'revenue', 'Q1 2025', '860.6亿', planted('wrong_value')),
    fig('SH:600519', 'revenue:g', 'Q1 2025', '83.6%'),
  ]),
  // true: +28.3%
  plantedCase('value-apple-growth-en', C.apple!, 'Apple’s FY2024 revenue was $254.96 billion (+38.3% YoY).', [
    fig('US:AAPL', 'revenue', 'FY 2024', '254.96bn', USD),
    fig('US:AAPL', 'revenue:g', 'FY 2024', '38.3%', planted('wrong_value')),
  ]),
  // true: 15.7%
  plantedCase('value-catl-growth-zh', C.catl!, '宁德时代2024年实现营业收入5910.2亿元，同比增长25.7%。', [
    fig('SZ:300750', 'revenue', 'FY 2024', '5910.2亿'),
    fig('SZ:300750', 'revenue:g', 'FY 2024', '25.7%', planted('wrong_value')),
  ]),
  // true: 51.3%
  plantedCase('value-amd-margin-en', C.amd!, 'AMD’s Q1 2025 gross margin improved to 56.3%, and basic EPS was $2.18.', [
    fig('US:AMD', 'gross_margin', 'Q1 2025', '56.3%', planted('wrong_value')),
    fig('US:AMD', 'eps_basic', 'Q1 2025', '2.18ps', USD),
  ]),
  // true: 75.9%
  plantedCase('value-wuliangye-margin-zh', C.wuliangye!, '五粮液2024年前三季度营业收入1027.8亿元，毛利率70.9%。', [
    fig('SZ:000858', 'revenue', '9M 2024', '1027.8亿'),
    fig('SZ:000858', 'gross_margin', '9M 2024', '70.9%', planted('wrong_value')),
  ]),
  // true: 6.07bn
  plantedCase('value-tesla-owners-en', C.tesla!, 'Tesla’s FY2024 net profit attributable to shareholders was $6.87 billion.', [
    fig('US:TSLA', 'net_profit_to_owners', 'FY 2024', '6.87bn', planted('wrong_value', 'USD')),
  ]),
  // true: 1856.9亿
  plantedCase('value-cmb-owners-zh', C.cmb!, '招商银行2024年全年营业收入4282.9亿元，归母净利润1956.9亿元。', [
    fig('SH:600036', 'revenue', 'FY 2024', '4282.9亿'),
    fig('SH:600036', 'net_profit_to_owners', 'FY 2024', '1956.9亿', planted('wrong_value')),
  ]),
  // true: 1164.4亿
  plantedCase('value-byd-ocf-zh', C.byd!, '比亚迪2024年经营活动产生的现金流量净额为1264.4亿元。', [
    fig('SZ:002594', 'operating_cash_flow', 'FY 2024', '1264.4亿', planted('wrong_value')),
  ]),
  // true: +1.4 pts (the demo report's rounding; +1.5 computed exactly)
  plantedCase(
    'value-moutai-margin-change-en',
    C.moutai!,
    'Kweichow Moutai’s gross margin was 92.7% in Q1 FY2025, up 4.4 pts on a year earlier.',
    [fig('SH:600519', 'gross_margin', 'Q1 2025', '92.7%'), fig('SH:600519', 'gross_margin:c', 'Q1 2025', '4.4pt', planted('wrong_value'))],
  ),
  // true: 1.43元
  plantedCase('value-pingan-eps-zh', C.pingan!, '中国平安2025年一季度归母净利润261.0亿元，基本每股收益1.63元。', [
    fig('SH:601318', 'net_profit_to_owners', 'Q1 2025', '261.0亿'),
    fig('SH:601318', 'eps_basic', 'Q1 2025', '1.63ps', planted('wrong_value', 'CNY')),
  ]),
  // true: 93.23bn
  {
    id: 'planted-value-microsoft-table-en',
    lang: 'en',
    kind: 'table',
    companies: [C.microsoft!],
    markdown: [
      '| Microsoft | Revenue | Operating margin |',
      '|---|---:|---:|',
      '| Q2 FY2025 | $103.23bn | 46.2% |',
      '| Q1 FY2025 | $99.87bn | 47.4% |',
    ].join('\n'),
    expected: [
      fig('US:MSFT', 'revenue', 'Q2 2025', '103.23bn', planted('wrong_value', 'USD')),
      fig('US:MSFT', 'operating_margin', 'Q2 2025', '46.2%'),
      fig('US:MSFT', 'revenue', 'Q1 2025', '99.87bn', USD),
      fig('US:MSFT', 'operating_margin', 'Q1 2025', '47.4%'),
    ],
  },
];

const WRONG_PERIOD: LabelledCase[] = [
  // 49.79bn is Q1 FY2025's
  plantedCase('period-nvidia-revenue-en', C.nvidia!, 'NVIDIA’s Q1 FY2026 revenue was $49.79 billion, with a gross margin of 73.4%.', [
    fig('US:NVDA', 'revenue', 'Q1 2026', '49.79bn', planted('wrong_period', 'USD')),
    fig('US:NVDA', 'gross_margin', 'Q1 2026', '73.4%'),
  ]),
  // 441.6亿 is 2024 Q1's
  plantedCase('period-moutai-revenue-zh', C.moutai!, '2025年一季度，贵州茅台实现营业收入441.6亿元，毛利率92.7%。', [
    fig('SH:600519', 'revenue', 'Q1 2025', '441.6亿', planted('wrong_period')),
    fig('SH:600519', 'gross_margin', 'Q1 2025', '92.7%'),
  ]),
  // 5106.4亿 is 2023's
  plantedCase('period-catl-revenue-zh', C.catl!, '宁德时代2024年实现营业收入5106.4亿元，归母净利润605.4亿元。', [
    fig('SZ:300750', 'revenue', 'FY 2024', '5106.4亿', planted('wrong_period')),
    fig('SZ:300750', 'net_profit_to_owners', 'FY 2024', '605.4亿'),
  ]),
  // 537.6亿 is 2023's
  plantedCase('period-wuliangye-owners-zh', C.wuliangye!, '五粮液2024年年报：营业收入1495.8亿元；归母净利润537.6亿元。', [
    fig('SZ:000858', 'revenue', 'FY 2024', '1495.8亿'),
    fig('SZ:000858', 'net_profit_to_owners', 'FY 2024', '537.6亿', planted('wrong_period')),
  ]),
  // 1649.6亿 is 2023's
  plantedCase('period-cmb-owners-zh', C.cmb!, '招商银行2024年归母净利润1649.6亿元。', [
    fig('SH:600036', 'net_profit_to_owners', 'FY 2024', '1649.6亿', planted('wrong_period')),
  ]),
  // 190.5亿 is 2024 Q1's
  plantedCase('period-pingan-owners-zh', C.pingan!, '中国平安2025年一季度归母净利润190.5亿元，基本每股收益1.43元。', [
    fig('SH:601318', 'net_profit_to_owners', 'Q1 2025', '190.5亿', planted('wrong_period')),
    fig('SH:601318', 'eps_basic', 'Q1 2025', '1.43ps', CNY),
  ]),
  // RMB 346.69bn is Q4 2023's
  plantedCase('period-tencent-revenue-en', C.tencent!, 'Tencent’s Q4 2024 revenue was RMB 346.69 billion and its gross margin 53.0%.', [
    fig('HK:00700', 'revenue', 'Q4 2024', '346.69bn', planted('wrong_period', 'CNY')),
    fig('HK:00700', 'gross_margin', 'Q4 2024', '53.0%'),
  ]),
  // 587.6亿 is 2023's
  plantedCase('period-byd-ocf-zh', C.byd!, '比亚迪2024年经营活动产生的现金流量净额为587.6亿元，期末现金及现金等价物1376.3亿元。', [
    fig('SZ:002594', 'operating_cash_flow', 'FY 2024', '587.6亿', planted('wrong_period')),
    fig('SZ:002594', 'cash', 'FY 2024', '1376.3亿'),
  ]),
  // 348.7bn is FY2023's
  plantedCase(
    'period-amazon-revenue-en',
    C.amazon!,
    'For FY2024, Amazon posted revenue of $348.7 billion and operating cash flow of $71.7 billion.',
    [
      fig('US:AMZN', 'revenue', 'FY 2024', '348.7bn', planted('wrong_period', 'USD')),
      fig('US:AMZN', 'operating_cash_flow', 'FY 2024', '71.7bn', USD),
    ],
  ),
  // 47.56bn is FY2023's
  plantedCase('period-amd-revenue-en', C.amd!, 'In FY2024 AMD earned a net profit of $9.9 billion on revenue of $47.56 billion.', [
    fig('US:AMD', 'net_profit', 'FY 2024', '9.9bn', USD),
    fig('US:AMD', 'revenue', 'FY 2024', '47.56bn', planted('wrong_period', 'USD')),
  ]),
  // 2288.1亿 is 2023's
  plantedCase('period-meituan-revenue-zh', C.meituan!, '美团2024年营业收入2288.1亿元。', [
    fig('HK:03690', 'revenue', 'FY 2024', '2288.1亿', planted('wrong_period')),
  ]),
  // 1089.4亿 is 2023's
  plantedCase(
    'period-moutai-owners-en',
    C.moutai!,
    'Kweichow Moutai’s net profit attributable to shareholders for FY2024 was RMB 108.94 billion.',
    [fig('SH:600519', 'net_profit_to_owners', 'FY 2024', '108.94bn', planted('wrong_period', 'CNY'))],
  ),
  // 193.2bn is FY2024's
  plantedCase(
    'period-nvidia-fy-revenue-en',
    C.nvidia!,
    'For fiscal 2025, NVIDIA reported revenue of $193.2 billion, with a gross margin of 75.3%.',
    [fig('US:NVDA', 'revenue', 'FY 2025', '193.2bn', planted('wrong_period', 'USD')), fig('US:NVDA', 'gross_margin', 'FY 2025', '75.3%')],
  ),
];

const UNIT_10X: LabelledCase[] = [
  plantedCase('unit10-nvidia-revenue-en', C.nvidia!, 'NVIDIA’s revenue rose 9.2% to $5.44 billion in Q1 FY2026.', [
    fig('US:NVDA', 'revenue:g', 'Q1 2026', '9.2%'),
    fig('US:NVDA', 'revenue', 'Q1 2026', '5.44bn', planted('unit_10x', 'USD')),
  ]),
  plantedCase('unit10-moutai-revenue-zh', C.moutai!, '2025年一季度，贵州茅台实现营业收入8106亿元，同比增长83.6%。', [
    fig('SH:600519', 'revenue', 'Q1 2025', '8106亿', planted('unit_10x')),
    fig('SH:600519', 'revenue:g', 'Q1 2025', '83.6%'),
  ]),
  plantedCase('unit10-catl-owners-zh', C.catl!, '宁德时代2024年实现营业收入5910.2亿元，归母净利润60.5亿元。', [
    fig('SZ:300750', 'revenue', 'FY 2024', '5910.2亿'),
    fig('SZ:300750', 'net_profit_to_owners', 'FY 2024', '60.5亿', planted('unit_10x')),
  ]),
  plantedCase('unit10-apple-revenue-en', C.apple!, 'Apple’s Q2 FY2025 revenue was $6.15 billion, with an operating margin of 33.3%.', [
    fig('US:AAPL', 'revenue', 'Q2 2025', '6.15bn', planted('unit_10x', 'USD')),
    fig('US:AAPL', 'operating_margin', 'Q2 2025', '33.3%'),
  ]),
  plantedCase('unit10-tencent-revenue-en', C.tencent!, 'Tencent’s revenue for FY2024 was RMB 139.85 billion, up 26.6% year on year.', [
    fig('HK:00700', 'revenue', 'FY 2024', '139.85bn', planted('unit_10x', 'CNY')),
    fig('HK:00700', 'revenue:g', 'FY 2024', '26.6%'),
  ]),
  plantedCase('unit10-cmb-owners-zh', C.cmb!, '招商银行2025年一季度归母净利润54.5亿元，同比增长58.9%。', [
    fig('SH:600036', 'net_profit_to_owners', 'Q1 2025', '54.5亿', planted('unit_10x')),
    fig('SH:600036', 'net_profit_to_owners:g', 'Q1 2025', '58.9%'),
  ]),
  plantedCase('unit10-byd-revenue-zh', C.byd!, '比亚迪2025年一季度营业收入16040亿元，毛利率20.2%。', [
    fig('SZ:002594', 'revenue', 'Q1 2025', '16040亿', planted('unit_10x')),
    fig('SZ:002594', 'gross_margin', 'Q1 2025', '20.2%'),
  ]),
  plantedCase('unit10-amazon-revenue-en', C.amazon!, 'Amazon’s Q1 2025 revenue was $12.24 billion, up 47.9% on a year earlier.', [
    fig('US:AMZN', 'revenue', 'Q1 2025', '12.24bn', planted('unit_10x', 'USD')),
    fig('US:AMZN', 'revenue:g', 'Q1 2025', '47.9%'),
  ]),
  plantedCase('unit10-xiaomi-revenue-zh', C.xiaomi!, '小米集团2024年营业收入21124.6亿元，同比增长5.3%。', [
    fig('HK:01810', 'revenue', 'FY 2024', '21124.6亿', planted('unit_10x')),
    fig('HK:01810', 'revenue:g', 'FY 2024', '5.3%'),
  ]),
  plantedCase('unit10-microsoft-ocf-en', C.microsoft!, 'Microsoft’s operating cash flow in Q3 FY2025 was $186.9 billion.', [
    fig('US:MSFT', 'operating_cash_flow', 'Q3 2025', '186.9bn', planted('unit_10x', 'USD')),
  ]),
  plantedCase('unit10-wuliangye-revenue-zh', C.wuliangye!, '五粮液2025年一季度营业收入47.97亿元，同比增长69.9%。', [
    fig('SZ:000858', 'revenue', 'Q1 2025', '47.97亿', planted('unit_10x')),
    fig('SZ:000858', 'revenue:g', 'Q1 2025', '69.9%'),
  ]),
  plantedCase('unit10-tesla-eps-en', C.tesla!, 'Tesla’s Q1 2025 basic EPS was $5.89 and its gross margin 18.3%.', [
    fig('US:TSLA', 'eps_basic', 'Q1 2025', '5.89ps', planted('unit_10x', 'USD')),
    fig('US:TSLA', 'gross_margin', 'Q1 2025', '18.3%'),
  ]),
];

const UNIT_1000X: LabelledCase[] = [
  plantedCase('unit1000-nvidia-revenue-en', C.nvidia!, 'NVIDIA posted Q1 FY2026 revenue of $54.39 million, +9.2% on a year earlier.', [
    fig('US:NVDA', 'revenue', 'Q1 2026', '54.39m', planted('unit_1000x', 'USD')),
    fig('US:NVDA', 'revenue:g', 'Q1 2026', '9.2%'),
  ]),
  plantedCase('unit1000-moutai-revenue-zh', C.moutai!, '2025年一季度，贵州茅台实现营业收入810.6万元，同比增长83.6%。', [
    fig('SH:600519', 'revenue', 'Q1 2025', '810.6万', planted('unit_1000x')),
    fig('SH:600519', 'revenue:g', 'Q1 2025', '83.6%'),
  ]),
  plantedCase('unit1000-amd-revenue-en', C.amd!, 'AMD’s revenue in Q1 2025 was USD 19.90m, and its gross margin 51.3%.', [
    fig('US:AMD', 'revenue', 'Q1 2025', '19.90m', planted('unit_1000x', 'USD')),
    fig('US:AMD', 'gross_margin', 'Q1 2025', '51.3%'),
  ]),
  plantedCase('unit1000-tencent-revenue-zh', C.tencent!, '腾讯控股2024年第四季度营收4328.0万元，同比增长24.8%。', [
    fig('HK:00700', 'revenue', 'Q4 2024', '4328.0万', planted('unit_1000x')),
    fig('HK:00700', 'revenue:g', 'Q4 2024', '24.8%'),
  ]),
  plantedCase(
    'unit1000-apple-assets-en',
    C.apple!,
    'Apple’s total assets were $294.01 million at the end of Q2 FY2025, with liabilities at 30.7% of them.',
    [
      fig('US:AAPL', 'total_assets', 'Q2 2025', '294.01m', planted('unit_1000x', 'USD')),
      fig('US:AAPL', 'debt_to_assets', 'Q2 2025', '30.7%'),
    ],
  ),
  plantedCase('unit1000-catl-ocf-zh', C.catl!, '宁德时代2025年一季度经营现金流286.7万元，资产负债率40.4%。', [
    fig('SZ:300750', 'operating_cash_flow', 'Q1 2025', '286.7万', planted('unit_1000x')),
    fig('SZ:300750', 'debt_to_assets', 'Q1 2025', '40.4%'),
  ]),
  plantedCase(
    'unit1000-amazon-ocf-en',
    C.amazon!,
    'For FY2024, Amazon posted revenue of $405.6 billion and operating cash flow of $71.7 million.',
    [
      fig('US:AMZN', 'revenue', 'FY 2024', '405.6bn', USD),
      fig('US:AMZN', 'operating_cash_flow', 'FY 2024', '71.7m', planted('unit_1000x', 'USD')),
    ],
  ),
  plantedCase('unit1000-pingan-revenue-zh', C.pingan!, '中国平安2025年一季度营业收入1283.7万元，同比增长47.3%。', [
    fig('SH:601318', 'revenue', 'Q1 2025', '1283.7万', planted('unit_1000x')),
    fig('SH:601318', 'revenue:g', 'Q1 2025', '47.3%'),
  ]),
  plantedCase(
    'unit1000-microsoft-liabilities-en',
    C.microsoft!,
    'At the end of Q3 FY2025 Microsoft had total liabilities of USD 125.40m against total assets of USD 391.61bn.',
    [
      fig('US:MSFT', 'total_liabilities', 'Q3 2025', '125.40m', planted('unit_1000x', 'USD')),
      fig('US:MSFT', 'total_assets', 'Q3 2025', '391.61bn', USD),
    ],
  ),
  plantedCase('unit1000-byd-assets-zh', C.byd!, '比亚迪2025年一季度总资产5915.9万元，资产负债率34.7%。', [
    fig('SZ:002594', 'total_assets', 'Q1 2025', '5915.9万', planted('unit_1000x')),
    fig('SZ:002594', 'debt_to_assets', 'Q1 2025', '34.7%'),
  ]),
  plantedCase('unit1000-tesla-revenue-en', C.tesla!, 'Tesla’s FY2024 revenue was $78.29 million and its gross margin 18.2%.', [
    fig('US:TSLA', 'revenue', 'FY 2024', '78.29m', planted('unit_1000x', 'USD')),
    fig('US:TSLA', 'gross_margin', 'FY 2024', '18.2%'),
  ]),
  plantedCase('unit1000-cmb-revenue-zh', C.cmb!, '招商银行2024年全年营业收入4282.9万元，归母净利润1856.9亿元。', [
    fig('SH:600036', 'revenue', 'FY 2024', '4282.9万', planted('unit_1000x')),
    fig('SH:600036', 'net_profit_to_owners', 'FY 2024', '1856.9亿'),
  ]),
];

const MARGIN_AS_AMOUNT: LabelledCase[] = [
  // true: gross margin 73.4% (gross profit USD 39.94bn)
  plantedCase('margin-nvidia-gross-en', C.nvidia!, 'In Q1 FY2026 NVIDIA’s revenue was $54.39 billion and its gross margin $73.4 billion.', [
    fig('US:NVDA', 'revenue', 'Q1 2026', '54.39bn', USD),
    fig('US:NVDA', 'gross_margin', 'Q1 2026', '73.4bn', planted('margin_as_amount', 'USD')),
  ]),
  // true: 毛利率 92.7%
  plantedCase('margin-moutai-gross-zh', C.moutai!, '2025年一季度，贵州茅台营业收入810.6亿元，毛利率92.7亿元。', [
    fig('SH:600519', 'revenue', 'Q1 2025', '810.6亿'),
    fig('SH:600519', 'gross_margin', 'Q1 2025', '92.7亿', planted('margin_as_amount')),
  ]),
  // true: operating margin 20.4% (operating profit USD 4.07bn)
  plantedCase('margin-amd-operating-en', C.amd!, 'AMD’s operating margin came to $20.4 billion in Q1 2025.', [
    fig('US:AMD', 'operating_margin', 'Q1 2025', '20.4bn', planted('margin_as_amount', 'USD')),
  ]),
  // true: 毛利率 23.9%
  plantedCase('margin-catl-gross-zh', C.catl!, '宁德时代2024年营业收入5910.2亿元，毛利率23.9亿元。', [
    fig('SZ:300750', 'revenue', 'FY 2024', '5910.2亿'),
    fig('SZ:300750', 'gross_margin', 'FY 2024', '23.9亿', planted('margin_as_amount')),
  ]),
  // true: net margin 9.0% (net profit USD 1.90bn)
  plantedCase('margin-tesla-net-en', C.tesla!, 'Tesla’s Q1 2025 net margin was $9.0 billion on revenue of $21.14 billion.', [
    fig('US:TSLA', 'net_margin', 'Q1 2025', '9.0bn', planted('margin_as_amount', 'USD')),
    fig('US:TSLA', 'revenue', 'Q1 2025', '21.14bn', USD),
  ]),
  // true: 净利率 46.5%
  plantedCase('margin-wuliangye-net-zh', C.wuliangye!, '五粮液2025年一季度营业收入479.7亿元，净利率46.5亿元。', [
    fig('SZ:000858', 'revenue', 'Q1 2025', '479.7亿'),
    fig('SZ:000858', 'net_margin', 'Q1 2025', '46.5亿', planted('margin_as_amount')),
  ]),
  // true: operating margin 33.3% (operating profit USD 20.48bn)
  plantedCase('margin-apple-operating-en', C.apple!, 'Apple’s Q2 FY2025 operating margin was $33.3 billion.', [
    fig('US:AAPL', 'operating_margin', 'Q2 2025', '33.3bn', planted('margin_as_amount', 'USD')),
  ]),
  // true: 毛利率 54.1%
  plantedCase('margin-tencent-gross-zh', C.tencent!, '腾讯控股2025年一季度毛利率54.1亿元，营业收入4298.5亿元。', [
    fig('HK:00700', 'gross_margin', 'Q1 2025', '54.1亿', planted('margin_as_amount')),
    fig('HK:00700', 'revenue', 'Q1 2025', '4298.5亿'),
  ]),
  // true: gross margin 47.8% (gross profit USD 58.55bn)
  plantedCase('margin-amazon-gross-en', C.amazon!, 'Amazon’s Q1 2025 gross margin was $47.8 billion and its operating margin 13.0%.', [
    fig('US:AMZN', 'gross_margin', 'Q1 2025', '47.8bn', planted('margin_as_amount', 'USD')),
    fig('US:AMZN', 'operating_margin', 'Q1 2025', '13.0%'),
  ]),
  // true: 营业利润率 9.2%
  plantedCase('margin-byd-operating-zh', C.byd!, '比亚迪2025年一季度营业利润率9.2亿元，毛利率20.2%。', [
    fig('SZ:002594', 'operating_margin', 'Q1 2025', '9.2亿', planted('margin_as_amount')),
    fig('SZ:002594', 'gross_margin', 'Q1 2025', '20.2%'),
  ]),
  // true: 净利率 43.0%
  plantedCase('margin-cmb-net-zh', C.cmb!, '招商银行2025年一季度归母净利润545.2亿元，净利率43.0亿元。', [
    fig('SH:600036', 'net_profit_to_owners', 'Q1 2025', '545.2亿'),
    fig('SH:600036', 'net_margin', 'Q1 2025', '43.0亿', planted('margin_as_amount')),
  ]),
];

export const PLANTED_CASES: LabelledCase[] = [...WRONG_VALUE, ...WRONG_PERIOD, ...UNIT_10X, ...UNIT_1000X, ...MARGIN_AS_AMOUNT];
