import { describe, expect, it } from 'vitest';
import { companyMatcher } from '../../../src/figures/extract/company-matcher.js';
import { extractTextFigures, type TextContext } from '../../../src/figures/extract/extract-text-figures.js';
import type { ExtractedFigure, KnownCompany } from '../../../src/figures/figure-types.js';

const KNOWN: readonly KnownCompany[] = [
  { symbol: 'HK:01810', names: ['Xiaomi', '小米集团'] },
  { symbol: 'HK:03690', names: ['Meituan', '美团'] },
  { symbol: 'US:TSLA', names: ['Tesla', '特斯拉'] },
  { symbol: 'US:MSFT', names: ['Microsoft'] },
  { symbol: 'SZ:300750', names: ['CATL'] },
  { symbol: 'SZ:002594', names: ['BYD'] },
  { symbol: 'US:NVDA', names: ['NVIDIA', '英伟达'] },
  { symbol: 'US:AMD', names: ['AMD'] },
  { symbol: 'US:AAPL', names: ['Apple', '苹果'] },
  { symbol: 'HK:00700', names: ['Tencent', '腾讯控股'] },
  { symbol: 'SH:600519', names: ['贵州茅台'] },
  { symbol: 'SZ:300750', names: ['宁德时代'] },
  { symbol: 'SZ:002594', names: ['比亚迪'] },
];
const companies = companyMatcher('', KNOWN);

/** One line per figure: "symbol metric measure value unit [currency] period", period as "Q1 FY2026" ("FY2024 cal" for a calendar year). */
function lines(text: string, ctx: Partial<TextContext> = {}): string[] {
  return extractTextFigures(text, 0, { companies, ...ctx }).map(line);
}

function line(f: ExtractedFigure): string {
  const p = f.period;
  const period = p ? `${p.kind === 'FY' ? '' : `${p.kind} `}FY${p.fiscalYear}${p.calendarYear ? ' cal' : ''}` : 'none';
  const currency = f.value.currency ? ` ${f.value.currency}` : '';
  return `${f.symbol} ${f.metric} ${f.measure} ${f.value.value} ${f.value.unit}${currency} ${period}`;
}

