/**
 * Two more frozen demo reports on margins (see demo-reports.ts for how they were made and what
 * is left unlabelled): Alibaba, whose fiscal year ends in March, and BYD in Chinese.
 */
import { readFileSync } from 'node:fs';
import { fig, type LabelledCase } from './labelled-case.js';

const report = (file: string): string => readFileSync(new URL(`./reports/${file}`, import.meta.url), 'utf8');

const A = 'HK:09988';
const B = 'SZ:002594';
const CNY = { currency: 'CNY' } as const;

/** One row of a period × margins table: revenue (as written), gross, operating and net margin. */
const marginRow = (symbol: string, period: string, revenue: string, gross: string, operating: string, net: string) => [
  fig(symbol, 'revenue', period, revenue, revenue.endsWith('bn') ? CNY : {}),
  fig(symbol, 'gross_margin', period, gross),
  fig(symbol, 'operating_margin', period, operating),
  fig(symbol, 'net_margin', period, net),
];

/** One row of a "% of revenue" table: this period, a year earlier, the change. */
const ratioRow = (symbol: string, metric: string, period: string, yearEarlier: string, now: string, before: string, change: string) => [
  fig(symbol, metric, period, now),
  fig(symbol, metric, yearEarlier, before),
  fig(symbol, `${metric}:c`, period, change),
];

export const DEMO_MARGIN_REPORT_CASES: LabelledCase[] = [
  {
    id: 'demo-alibaba-margins-earnings-en',
    lang: 'en',
    kind: 'demo-report',
    markdown: report('alibaba-margins-earnings.en.md'),
    expected: [
      // Key findings ("net profit" is the owners' profit here, as in the Tencent report)
      fig(A, 'gross_margin', 'Q4 2025', '39.2%'),
      fig(A, 'gross_margin:c', 'Q4 2025', '1.2pt'),
      fig(A, 'operating_margin', 'Q4 2025', '14.8%'),
      fig(A, 'operating_margin:c', 'Q4 2025', '4.2pt'),
      fig(A, 'net_margin', 'Q4 2025', '11.8%'),
      fig(A, 'net_profit', 'Q4 2025', '48.36bn', CNY),
      fig(A, 'net_profit:g', 'Q4 2025', '93.1%'),
      // Figures
      fig(A, 'net_profit_to_owners', 'Q4 2025', '48.36bn', CNY),
      fig(A, 'net_profit_to_owners', 'Q4 2024', '25.05bn', CNY),
      fig(A, 'net_margin', 'Q4 2025', '11.8%'),
      fig(A, 'net_margin', 'Q4 2024', '8.6%'),
      // What drives the margins
      fig(A, 'gross_margin', 'Q4 2025', '39.2%'),
      fig(A, 'gross_margin:c', 'Q4 2025', '1.2pt'),
      fig(A, 'operating_margin', 'Q4 2025', '14.8%'),
      fig(A, 'operating_margin:c', 'Q4 2025', '4.2pt'),
      fig(A, 'net_margin', 'Q4 2025', '11.8%'),
      fig(A, 'net_margin:c', 'Q4 2025', '3.2pt'),
      fig(A, 'cost_of_sales_ratio', 'Q4 2025', '60.8%'),
      fig(A, 'cost_of_sales_ratio:c', 'Q4 2025', '-1.2pt'),
      fig(A, 'rnd_ratio', 'Q4 2025', '6.5%'),
      fig(A, 'rnd_ratio:c', 'Q4 2025', '-1.1pt'),
      ...marginRow(A, 'Q4 2025', '411.43bn', '39.2%', '14.8%', '11.8%'),
      ...marginRow(A, 'Q3 2025', '379.30bn', '39.9%', '16.5%', '13.0%'),
      ...marginRow(A, 'Q2 2025', '261.16bn', '38.9%', '12.6%', '9.8%'),
      ...marginRow(A, 'Q1 2025', '234.21bn', '39.6%', '17.2%', '13.3%'),
      ...marginRow(A, 'Q4 2024', '292.67bn', '38.0%', '10.6%', '8.6%'),
      ...ratioRow(A, 'cost_of_sales_ratio', 'Q4 2025', 'Q4 2024', '60.8%', '62.0%', '-1.2pt'),
      ...ratioRow(A, 'rnd_ratio', 'Q4 2025', 'Q4 2024', '6.5%', '7.6%', '-1.1pt'),
      ...ratioRow(A, 'selling_ratio', 'Q4 2025', 'Q4 2024', '14.2%', '14.9%', '-0.7pt'),
      ...ratioRow(A, 'admin_ratio', 'Q4 2025', 'Q4 2024', '4.7%', '5.3%', '-0.6pt'),
      ...ratioRow(A, 'operating_margin', 'Q4 2025', 'Q4 2024', '14.8%', '10.6%', '4.2pt'),
    ],
  },
  {
    id: 'demo-byd-margins-zh',
    lang: 'zh',
    kind: 'demo-report',
    markdown: report('byd-margins.zh.md'),
    expected: [
      // 核心结论
      fig(B, 'gross_margin', 'Q1 2025', '20.2%'),
      fig(B, 'gross_margin:c', 'Q1 2025', '0.1pt'),
      fig(B, 'operating_margin', 'Q1 2025', '9.2%'),
      fig(B, 'operating_margin:c', 'Q1 2025', '0.2pt'),
      fig(B, 'net_margin', 'Q1 2025', '7.7%'),
      // 利润率驱动因素
      fig(B, 'gross_margin', 'Q1 2025', '20.2%'),
      fig(B, 'gross_margin:c', 'Q1 2025', '0.1pt'),
      fig(B, 'operating_margin', 'Q1 2025', '9.2%'),
      fig(B, 'operating_margin:c', 'Q1 2025', '0.2pt'),
      fig(B, 'net_margin', 'Q1 2025', '7.7%'),
      fig(B, 'net_margin:c', 'Q1 2025', '0.4pt'),
      fig(B, 'rnd_ratio', 'Q1 2025', '6.2%'),
      fig(B, 'rnd_ratio:c', 'Q1 2025', '0.2pt'),
      fig(B, 'cost_of_sales_ratio', 'Q1 2025', '79.8%'),
      fig(B, 'cost_of_sales_ratio:c', 'Q1 2025', '-0.1pt'),
      ...marginRow(B, 'Q1 2025', '1604.0亿', '20.2%', '9.2%', '7.7%'),
      ...marginRow(B, 'Q4 2024', '1608.4亿', '20.2%', '9.5%', '7.9%'),
      ...marginRow(B, 'Q3 2024', '1625.7亿', '20.4%', '10.3%', '8.2%'),
      ...marginRow(B, 'Q2 2024', '1281.2亿', '20.4%', '8.9%', '7.2%'),
      ...marginRow(B, 'Q1 2024', '1225.5亿', '20.1%', '9.0%', '7.3%'),
      ...ratioRow(B, 'cost_of_sales_ratio', 'Q1 2025', 'Q1 2024', '79.8%', '79.9%', '-0.1pt'),
      ...ratioRow(B, 'rnd_ratio', 'Q1 2025', 'Q1 2024', '6.2%', '6.0%', '0.2pt'),
      ...ratioRow(B, 'selling_ratio', 'Q1 2025', 'Q1 2024', '3.6%', '3.7%', '-0.1pt'),
      ...ratioRow(B, 'admin_ratio', 'Q1 2025', 'Q1 2024', '2.5%', '2.4%', '0.1pt'),
      ...ratioRow(B, 'operating_margin', 'Q1 2025', 'Q1 2024', '9.2%', '9.0%', '0.2pt'),
    ],
  },
];
