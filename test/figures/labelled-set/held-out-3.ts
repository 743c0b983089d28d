/**
 * A third held-out probe: figures in phrasings the set did not have (an earnings call, bullet
 * summaries under a heading that names the period, company × metric tables with the period in the
 * header, "fell 4.3% to", 下滑, a figure in parentheses, thousands separators, 万元 with two
 * decimals, RMB / CNY / ¥ / US$ / 亿美元), with share prices, a P/E and a market cap in HK$ / 港元
 * left unlabelled on purpose. Written without running or reading the extractor; true values from
 * true-values.ts (raw dataset values for 万元). First-contact numbers are in the README.
 */
import { COMPANIES as C, fig, type LabelledCase } from './labelled-case.js';

const USD = { currency: 'USD' } as const;
const CNY = { currency: 'CNY' } as const;
const planted = (kind: NonNullable<LabelledCase['expected'][number]['planted']>, currency?: 'USD' | 'CNY') =>
  currency ? { planted: kind, currency } : { planted: kind };

const probe = (id: string, companies: Array<keyof typeof C>, markdown: string, expected: LabelledCase['expected']): LabelledCase => ({
  id: `held-out-3-${id}`,
  lang: /[\u4e00-\u9fff]/.test(markdown) ? 'zh' : 'en',
  kind: markdown.includes('|---') ? 'table' : 'sentence',
  companies: companies.map((c) => C[c]!),
  markdown,
  expected,
});