/** [text, the figures read, in order]. */
const CASES: ReadonlyArray<[string, string[]]> = [
  [
    'NVIDIA (US:NVDA): in Q1 FY2026 (to 2025-04-30), revenue of USD 54.39bn, +9.2% on a year earlier; gross margin 73.4% (−3.4 pts on a year earlier), operating margin 59.7% (−3.5 pts on a year earlier), net margin 51.6%.',
    [
      'US:NVDA revenue level 54390000000 amount USD Q1 FY2026',
      'US:NVDA revenue yoy_growth 9.2 percent Q1 FY2026',
      'US:NVDA gross_margin level 73.4 percent Q1 FY2026',
      'US:NVDA gross_margin yoy_change -3.4 points Q1 FY2026',
      'US:NVDA operating_margin level 59.7 percent Q1 FY2026',
      'US:NVDA operating_margin yoy_change -3.5 points Q1 FY2026',
      'US:NVDA net_margin level 51.6 percent Q1 FY2026',
    ],
  ],
  [
    'AMD: in Q1 FY2025, net margin on profit to owners 17.7% (+5.0 pts on a year earlier). What moved them: R&D fell to 23.5% of revenue (−2.3 pts); cost of sales rose to 48.7% of revenue (+0.5 pts). Data Center brings 54.8% of revenue (FY2024), so its pricing and costs set the gross margin.',
    [
      'US:AMD net_margin level 17.7 percent Q1 FY2025',
      'US:AMD net_margin yoy_change 5 points Q1 FY2025',
      'US:AMD rnd_ratio level 23.5 percent Q1 FY2025',
      'US:AMD rnd_ratio yoy_change -2.3 points Q1 FY2025',
      'US:AMD cost_of_sales_ratio level 48.7 percent Q1 FY2025',
      'US:AMD cost_of_sales_ratio yoy_change 0.5 points Q1 FY2025',
    ],
  ],
  [
    'Tencent (HK:00700): in Q1 FY2025 (to 2025-03-31), cash and equivalents of CNY 282.99bn, 20.1% of total assets, −14.2% on a year earlier; shares at HKD 775.29 on 2025-06-30, +53.0% over a year.',
    ['HK:00700 cash level 282990000000 amount CNY Q1 FY2025', 'HK:00700 cash yoy_growth -14.2 percent Q1 FY2025'],
  ],
  [
    'NVIDIA: a rich valuation (P/E 46.1); operating margin down 3.5 pts on a year earlier, to 59.7%.',
    ['US:NVDA operating_margin yoy_change -3.5 points none', 'US:NVDA operating_margin level 59.7 percent none'],
  ],
  [
    'Apple (US:AAPL): in Q2 FY2025 (to 2025-03-31), net profit of USD 17.60bn, +20.4% on a year earlier.',
    ['US:AAPL net_profit level 17600000000 amount USD Q2 FY2025', 'US:AAPL net_profit yoy_growth 20.4 percent Q2 FY2025'],
  ],
  [
    '贵州茅台（SH:600519）：2025年一季报（截至 2025-03-31）经营现金流 147.7亿元，同比+251.4%；资产负债率 18.3%（总资产 2205.2亿元）。',
    [
      'SH:600519 operating_cash_flow level 14770000000 amount CNY Q1 FY2025',
      'SH:600519 operating_cash_flow yoy_growth 251.4 percent Q1 FY2025',
      'SH:600519 debt_to_assets level 18.3 percent Q1 FY2025',
      'SH:600519 total_assets level 220520000000 amount CNY Q1 FY2025',
    ],
  ],
  [
    '宁德时代：2025年一季报毛利率 23.6%（同比+0.2个百分点），净利率（归母） 10.6%（同比+0.9个百分点）。主要变化来自：研发费用占营收5.6%（+0.6个百分点）。收入以动力电池系统为主（2024年年报占56.7%），其定价与成本决定整体毛利率。',
    [
      'SZ:300750 gross_margin level 23.6 percent Q1 FY2025',
      'SZ:300750 gross_margin yoy_change 0.2 points Q1 FY2025',
      'SZ:300750 net_margin level 10.6 percent Q1 FY2025',
      'SZ:300750 net_margin yoy_change 0.9 points Q1 FY2025',
      'SZ:300750 rnd_ratio level 5.6 percent Q1 FY2025',
      'SZ:300750 rnd_ratio yoy_change 0.6 points Q1 FY2025',
    ],
  ],
  [
    '英伟达（US:NVDA）：2026财年第一季度（截至 2025-04-30）营业收入 543.9亿美元，同比+9.2%；毛利率 73.4%（同比−3.4个百分点）。',
    [
      'US:NVDA revenue level 54390000000 amount USD Q1 FY2026',
      'US:NVDA revenue yoy_growth 9.2 percent Q1 FY2026',
      'US:NVDA gross_margin level 73.4 percent Q1 FY2026',
      'US:NVDA gross_margin yoy_change -3.4 points Q1 FY2026',
    ],
  ],
  [
    '苹果：2025财年第二季度归母净利润 176.0亿美元，同比+20.4%。',
    [
      'US:AAPL net_profit_to_owners level 17600000000 amount USD Q2 FY2025',
      'US:AAPL net_profit_to_owners yoy_growth 20.4 percent Q2 FY2025',
    ],
  ],
  [
    '英伟达：估值偏高（市盈率46.1倍）；营业利润率下降至59.7%（−3.5个百分点）。',
    ['US:NVDA operating_margin level 59.7 percent none', 'US:NVDA operating_margin yoy_change -3.5 points none'],
  ],
  // Hand-written, as analysts' agents write.
  [
    'Revenue rose 9% to $54.4 billion in the first quarter of fiscal 2026 for NVIDIA.',
    ['US:NVDA revenue yoy_growth 9 percent Q1 FY2026', 'US:NVDA revenue level 54400000000 amount USD Q1 FY2026'],
  ],
  [
    '比亚迪2024年营收7771亿元，较上年增长29%，毛利率19.4%，较上年提高1.4个百分点。',
    [
      'SZ:002594 revenue level 777100000000 amount CNY FY2024 cal',
      'SZ:002594 revenue yoy_growth 29 percent FY2024 cal',
      'SZ:002594 gross_margin level 19.4 percent FY2024 cal',
      'SZ:002594 gross_margin yoy_change 1.4 points FY2024 cal',
    ],
  ],
  [
    '比亚迪2024年营收7771亿元，上年同期为6023亿元，同比增长29%。',
    ['SZ:002594 revenue level 777100000000 amount CNY FY2024 cal', 'SZ:002594 revenue yoy_growth 29 percent FY2024 cal'],
  ],
  [
    'AMD: revenue of USD 25.8bn in FY2024, up from USD 22.7bn a year earlier, +14% on a year earlier.',
    ['US:AMD revenue level 25800000000 amount USD FY2024', 'US:AMD revenue yoy_growth 14 percent FY2024'],
  ],
  [
    'NVIDIA revenue rose 9% to $54.4 billion in the first quarter of fiscal 2026.',
    ['US:NVDA revenue yoy_growth 9 percent Q1 FY2026', 'US:NVDA revenue level 54400000000 amount USD Q1 FY2026'],
  ],
  [
    '贵州茅台2024年营业收入1,741.4亿元，同比增长15.7%。',
    ['SH:600519 revenue level 174140000000 amount CNY FY2024 cal', 'SH:600519 revenue yoy_growth 15.7 percent FY2024 cal'],
  ],
  ['比亚迪2024年三季报归母净利润同比下降3.4%。', ['SZ:002594 net_profit_to_owners yoy_growth -3.4 percent 9M FY2024']],
  [
    "AMD's net income was $1.2bn in FY2024 and $0.9bn in FY2023.",
    ['US:AMD net_profit level 1200000000 amount USD FY2024', 'US:AMD net_profit level 900000000 amount USD FY2023'],
  ],
  [
    'For FY2024, Apple reported diluted EPS of $6.08 and gross margin of 46.2%.',
    ['US:AAPL eps_diluted level 6.08 per_share USD FY2024', 'US:AAPL gross_margin level 46.2 percent FY2024'],
  ],
  ['苹果2024财年每股收益6.11美元。', ['US:AAPL eps_basic level 6.11 per_share USD FY2024']],
  [
    'Tencent: revenue of RMB 660.3 billion in 2024, up 8% year over year.',
    ['HK:00700 revenue level 660300000000 amount CNY FY2024 cal', 'HK:00700 revenue yoy_growth 8 percent FY2024 cal'],
  ],
  [
    '腾讯控股2024年毛利率为52.9%，同比提升4.8个百分点。',
    ['HK:00700 gross_margin level 52.9 percent FY2024 cal', 'HK:00700 gross_margin yoy_change 4.8 points FY2024 cal'],
  ],
  [
    'NVIDIA: Revenue was $26.0 billion in Q1 FY2025, up 18% from Q4 and up 262% from a year ago. Gross margin expanded 120 basis points to 78.4%; GAAP earnings per diluted share were $5.98.',
    [
      'US:NVDA revenue level 26000000000 amount USD Q1 FY2025',
      'US:NVDA gross_margin yoy_change 1.2 points Q1 FY2025',
      'US:NVDA gross_margin level 78.4 percent Q1 FY2025',
      'US:NVDA eps_diluted level 5.98 per_share USD Q1 FY2025',
    ],
  ],
  [
    '贵州茅台：2024年营收同比增长15.7%至1,741.4亿元；毛利率为91.9%，较上年同期提升0.2个百分点；基本每股收益68.64元。',
    [
      'SH:600519 revenue yoy_growth 15.7 percent FY2024 cal',
      'SH:600519 revenue level 174140000000 amount CNY FY2024 cal',
      'SH:600519 gross_margin level 91.9 percent FY2024 cal',
      'SH:600519 gross_margin yoy_change 0.2 points FY2024 cal',
      'SH:600519 eps_basic level 68.64 per_share CNY FY2024 cal',
    ],
  ],
  [
    'AMD: EPS rose 12% to $1.23 in FY2024.',
    ['US:AMD eps_basic yoy_growth 12 percent FY2024', 'US:AMD eps_basic level 1.23 per_share USD FY2024'],
  ],
  [
    'AMD: revenue was USD 25.8bn in FY2024, and net income USD 1.6bn.',
    ['US:AMD revenue level 25800000000 amount USD FY2024', 'US:AMD net_profit level 1600000000 amount USD FY2024'],
  ],
  ['NVIDIA: in Q1 FY2026 its gross margin was $73.4 billion.', ['US:NVDA gross_margin level 73400000000 amount USD Q1 FY2026']],
  [
    '2025年一季度，贵州茅台营业收入810.6亿元，毛利率92.7亿元。',
    ['SH:600519 revenue level 81060000000 amount CNY Q1 FY2025 cal', 'SH:600519 gross_margin level 9270000000 amount CNY Q1 FY2025 cal'],
  ],
  [
    'Microsoft’s revenue for 9M FY2025 (the nine months to March 2025) was $291.9 billion, up 3.7%.',
    ['US:MSFT revenue level 291900000000 amount USD 9M FY2025', 'US:MSFT revenue yoy_growth 3.7 percent 9M FY2025'],
  ],
  [
    'Microsoft ended Q3 FY2025 with $74.0 billion in cash and equivalents and total assets of $391.6 billion.',
    ['US:MSFT cash level 74000000000 amount USD Q3 FY2025', 'US:MSFT total_assets level 391600000000 amount USD Q3 FY2025'],
  ],
  [
    'CATL’s total liabilities were RMB 308.9 billion at the end of Q1 2025.',
    ['SZ:300750 total_liabilities level 308900000000 amount CNY Q1 FY2025 cal'],
  ],
  [
    'Tesla generated operating cash flow of $5.26 billion in Q1 2025, against $1.59 billion in Q4 2024.',
    [
      'US:TSLA operating_cash_flow level 5260000000 amount USD Q1 FY2025 cal',
      'US:TSLA operating_cash_flow level 1590000000 amount USD Q4 FY2024 cal',
    ],
  ],
  [
    'BYD’s 9M 2024 revenue was RMB 413.2 billion (+6.3% YoY).',
    ['SZ:002594 revenue level 413200000000 amount CNY 9M FY2024 cal', 'SZ:002594 revenue yoy_growth 6.3 percent 9M FY2024 cal'],
  ],
  [
    '比亚迪2024年经营活动产生的现金流量净额为1164.4亿元，期末现金及现金等价物1376.3亿元。',
    ['SZ:002594 operating_cash_flow level 116440000000 amount CNY FY2024 cal', 'SZ:002594 cash level 137630000000 amount CNY FY2024 cal'],
  ],
  ['贵州茅台2024年归母净利润同比增加115.5亿元。', ['SH:600519 net_profit_to_owners yoy_change 11550000000 amount CNY FY2024 cal']],
  [
    'Meituan’s revenue for FY2024 came to RMB 260.27 billion, a 13.7% increase from a year earlier.',
    ['HK:03690 revenue level 260270000000 amount CNY FY2024', 'HK:03690 revenue yoy_growth 13.7 percent FY2024'],
  ],
  [
    'Xiaomi’s gross margin for Q1 2025 was 20.9%, up from 20.5% in Q4 2024.',
    ['HK:01810 gross_margin level 20.9 percent Q1 FY2025 cal', 'HK:01810 gross_margin level 20.5 percent Q4 FY2024 cal'],
  ],
  [
    'Apple’s total assets were $294.01 million at the end of Q2 FY2025, with liabilities at 30.7% of them.',
    ['US:AAPL total_assets level 294010000 amount USD Q2 FY2025', 'US:AAPL debt_to_assets level 30.7 percent Q2 FY2025'],
  ],
  ['Xiaomi’s gross margin was 20.9%, up from 20.5%.', ['HK:01810 gross_margin level 20.9 percent none']],
  [
    'In Q2 FY2025, Apple’s operating margin was 33.3% and diluted EPS came in at $1.17.',
    ['US:AAPL operating_margin level 33.3 percent Q2 FY2025', 'US:AAPL eps_diluted level 1.17 per_share USD Q2 FY2025'],
  ],
  [
    'Xiaomi (HK:01810): in Q1 FY2025 (to 2025-03-31), operating cash flow of CNY 7.61bn, −26.9% on a year earlier; liabilities at 36.8% of total assets (CNY 231.28bn).',
    [
      'HK:01810 operating_cash_flow level 7610000000 amount CNY Q1 FY2025',
      'HK:01810 operating_cash_flow yoy_growth -26.9 percent Q1 FY2025',
      'HK:01810 debt_to_assets level 36.8 percent Q1 FY2025',
      'HK:01810 total_assets level 231280000000 amount CNY Q1 FY2025',
    ],
  ],
  [
    '美团（HK:03690）：2025年一季报（截至 2025-03-31）现金及等价物 211.2亿元，占总资产 11.0%，同比+6.3%；股价 102.97港元（2025-06-30），近1年+21.8%。',
    ['HK:03690 cash level 21120000000 amount CNY Q1 FY2025', 'HK:03690 cash yoy_growth 6.3 percent Q1 FY2025'],
  ],
];

