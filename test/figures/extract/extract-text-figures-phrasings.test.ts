/**
 * Phrasings a second held-out probe found missing (issue 30), each in Chinese and English, written
 * afresh (not the probe's sentences): metric words, periods written around the value, the amount
 * before its metric, and a year-on-year change after a sequential one. Beside each, the near
 * phrasing that must still give nothing (precision first).
 */
import { describe, expect, it } from 'vitest';
import { companyMatcher } from '../../../src/figures/extract/company-matcher.js';
import { extractTextFigures } from '../../../src/figures/extract/extract-text-figures.js';
import type { ExtractedFigure, KnownCompany } from '../../../src/figures/figure-types.js';

const KNOWN: readonly KnownCompany[] = [
  { symbol: 'US:AAPL', names: ['Apple', '苹果'] },
  { symbol: 'HK:09988', names: ['Alibaba', '阿里巴巴'] },
  { symbol: 'SH:600519', names: ['贵州茅台'] },
  { symbol: 'SZ:300750', names: ['CATL', '宁德时代'] },
];
const companies = companyMatcher('', KNOWN);

function line(f: ExtractedFigure): string {
  const p = f.period;
  const period = p ? `${p.kind === 'FY' ? '' : `${p.kind} `}FY${p.fiscalYear}${p.calendarYear ? ' cal' : ''}` : 'none';
  return `${f.symbol} ${f.metric} ${f.measure} ${f.value.value} ${f.value.unit} ${period}`;
}

const lines = (text: string) => extractTextFigures(text, 0, { companies }).map(line);

