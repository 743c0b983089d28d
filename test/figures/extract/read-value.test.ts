import { describe, expect, it } from 'vitest';
import { readValues } from '../../../src/figures/extract/read-value.js';

/** [text, written, value, unit, currency, rounding, measure] of the one value the text holds. */
const ONE_VALUE: ReadonlyArray<[string, string, number, string, string | undefined, number, string | undefined]> = [
  ['revenue of USD 54.39bn', 'USD 54.39bn', 54_390_000_000, 'amount', 'USD', 5_000_000, undefined],
  ['revenue of $54.4 billion', '$54.4 billion', 54_400_000_000, 'amount', 'USD', 50_000_000, undefined],
  ['revenue of US$54.4bn', 'US$54.4bn', 54_400_000_000, 'amount', 'USD', 50_000_000, undefined],
  ['revenue of 54,390 million', '54,390 million', 54_390_000_000, 'amount', undefined, 500_000, undefined],
  ['revenue of CNY 429.85bn', 'CNY 429.85bn', 429_850_000_000, 'amount', 'CNY', 5_000_000, undefined],
  ['revenue of RMB 429.85 billion', 'RMB 429.85 billion', 429_850_000_000, 'amount', 'CNY', 5_000_000, undefined],
  ['revenue of 429.85 billion yuan', '429.85 billion yuan', 429_850_000_000, 'amount', 'CNY', 5_000_000, undefined],
  ['经营现金流 147.7亿元', '147.7亿元', 14_770_000_000, 'amount', 'CNY', 5_000_000, undefined],
  ['营业收入1,234.5亿美元', '1,234.5亿美元', 123_450_000_000, 'amount', 'USD', 5_000_000, undefined],
  ['总资产2.3万亿元', '2.3万亿元', 2_300_000_000_000, 'amount', 'CNY', 50_000_000_000, undefined],
  ['净利润5000万元', '5000万元', 50_000_000, 'amount', 'CNY', 5_000, undefined],
  ['收入30亿港元', '30亿港元', 3_000_000_000, 'amount', 'HKD', 50_000_000, undefined],
  ['收入 147.7亿', '147.7亿', 14_770_000_000, 'amount', undefined, 5_000_000, undefined],
  ['人民币147.7亿元', '人民币147.7亿元', 14_770_000_000, 'amount', 'CNY', 5_000_000, undefined],
  ['shares at HK$775.29', 'HK$775.29', 775.29, 'amount', 'HKD', 0.005, undefined],
  ['shares at HKD 775.29', 'HKD 775.29', 775.29, 'amount', 'HKD', 0.005, undefined],
  ['capex of $3.2 trillion', '$3.2 trillion', 3_200_000_000_000, 'amount', 'USD', 50_000_000_000, undefined],
  ['market value of $3.2T', '$3.2T', 3_200_000_000_000, 'amount', 'USD', 50_000_000_000, undefined],
  ['revenue of $54.4B', '$54.4B', 54_400_000_000, 'amount', 'USD', 50_000_000, undefined],
  ['cash of $120m', '$120m', 120_000_000, 'amount', 'USD', 500_000, undefined],
  ['gross margin 73.4%', '73.4%', 73.4, 'percent', undefined, 0.05, undefined],
  ['gross margin 73.4 percent', '73.4 percent', 73.4, 'percent', undefined, 0.05, undefined],
  ['revenue, +9.2% on a year earlier', '+9.2%', 9.2, 'percent', undefined, 0.05, 'yoy_growth'],
  ['经营现金流同比+251.4%', '+251.4%', 251.4, 'percent', undefined, 0.05, 'yoy_growth'],
  ['营收同比增长15.7%', '增长15.7%', 15.7, 'percent', undefined, 0.05, 'yoy_growth'],
  ['净利润同比下降3.4%', '下降3.4%', -3.4, 'percent', undefined, 0.05, 'yoy_growth'],
  ['Revenue rose 9% to', 'rose 9%', 9, 'percent', undefined, 0.5, 'yoy_growth'],
  ['net income fell 12.5%', 'fell 12.5%', -12.5, 'percent', undefined, 0.05, 'yoy_growth'],
  ['cash −14.2% on a year earlier', '−14.2%', -14.2, 'percent', undefined, 0.05, 'yoy_growth'],
  ['R&D fell to 23.5% of revenue', '23.5%', 23.5, 'percent', undefined, 0.05, undefined],
  ['营业利润率下降至59.7%', '59.7%', 59.7, 'percent', undefined, 0.05, undefined],
  ['gross margin (−3.4 pts on a year earlier)', '−3.4 pts', -3.4, 'points', undefined, 0.05, 'yoy_change'],
  ['gross margin -3.4 percentage points', '-3.4 percentage points', -3.4, 'points', undefined, 0.05, 'yoy_change'],
  ['毛利率同比下降3.4个百分点', '下降3.4个百分点', -3.4, 'points', undefined, 0.05, 'yoy_change'],
  ['毛利率（同比+0.2个百分点）', '+0.2个百分点', 0.2, 'points', undefined, 0.05, 'yoy_change'],
  ['EPS USD 1.23 per share', 'USD 1.23', 1.23, 'per_share', 'USD', 0.005, undefined],
  ['EPS of $1.23', '$1.23', 1.23, 'per_share', 'USD', 0.005, undefined],
  ['diluted EPS of 1.23', '1.23', 1.23, 'per_share', undefined, 0.005, undefined],
  ['每股收益1.23元', '1.23元', 1.23, 'per_share', 'CNY', 0.005, undefined],
  ['shares +53.0% over a year', '+53.0%', 53, 'percent', undefined, 0.05, undefined],
  ['gross margin expanded 120 basis points to', 'expanded 120 basis points', 1.2, 'points', undefined, 0.005, 'yoy_change'],
  ['gross margin fell 35 bps', 'fell 35 bps', -0.35, 'points', undefined, 0.005, 'yoy_change'],
  ['GAAP earnings per diluted share were $5.16', '$5.16', 5.16, 'per_share', 'USD', 0.005, undefined],
  ['revenue up 18% from Q4', 'up 18%', 18, 'percent', undefined, 0.5, undefined],
  ['revenue up 262% from a year ago', 'up 262%', 262, 'percent', undefined, 0.5, 'yoy_growth'],
  ['营收环比增长5%', '增长5%', 5, 'percent', undefined, 0.5, undefined],
  ['归母净利润同比增加115.5亿元', '增加115.5亿元', 11_550_000_000, 'amount', 'CNY', 5_000_000, 'yoy_change'],
  ['net income fell $2.0 billion year over year', 'fell $2.0 billion', -2_000_000_000, 'amount', 'USD', 50_000_000, 'yoy_change'],
  ['revenue, a 13.7% increase from a year earlier', '13.7% increase', 13.7, 'percent', undefined, 0.05, 'yoy_growth'],
  ['net income, a 5% decline year over year', '5% decline', -5, 'percent', undefined, 0.5, 'yoy_growth'],
  ['a 3% drop', '3%', 3, 'percent', undefined, 0.5, undefined],
  ['gross margin up 2 pts quarter-on-quarter', 'up 2 pts', 2, 'points', undefined, 0.5, undefined],
];

