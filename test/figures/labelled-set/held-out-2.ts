/**
 * A second held-out probe: 21 figures (5 planted) in fresh phrasings, first run unseen on committed
 * HEAD aa95863 after the set had reached 100% (numbers in the README).
 */
import { COMPANIES as C, fig, type LabelledCase } from './labelled-case.js';
const USD = { currency: 'USD' } as const;
const CNY = { currency: 'CNY' } as const;
const s = (id: string, company: keyof typeof C, markdown: string, expected: LabelledCase['expected']): LabelledCase => ({
  id: `held-out-2-${id}`,
  lang: /[\u4e00-\u9fff]/.test(markdown) ? 'zh' : 'en',
  kind: 'sentence',
  companies: [C[company]!],
  markdown,
  expected,
});
export const SECOND_HELD_OUT_CASES: LabelledCase[] = [
  s('alibaba-q3-en', 'alibaba', 'Alibaba’s Q3 FY2025 revenue (the December 2024 quarter) reached RMB 379.30 billion, up 32.3% YoY.', [
    fig('HK:09988', 'revenue', 'Q3 2025', '379.30bn', CNY),
    fig('HK:09988', 'revenue:g', 'Q3 2025', '32.3%'),
  ]),
  s('tesla-q3-en', 'tesla', 'Tesla booked total revenues of $24.46 billion in the third quarter of 2024.', [
    fig('US:TSLA', 'revenue', 'Q3 2024', '24.46bn', USD),
  ]),
  s('catl-9m-ocf-en', 'catl', 'For the first nine months of 2024, CATL generated RMB 74.74 billion of operating cash flow.', [
    fig('SZ:300750', 'operating_cash_flow', '9M 2024', '74.74bn', CNY),
  ]),
  s('pingan-debt-en', 'pingan', 'Ping An’s debt-to-asset ratio fell to 67.6% at end-Q1 2025.', [
    fig('SH:601318', 'debt_to_assets', 'Q1 2025', '67.6%'),
  ]),
  s('msft-income-en', 'microsoft', 'Microsoft’s net income of $38.72 billion in Q3 FY2025 translated to a net margin of 39.2%.', [
    fig('US:MSFT', 'net_profit', 'Q3 2025', '38.72bn', USD),
    fig('US:MSFT', 'net_margin', 'Q3 2025', '39.2%'),
  ]),
  s('tesla-q3-unit-en', 'tesla', 'Tesla booked total revenues of $24.46 million in the third quarter of 2024.', [
    fig('US:TSLA', 'revenue', 'Q3 2024', '24.46m', { planted: 'unit_1000x', currency: 'USD' }),
  ]),
  s('msft-income-value-en', 'microsoft', 'Microsoft’s net income of $42.72 billion in Q3 FY2025 translated to a net margin of 39.2%.', [
    fig('US:MSFT', 'net_profit', 'Q3 2025', '42.72bn', { planted: 'wrong_value', currency: 'USD' }),
    fig('US:MSFT', 'net_margin', 'Q3 2025', '39.2%'),
  ]),
  s('alibaba-fy-ocf-zh', 'alibaba', '阿里巴巴2025财年全年经营活动现金流净额1677.5亿元。', [
    fig('HK:09988', 'operating_cash_flow', 'FY 2025', '1677.5亿'),
  ]),
  s('byd-q3-zh', 'byd', '比亚迪2024年第三季度实现营收1625.7亿元，环比增长26.9%，同比增长14.4%。', [
    fig('SZ:002594', 'revenue', 'Q3 2024', '1625.7亿'),
    fig('SZ:002594', 'revenue:g', 'Q3 2024', '14.4%'),
  ]),
  s('tencent-fy-owners-zh', 'tencent', '腾讯控股2024年全年归母净利润3307.1亿元，净利率23.6%。', [
    fig('HK:00700', 'net_profit_to_owners', 'FY 2024', '3307.1亿'),
    fig('HK:00700', 'net_margin', 'FY 2024', '23.6%'),
  ]),
  s('moutai-9m-ocf-zh', 'moutai', '贵州茅台2024年前三季度经营性现金流净额165.4亿元，同比下降38.6%。', [
    fig('SH:600519', 'operating_cash_flow', '9M 2024', '165.4亿'),
    fig('SH:600519', 'operating_cash_flow:g', '9M 2024', '-38.6%'),
  ]),
  s('moutai-9m-ocf-period-zh', 'moutai', '贵州茅台2024年前三季度经营性现金流净额269.2亿元。', [
    fig('SH:600519', 'operating_cash_flow', '9M 2024', '269.2亿', { planted: 'wrong_period' }),
  ]),
  s('tencent-fy-owners-unit-zh', 'tencent', '腾讯控股2024年全年归母净利润3307.1万元，净利率23.6%。', [
    fig('HK:00700', 'net_profit_to_owners', 'FY 2024', '3307.1万', { planted: 'unit_1000x' }),
    fig('HK:00700', 'net_margin', 'FY 2024', '23.6%'),
  ]),
  s('alibaba-fy-ocf-unit-zh', 'alibaba', '阿里巴巴2025财年全年经营活动现金流净额167.8亿元。', [
    fig('HK:09988', 'operating_cash_flow', 'FY 2025', '167.8亿', { planted: 'unit_10x' }),
  ]),
];
