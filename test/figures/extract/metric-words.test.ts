import { describe, expect, it } from 'vitest';
import { readMetrics, readMetricTerms } from '../../../src/figures/extract/metric-words.js';

/** [text, the metric of its one (longest) metric word, the words, measure]. */
const CASES: ReadonlyArray<[string, string, string, string | undefined]> = [
  ['2024年营业收入1,741.4亿元', 'revenue', '营业收入', undefined],
  ['营收 1609.3亿元', 'revenue', '营收', undefined],
  ['revenue of USD 54.39bn', 'revenue', 'revenue', undefined],
  ['Net sales were $95bn', 'revenue', 'Net sales', undefined],
  ['turnover rose', 'revenue', 'turnover', undefined],
  ['归母净利润 176.0亿美元', 'net_profit_to_owners', '归母净利润', undefined],
  ['净利润 176.0亿美元', 'net_profit', '净利润', undefined],
  ['net income of', 'net_profit', 'net income', undefined],
  ['Net profit (owners) USD 17.60bn', 'net_profit_to_owners', 'Net profit (owners)', undefined],
  ['profit to owners of', 'net_profit_to_owners', 'profit to owners', undefined],
  ['毛利率 73.4%', 'gross_margin', '毛利率', undefined],
  ['gross margin 73.4%', 'gross_margin', 'gross margin', undefined],
  ['营业利润率 59.7%', 'operating_margin', '营业利润率', undefined],
  ['operating margin 59.7%', 'operating_margin', 'operating margin', undefined],
  ['净利率 51.6%', 'net_margin', '净利率', undefined],
  ['净利率（归母） 10.6%', 'net_margin', '净利率（归母）', undefined],
  ['net margin on profit to owners 51.6%', 'net_margin', 'net margin on profit to owners', undefined],
  ['Net margin (profit to owners) 51.6%', 'net_margin', 'Net margin (profit to owners)', undefined],
  ['经营活动现金流 147.7亿元', 'operating_cash_flow', '经营活动现金流', undefined],
  ['经营现金流 147.7亿元', 'operating_cash_flow', '经营现金流', undefined],
  ['operating cash flow of', 'operating_cash_flow', 'operating cash flow', undefined],
  ['现金及等价物 281.8亿元', 'cash', '现金及等价物', undefined],
  ['cash and equivalents of CNY 282.99bn', 'cash', 'cash and equivalents', undefined],
  ['总资产 2205.2亿元', 'total_assets', '总资产', undefined],
  ['total assets of', 'total_assets', 'total assets', undefined],
  ['总负债 403.5亿元', 'total_liabilities', '总负债', undefined],
  ['股东权益 1801.6亿元', 'total_equity', '股东权益', undefined],
  ["shareholders' equity of", 'total_equity', "shareholders' equity", undefined],
  ['资产负债率 18.3%', 'debt_to_assets', '资产负债率', undefined],
  ['Liabilities / assets 40.2%', 'debt_to_assets', 'Liabilities / assets', undefined],
  ['debt-to-assets of 40%', 'debt_to_assets', 'debt-to-assets', undefined],
  ['EPS of USD 1.23', 'eps_basic', 'EPS', undefined],
  ['diluted EPS of USD 1.20', 'eps_diluted', 'diluted EPS', undefined],
  ['每股收益1.23元', 'eps_basic', '每股收益', undefined],
  ['Cost of sales (% of revenue) 26.6%', 'cost_of_sales_ratio', 'Cost of sales (% of revenue)', undefined],
  ['营业成本占营收26.6%', 'cost_of_sales_ratio', '营业成本占营收', undefined],
  ['R&D (% of revenue) 10.6%', 'rnd_ratio', 'R&D (% of revenue)', undefined],
  ['研发费用占营收5.6%', 'rnd_ratio', '研发费用占营收', undefined],
  ['管理费用占营收3.7%', 'admin_ratio', '管理费用占营收', undefined],
  ['销售费用占营收3.3%', 'selling_ratio', '销售费用占营收', undefined],
  ['sales and marketing expenses', 'selling_ratio', 'sales and marketing', undefined],
  ['Revenue growth (YoY) +9.2%', 'revenue', 'Revenue growth (YoY)', 'yoy_growth'],
  ['营收同比 +26.7%', 'revenue', '营收同比', 'yoy_growth'],
  ['营收增速 26.7%', 'revenue', '营收增速', 'yoy_growth'],
];

/** Words that name no statement figure: no metric, and a blocker in their place. */
const BLOCKERS: readonly string[] = [
  'free cash flow of USD 20bn',
  '自由现金流 100亿元',
  '扣非净利润 100亿元',
  'adjusted net income',
  '总资产收益率 12%',
  '净资产收益率 25%',
  'a rich valuation (P/E 46.1)',
  'shares at HKD 775.29',
  '股价 1500元',
  'guidance of USD 45bn',
];

describe('readMetrics', () => {
  it.each(CASES)('%s', (text, metric, words, measure) => {
    const found = readMetrics(text);
    expect(found).toHaveLength(1);
    expect(found[0]?.metric).toBe(metric);
    expect(found[0]?.measure).toBe(measure);
    expect(text.slice(found[0]?.index, (found[0]?.index ?? 0) + (found[0]?.length ?? 0))).toBe(words);
  });

  it.each(BLOCKERS)('names no metric in %s', (text) => {
    expect(readMetrics(text)).toEqual([]);
    expect(readMetricTerms(text).some((t) => t.metric === undefined)).toBe(true);
  });

  it('needs word edges in English', () => {
    expect(readMetrics('cashier STEPS salesforce')).toEqual([]);
  });

  it('reads several metrics of a sentence, in order', () => {
    const text =
      'gross margin 73.4%, operating margin 59.7%, net margin 51.6%; cash and equivalents of CNY 282.99bn, 20.1% of total assets';
    expect(readMetrics(text).map((m) => m.metric)).toEqual(['gross_margin', 'operating_margin', 'net_margin', 'cash', 'total_assets']);
  });
});