/** Numbers that are not values of a figure. */
const NO_VALUE: readonly string[] = [
  'in Q1 FY2026 (to 2025-04-30)',
  '2024年, FY2025, fiscal 2024',
  'over 8 quarters',
  'a rich valuation (P/E 46.1)',
  '市盈率46.1倍',
  'Hang Seng closed at 19609.7 on 2025-06-30',
  '9M FY2025 and 3Q24',
  '4K screens and 5G phones',
  'Form 10-K for 2024',
  'EPS in 2025',
  '截至2025年3月31日',
  'deliveries of 1.8 million vehicles',
  '月活跃用户13.8亿人',
  '销量427万辆',
  'revenue rose USD 5bn',
  '营收增长5亿元',
];

describe('readValues', () => {
  it.each(ONE_VALUE)('%s', (text, written, value, unit, currency, rounding, measure) => {
    const found = readValues(text);
    expect(found).toHaveLength(1);
    const [v] = found;
    expect(v?.written).toBe(written);
    expect(v?.value.value).toBeCloseTo(value, 6);
    expect(v?.value.unit).toBe(unit);
    expect(v?.value.currency).toBe(currency);
    expect(v?.value.rounding).toBeCloseTo(rounding, 9);
    expect(v?.measure).toBe(measure);
    expect(text.slice(v?.index, (v?.index ?? 0) + (v?.length ?? 0))).toBe(written);
  });

  it.each(NO_VALUE)('finds no value in %s', (text) => {
    expect(readValues(text)).toEqual([]);
  });

  it('keeps the currency after a period glued to a number', () => {
    const found = readValues('Q1 FY2026 USD 54.39bn (+9.2%), Q4 FY2025 USD 54.43bn (−7.0%)');
    expect(found.map((v) => v.written)).toEqual(['USD 54.39bn', '+9.2%', 'USD 54.43bn', '−7.0%']);
    expect(found[2]?.value.currency).toBe('USD');
  });

  it('reads every value of a sentence, in order', () => {
    const text = '资产负债率 18.3%（总资产 2205.2亿元），经营现金流 147.7亿元，同比+251.4%';
    expect(readValues(text).map((v) => [v.written, v.value.unit])).toEqual([
      ['18.3%', 'percent'],
      ['2205.2亿元', 'amount'],
      ['147.7亿元', 'amount'],
      ['+251.4%', 'percent'],
    ]);
  });

  it('does not read a range as a negative number', () => {
    expect(readValues('margins of 3-5%').some((v) => v.value.value < 0)).toBe(false);
  });
});