/** Texts whose numbers are no figure of a company's statements. */
const NONE: ReadonlyArray<[string, string]> = [
  ['a share of revenue', 'NVIDIA: Data Center brings 59.9% of revenue (FY2025), so its pricing and costs set the gross margin.'],
  ['a segment share in Chinese', '贵州茅台：茅台酒占营收67.5%，收入集中。'],
  ['a segment revenue', 'AMD: Data Center revenue was USD 3.7bn in FY2024.'],
  ['a segment revenue in Chinese', '贵州茅台：2024年茅台酒收入1200亿元。'],
  ['a share price', 'Tencent: shares at HKD 775.29 on 2025-06-30, +53.0% over a year.'],
  ['an index level', 'Hang Seng (HSI) closed at 19609.7 on 2025-06-30, +13.0% over the past year.'],
  ['a guidance', 'NVIDIA expects revenue of USD 45bn in Q2 FY2026.'],
  ['a forecast in Chinese', '贵州茅台预计2025年营业收入将增长9%。'],
  ['a prior-year comparison', 'AMD: in FY2024 revenue rose, up from USD 22.7bn a year earlier.'],
  ['two metrics and two values', 'NVIDIA: revenue and net income of USD 54bn and USD 20bn in Q1 FY2026.'],
  ['a percent for cash', 'Tencent: cash is 20.1% of total assets.'],
  ['an amount change with no year', 'NVIDIA: revenue rose USD 5bn in Q1 FY2026.'],
  ['free cash flow', 'NVIDIA generated free cash flow of USD 26bn in Q1 FY2026.'],
  ['adjusted profit', 'Tencent: adjusted net income of RMB 61bn in Q1 FY2025.'],
  ['no company', 'Revenue of USD 54.39bn in Q1 FY2026.'],
  ['a relative change of a margin', 'NVIDIA: gross margin 73.4%, +2% on a year earlier in Q1 FY2026.'.replace('73.4%, ', '')],
  ['a sequential change', 'NVIDIA: revenue rose 9% quarter-on-quarter in Q1 FY2026.'],
  ['a segment named before the metric', "NVIDIA's Data Center segment generated revenue of USD 39.1bn in Q1 FY2026."],
  ['a business in Chinese', '比亚迪2024年汽车业务营收3000亿元。'],
  ['a region', 'AMD: revenue in China was USD 2bn in FY2024.'],
  ['a trailing twelve months', 'NVIDIA: trailing twelve-month revenue of USD 148bn.'],
  ['a multiple of another company', "NVIDIA: in Q1 FY2026 AMD's revenue is a third of NVIDIA's USD 54.39bn."],
  ['a beat of estimates', 'NVIDIA: in Q1 FY2026, revenue of USD 54.39bn beat estimates of USD 52bn.'],
  ['a lower bound', 'NVIDIA: in Q1 FY2026 revenue of over $50 billion.'],
  ['an approximation', 'NVIDIA: in Q1 FY2026 revenue was roughly $54 billion.'],
  ['a bound in Chinese', '贵州茅台2024年营业收入超过1700亿元。'],
  ['an approximation in Chinese', '贵州茅台2024年营业收入1700亿元左右。'],
  ['a range', 'NVIDIA: in Q1 FY2026 revenue was between $50bn and $55bn.'],
  ['a range with to', 'NVIDIA: in Q1 FY2026 revenue was $50bn to $55bn.'],
  ['a range in Chinese', '贵州茅台2024年毛利率91%至92%。'],
  ['an amount too small for revenue', 'NVIDIA: in Q1 FY2026 revenue of $1.2.'],
  ['a count, not money', 'Tesla: sales volume of 1.8 million vehicles in 2024; 比亚迪2024年销量427万辆。'],
  [
    'a sequential growth',
    'NVIDIA: revenue of USD 26.0bn in Q1 FY2025; revenue was up 18% from Q4.'.replace('revenue of USD 26.0bn in Q1 FY2025; ', ''),
  ],
  ['a comparison in Chinese', '贵州茅台：2025年一季报经营现金流上年同期为42.0亿元。'],
  ['a share price in Chinese', '美团：股价 102.97港元（2025-06-30），近1年+21.8%。'],
  ['a 52-week fall', 'Xiaomi: shares 21.8% below their 52-week high.'],
  ['no metric in a trend line without a heading', 'NVIDIA: Q1 FY2026 USD 54.39bn (+9.2%), Q4 FY2025 USD 54.43bn (−7.0%)'],
];