const CASES: ReadonlyArray<[string, string, string[]]> = [
  // Metric words.
  [
    '经营活动现金流净额',
    '宁德时代2024年经营活动现金流净额969.9亿元。',
    ['SZ:300750 operating_cash_flow level 96990000000 amount FY2024 cal'],
  ],
  ['经营性现金流净额', '贵州茅台2023年经营性现金流净额665.9亿元。', ['SH:600519 operating_cash_flow level 66590000000 amount FY2023 cal']],
  ['营业总收入', '贵州茅台2023年营业总收入1505.6亿元。', ['SH:600519 revenue level 150560000000 amount FY2023 cal']],
  [
    '归属于上市公司股东的净利润',
    '贵州茅台2023年归属于上市公司股东的净利润747.3亿元。',
    ['SH:600519 net_profit_to_owners level 74730000000 amount FY2023 cal'],
  ],
  ['total revenues', 'Apple posted total revenues of $90.8 billion in Q2 FY2024.', ['US:AAPL revenue level 90800000000 amount Q2 FY2024']],
  ['net sales', 'Apple net sales were $90.8 billion in Q2 FY2024.', ['US:AAPL revenue level 90800000000 amount Q2 FY2024']],
  // Periods.
  ['财年全年', '阿里巴巴2024财年全年营收9411.7亿元。', ['HK:09988 revenue level 941170000000 amount FY2024']],
  [
    'a bracket glossing the period with its months',
    'Alibaba’s Q2 FY2025 revenue (the September 2024 quarter) came to RMB 236.50 billion.',
    ['HK:09988 revenue level 236500000000 amount Q2 FY2025'],
  ],
  [
    'the gloss alone names no period',
    'Alibaba’s revenue (the September 2024 quarter) came to RMB 236.50 billion.',
    ['HK:09988 revenue level 236500000000 amount none'],
  ],
  [
    '（即…） glosses the period',
    '阿里巴巴2025财年第二季度（即2024年7-9月）营收2365.0亿元。',
    ['HK:09988 revenue level 236500000000 amount Q2 FY2025'],
  ],
  ['一季度末', '贵州茅台2024年一季度末货币资金为500.1亿元。', ['SH:600519 cash level 50010000000 amount Q1 FY2024 cal']],
  ['end-Q1', 'Apple’s cash stood at $28.2 billion at end-Q1 2024.', ['US:AAPL cash level 28200000000 amount Q1 FY2024 cal']],
  ['a date is no period', 'Apple had cash of $28.2 billion as of March 30, 2024.', ['US:AAPL cash level 28200000000 amount none']],
  ['截至某日 is no period', '截至2024年3月31日，贵州茅台货币资金为500.1亿元。', ['SH:600519 cash level 50010000000 amount none']],
  [
    'a quarter without a year',
    'Apple operating income was $27.9 billion in the March quarter.',
    ['US:AAPL operating_profit level 27900000000 amount none'],
  ],
  // The amount before its metric.
  [
    'generated … of',
    'In fiscal 2023, CATL generated RMB 92.8 billion of operating cash flow.',
    ['SZ:300750 operating_cash_flow level 92800000000 amount FY2023'],
  ],
  [
    'reported … in, period after the metric',
    'Apple reported $23.6 billion in net income in Q2 FY2024.',
    ['US:AAPL net_profit level 23600000000 amount Q2 FY2024'],
  ],
  ['a part after the metric is no total', 'In fiscal 2023, Apple generated $85.2 billion of net sales from its services business.', []],
  ['a region after the metric is no total', 'Apple generated $15.4 billion of net sales in China in Q2 FY2024.', []],
  [
    'ended … with, a date after',
    'Apple ended the quarter with $28.2 billion in cash as of March 30, 2024.',
    ['US:AAPL cash level 28200000000 amount none'],
  ],
  ['from a source is no total', 'In fiscal 2023, Apple generated $85.2 billion of net sales from iPhone.', []],
  // A year-on-year change after a sequential one.
  [
    '环比 then 同比',
    '宁德时代2024年第二季度实现营收869.9亿元，环比增长8.2%，同比下降13.2%。',
    ['SZ:300750 revenue level 86990000000 amount Q2 FY2024 cal', 'SZ:300750 revenue yoy_growth -13.2 percent Q2 FY2024 cal'],
  ],
  [
    '同比 then 环比',
    '宁德时代2024年第二季度实现营收869.9亿元，同比下降13.2%，环比增长8.2%。',
    ['SZ:300750 revenue level 86990000000 amount Q2 FY2024 cal', 'SZ:300750 revenue yoy_growth -13.2 percent Q2 FY2024 cal'],
  ],
  [
    '较上季度 then 同比',
    '宁德时代2024年第二季度实现营收869.9亿元，较上季度增长8.2%，同比下降13.2%。',
    ['SZ:300750 revenue level 86990000000 amount Q2 FY2024 cal', 'SZ:300750 revenue yoy_growth -13.2 percent Q2 FY2024 cal'],
  ],
  [
    'from the prior quarter, then from a year earlier',
    'Apple Q3 FY2024 net sales were $85.8 billion, down 5.4% from the prior quarter and up 4.9% from a year earlier.',
    ['US:AAPL revenue level 85800000000 amount Q3 FY2024', 'US:AAPL revenue yoy_growth 4.9 percent Q3 FY2024'],
  ],
  [
    'a bare change after a sequential one takes its sign: unread',
    'Apple Q3 FY2024 net sales were $85.8 billion, down 5.4% from the prior quarter and 4.9% from a year earlier.',
    ['US:AAPL revenue level 85800000000 amount Q3 FY2024'],
  ],
  ['环比 alone', '宁德时代2024年第二季度实现营收869.9亿元，环比增长8.2%。', ['SZ:300750 revenue level 86990000000 amount Q2 FY2024 cal']],
  [
    'sequentially then year over year',
    'Apple net sales were $85.8 billion in Q3 FY2024, down 5.4% sequentially, and up 4.9% year over year.',
    ['US:AAPL revenue level 85800000000 amount Q3 FY2024', 'US:AAPL revenue yoy_growth 4.9 percent Q3 FY2024'],
  ],
  [
    'a level before 环比 is kept',
    '贵州茅台2024年第二季度毛利率91.2%，环比提升。',
    ['SH:600519 gross_margin level 91.2 percent Q2 FY2024 cal'],
  ],
  // Changes written after the value, and a level of another explicit period.
  [
    'an increase from a year earlier',
    'Apple net sales were $90.8 billion in Q2 FY2024, a 4.3% decrease from a year earlier.',
    ['US:AAPL revenue level 90800000000 amount Q2 FY2024', 'US:AAPL revenue yoy_growth -4.3 percent Q2 FY2024'],
  ],
  [
    'up from another explicit period',
    'Apple’s gross margin was 46.6% in Q2 FY2024, up from 45.9% in Q1 FY2024.',
    ['US:AAPL gross_margin level 46.6 percent Q2 FY2024', 'US:AAPL gross_margin level 45.9 percent Q1 FY2024'],
  ],
  [
    'up from an unnamed period',
    'Apple’s gross margin was 46.6% in Q2 FY2024, up from 45.9% in the prior quarter.',
    ['US:AAPL gross_margin level 46.6 percent Q2 FY2024'],
  ],
];

describe('extractTextFigures: phrasings of the second held-out probe', () => {
  for (const [name, text, expected] of CASES) {
    it(name, () => {
      expect(lines(text)).toEqual(expected);
    });
  }
});