export const THIRD_HELD_OUT_CASES: LabelledCase[] = [
  // ---- English, true ----
  probe(
    'nvidia-call-en',
    ['nvidia'],
    'On the earnings call, NVIDIA (`US:NVDA`) said Q1 FY26 revenue was $54,385 million, up 9% year over year, with GAAP gross margin at 73.4%.',
    [
      fig('US:NVDA', 'revenue', 'Q1 2026', '54385m', USD),
      fig('US:NVDA', 'revenue:g', 'Q1 2026', '9%'),
      fig('US:NVDA', 'gross_margin', 'Q1 2026', '73.4%'),
    ],
  ),
  probe(
    'apple-bullets-en',
    ['apple'],
    '**Apple (`US:AAPL`) — Q2 FY2025 at a glance**\n\n- Revenue: US$61.46 bn (+20.9% y/y)\n- Net income: US$17.60 bn\n- Operating cash flow: US$14.46 bn\n',
    [
      fig('US:AAPL', 'revenue', 'Q2 2025', '61.46bn', USD),
      fig('US:AAPL', 'revenue:g', 'Q2 2025', '20.9%'),
      fig('US:AAPL', 'net_profit', 'Q2 2025', '17.60bn', USD),
      fig('US:AAPL', 'operating_cash_flow', 'Q2 2025', '14.46bn', USD),
    ],
  ),
  probe(
    'fy-table-en',
    ['tesla', 'amazon'],
    '| FY2024 | Revenue (US$ bn) | Net income (US$ bn) | Gross margin |\n|---|---:|---:|---:|\n| Tesla | 78.29 | 6.13 | 18.2% |\n| Amazon | 405.62 | 38.47 | 49.5% |\n',
    [
      fig('US:TSLA', 'revenue', 'FY 2024', '78.29bn', USD),
      fig('US:TSLA', 'net_profit', 'FY 2024', '6.13bn', USD),
      fig('US:TSLA', 'gross_margin', 'FY 2024', '18.2%'),
      fig('US:AMZN', 'revenue', 'FY 2024', '405.62bn', USD),
      fig('US:AMZN', 'net_profit', 'FY 2024', '38.47bn', USD),
      fig('US:AMZN', 'gross_margin', 'FY 2024', '49.5%'),
    ],
  ),
  probe(
    'microsoft-fell-en',
    ['microsoft'],
    'In the March quarter (Q3 FY25), Microsoft’s revenue fell 4.3% to $98,835 million, with an operating margin of 48.3%.',
    [
      fig('US:MSFT', 'revenue', 'Q3 2025', '98835m', USD),
      fig('US:MSFT', 'revenue:g', 'Q3 2025', '-4.3%'),
      fig('US:MSFT', 'operating_margin', 'Q3 2025', '48.3%'),
    ],
  ),
  // Unlabelled: the share price in HK$ and the P/E.
  probe(
    'tencent-grew-en',
    ['tencent'],
    'Tencent grew FY2024 revenue 26.6% to RMB 1,398.50 billion; at HK$ 512 a share, the stock trades on about 20x earnings.',
    [fig('HK:00700', 'revenue:g', 'FY 2024', '26.6%'), fig('HK:00700', 'revenue', 'FY 2024', '1398.50bn', CNY)],
  ),
  probe('xiaomi-flat-en', ['xiaomi'], 'Xiaomi’s Q1 2025 revenue was flat (+0.1% YoY) at CNY 54.47bn, while net profit slid 9.0%.', [
    fig('HK:01810', 'revenue:g', 'Q1 2025', '0.1%'),
    fig('HK:01810', 'revenue', 'Q1 2025', '54.47bn', CNY),
    fig('HK:01810', 'net_profit:g', 'Q1 2025', '-9.0%'),
  ]),
  // ---- English, planted ----
  // True Q1 FY2026 revenue: $54,385 million; $49,788 million is Q1 FY2025's.
  probe('nvidia-call-period-en', ['nvidia'], 'NVIDIA’s Q1 FY26 revenue was $49,788 million.', [
    fig('US:NVDA', 'revenue', 'Q1 2026', '49788m', planted('wrong_period', 'USD')),
  ]),
  // True operating margin 9.6% (operating profit $7.52bn).
  probe('tesla-margin-amount-en', ['tesla'], 'Tesla’s FY2024 revenue of US$78.29 bn came with an operating margin of US$9.6 bn.', [
    fig('US:TSLA', 'revenue', 'FY 2024', '78.29bn', USD),
    fig('US:TSLA', 'operating_margin', 'FY 2024', '9.6bn', planted('margin_as_amount', 'USD')),
  ]),
  // True cash: $68.66 billion.
  probe('amazon-cash-unit-en', ['amazon'], 'Amazon ended Q1’25 with $68.66 million in cash and cash equivalents.', [
    fig('US:AMZN', 'cash', 'Q1 2025', '68.66m', planted('unit_1000x', 'USD')),
  ]),
  // True 9M FY2025 net income: $113.10 billion.
  probe(
    'microsoft-9m-value-en',
    ['microsoft'],
    'For the nine months to March 2025 (9M FY25), Microsoft’s net income totalled $121.10 billion, up 4.7%.',
    [fig('US:MSFT', 'net_profit', '9M 2025', '121.10bn', planted('wrong_value', 'USD')), fig('US:MSFT', 'net_profit:g', '9M 2025', '4.7%')],
  ),
  // ---- Chinese, true ----
  probe(
    'q1-table-zh',
    ['moutai', 'byd'],
    '| 公司（2025年一季度） | 营业收入（亿元） | 营收同比 | 归母净利润（亿元） |\n|---|---:|---:|---:|\n| 贵州茅台 | 810.6 | +83.6% | 403.2 |\n| 比亚迪 | 1,604.0 | +30.9% | 123.4 |\n',
    [
      fig('SH:600519', 'revenue', 'Q1 2025', '810.6亿'),
      fig('SH:600519', 'revenue:g', 'Q1 2025', '83.6%'),
      fig('SH:600519', 'net_profit_to_owners', 'Q1 2025', '403.2亿'),
      fig('SZ:002594', 'revenue', 'Q1 2025', '1604.0亿'),
      fig('SZ:002594', 'revenue:g', 'Q1 2025', '30.9%'),
      fig('SZ:002594', 'net_profit_to_owners', 'Q1 2025', '123.4亿'),
    ],
  ),
  // Raw dataset value: 88,133,036,394 元.
  probe('pingan-wanyuan-zh', ['pingan'], '中国平安2024年度实现归属于母公司股东的净利润8,813,303.64万元，同比增长14.14%。', [
    fig('SH:601318', 'net_profit_to_owners', 'FY 2024', '8813303.64万'),
    fig('SH:601318', 'net_profit_to_owners:g', 'FY 2024', '14.14%'),
  ]),
  probe('meituan-slide-zh', ['meituan'], '美团2025年一季度净利润48.1亿元，同比下滑10.3%，经营利润率7.2%。（美团已于2023年扭亏为盈。）', [
    fig('HK:03690', 'net_profit', 'Q1 2025', '48.1亿'),
    fig('HK:03690', 'net_profit:g', 'Q1 2025', '-10.3%'),
    fig('HK:03690', 'operating_margin', 'Q1 2025', '7.2%'),
  ]),
  // Unlabelled: the market cap in 港元.
  probe(
    'tencent-rmb-zh',
    ['tencent'],
    '腾讯控股2025年第一季度收入人民币4,298.52亿元，同比增长60.5%；毛利率54.1%。以最新收盘价计，公司市值约4.6万亿港元。',
    [
      fig('HK:00700', 'revenue', 'Q1 2025', '4298.52亿'),
      fig('HK:00700', 'revenue:g', 'Q1 2025', '60.5%'),
      fig('HK:00700', 'gross_margin', 'Q1 2025', '54.1%'),
    ],
  ),
  probe(
    'alibaba-bullets-zh',
    ['alibaba'],
    '**阿里巴巴（`HK:09988`）2025财年要点**\n\n- 收入：12,860.9亿元，同比+28.1%\n- 经营利润：1,967.1亿元\n- 净利率：12.2%\n',
    [
      fig('HK:09988', 'revenue', 'FY 2025', '12860.9亿'),
      fig('HK:09988', 'revenue:g', 'FY 2025', '28.1%'),
      fig('HK:09988', 'operating_profit', 'FY 2025', '1967.1亿'),
      fig('HK:09988', 'net_margin', 'FY 2025', '12.2%'),
    ],
  ),
  probe('nvidia-usd-zh', ['nvidia'], '英伟达2025财年（截至2025年1月）营收2,174.9亿美元，净利润1,151.5亿美元，同比增长12.4%。', [
    fig('US:NVDA', 'revenue', 'FY 2025', '2174.9亿', USD),
    fig('US:NVDA', 'net_profit', 'FY 2025', '1151.5亿', USD),
    fig('US:NVDA', 'net_profit:g', 'FY 2025', '12.4%'),
  ]),
  // ---- Chinese, planted ----
  // True FY2024 revenue: 4,282.9亿元.
  probe('cmb-unit-zh', ['cmb'], '招商银行2024年实现营业收入428.29亿元，同比增长11.8%。', [
    fig('SH:600036', 'revenue', 'FY 2024', '428.29亿', planted('unit_10x')),
    fig('SH:600036', 'revenue:g', 'FY 2024', '11.8%'),
  ]),
  // True Q4 2024 revenue: 816.7亿元; 604.3亿元 is Q4 2023's.
  probe('moutai-q4-period-zh', ['moutai'], '贵州茅台2024年第四季度营收604.3亿元，毛利率92.8%。', [
    fig('SH:600519', 'revenue', 'Q4 2024', '604.3亿', planted('wrong_period')),
    fig('SH:600519', 'gross_margin', 'Q4 2024', '92.8%'),
  ]),
  // True operating margin 11.0% (operating profit 286.7亿元).
  probe('meituan-margin-amount-zh', ['meituan'], '美团2024年全年收入2,602.7亿元，经营利润率11.0亿元。', [
    fig('HK:03690', 'revenue', 'FY 2024', '2602.7亿'),
    fig('HK:03690', 'operating_margin', 'FY 2024', '11.0亿', planted('margin_as_amount')),
  ]),
  // True FY2024 operating cash flow: 507.3亿元.
  probe('xiaomi-ocf-value-zh', ['xiaomi'], '小米集团2024年经营活动产生的现金流量净额为557.3亿元，期末现金及现金等价物440.6亿元。', [
    fig('HK:01810', 'operating_cash_flow', 'FY 2024', '557.3亿', planted('wrong_value')),
    fig('HK:01810', 'cash', 'FY 2024', '440.6亿'),
  ]),
];