describe('extractTextFigures', () => {
  it.each(CASES)('%s', (text, expected) => {
    expect(lines(text)).toEqual(expected);
  });

  it.each(NONE)('reads no figure from %s', (_why, text) => {
    expect(lines(text)).toEqual([]);
  });

  it('gives a heading metric to a trend line, and its brackets as growth when the text says so', () => {
    const text = 'NVIDIA: Q1 FY2026 USD 54.39bn (+9.2%), Q4 FY2025 USD 54.43bn (−7.0%) (growth on a year earlier in brackets)';
    expect(lines(text, { metric: 'revenue' })).toEqual([
      'US:NVDA revenue level 54390000000 amount USD Q1 FY2026',
      'US:NVDA revenue yoy_growth 9.2 percent Q1 FY2026',
      'US:NVDA revenue level 54430000000 amount USD Q4 FY2025',
      'US:NVDA revenue yoy_growth -7 percent Q4 FY2025',
    ]);
    expect(lines(text.replace(' (growth on a year earlier in brackets)', ''), { metric: 'revenue' })).toEqual([
      'US:NVDA revenue level 54390000000 amount USD Q1 FY2026',
      'US:NVDA revenue level 54430000000 amount USD Q4 FY2025',
    ]);
    expect(
      lines('宁德时代：2025年一季报 1609.3亿元 (+26.7%)，2024年第四季度 1614.8亿元 (+5.9%)（括号内为同比）', { metric: 'revenue' }),
    ).toEqual([
      'SZ:300750 revenue level 160930000000 amount CNY Q1 FY2025',
      'SZ:300750 revenue yoy_growth 26.7 percent Q1 FY2025',
      'SZ:300750 revenue level 161480000000 amount CNY Q4 FY2024 cal',
      'SZ:300750 revenue yoy_growth 5.9 percent Q4 FY2024 cal',
    ]);
  });

  it('takes the company and period of its place when the text names none', () => {
    const ctx = { company: 'US:AMD', period: { fiscalYear: 2025, kind: 'Q1' as const } };
    expect(lines('Gross margin 51.3% (+0.9 pts on a year earlier).', ctx)).toEqual([
      'US:AMD gross_margin level 51.3 percent Q1 FY2025',
      'US:AMD gross_margin yoy_change 0.9 points Q1 FY2025',
    ]);
  });

  it('gives each figure the offset of its value in the report and its value as written', () => {
    const text = 'NVIDIA: in Q1 FY2026, revenue of USD 54.39bn.';
    const [f] = extractTextFigures(text, 100, { companies });
    expect(f?.offset).toBe(100 + text.indexOf('USD 54.39bn'));
    expect(f?.written).toBe('USD 54.39bn');
    expect(f?.source).toBe('text');
    expect(f?.value.rounding).toBeCloseTo(0.005e9, 0);
  });

  it('drops two different values for one company, metric and period', () => {
    expect(lines('NVIDIA: in Q1 FY2026, revenue of USD 54.39bn, USD 44.1bn.')).toEqual([]);
  });
});
