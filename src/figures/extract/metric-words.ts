/**
 * The names of every FigureMetric in Chinese and English, found in a text; the longest name wins
 * (归母净利润 over 净利润, "gross margin" over "margin", 总资产收益率 over 总资产). Some words name
 * figures the statements do not hold (free cash flow, 扣非净利润, adjusted, P/E, guidance): they are
 * found too, as blockers, so that a value after them is never given to an earlier metric.
 */
import type { FigureMeasure, FigureMetric } from '../figure-types.js';

export interface MetricMatch {
  metric: FigureMetric;
  index: number;
  length: number;
  measure?: FigureMeasure;
}

/** A metric name or a blocker (metric undefined): what extract-text-figures reads. */
export interface MetricTerm {
  metric?: FigureMetric;
  measure?: FigureMeasure;
  index: number;
  length: number;
  /** The words as written. */
  text: string;
}

type Entry = readonly [FigureMetric | null, string, FigureMeasure?];

/** Each metric's names, separated by "|" (no name contains one). */
const ENTRIES: readonly Entry[] = [
  [
    'revenue',
    'revenue|revenues|total revenue|total revenues|net revenue|net revenues|sales|net sales|turnover|营业收入|营业总收入|营收|收入|总收入|总营收',
  ],
  [
    'revenue',
    'revenue growth|revenue growth (YoY)|sales growth|营收增速|营收同比|营收增长|营业收入同比|营业收入增速|收入增速|营收增长率|收入同比',
    'yoy_growth',
  ],
  ['cost_of_sales', 'cost of sales|cost of revenue|cost of revenues|cost of goods sold|COGS|营业成本'],
  ['cost_of_sales_ratio', 'cost of sales (% of revenue)|营业成本占营收|营业成本占营业收入|营业成本率'],
  ['gross_profit', 'gross profit|毛利|毛利润|毛利额'],
  ['operating_profit', 'operating profit|operating income|income from operations|营业利润|经营利润'],
  [
    'profit_before_tax',
    'profit before tax|pre-tax profit|pretax profit|pretax income|pre-tax income|income before taxes|income before income taxes|利润总额|税前利润',
  ],
  ['net_profit', 'net profit|net income|net earnings|profit for the period|净利润|净利'],
  [
    'net_profit_to_owners',
    'profit to owners|net profit to owners|net profit (owners)|net profit attributable to owners|net profit attributable to shareholders|' +
      'net income attributable to shareholders|profit attributable to owners|profit attributable to equity holders|' +
      'profit attributable to shareholders|归母净利润|归母净利|归属于母公司股东的净利润|归属于母公司所有者的净利润|归属于上市公司股东的净利润|归属母公司股东的净利润',
  ],
  ['gross_margin', 'gross margin|gross profit margin|gross margins|毛利率|销售毛利率'],
  ['operating_margin', 'operating margin|operating profit margin|operating margins|营业利润率|经营利润率'],
  [
    'net_margin',
    'net margin|net profit margin|net margins|net margin on profit to owners|net margin (profit to owners)|净利率|净利润率|销售净利率|净利率（归母）|净利率(归母)|归母净利率',
  ],
  [
    'rnd_ratio',
    'R&D|R&D (% of revenue)|R&D expenses|R&D spending|research and development|research and development expenses|' +
      '研发费用|研发费用率|研发费用占营收|研发投入占营收|研发费用占营业收入|研发投入',
  ],
  [
    'admin_ratio',
    'administrative expenses|administrative expenses (% of revenue)|admin expenses|G&A|general and administrative expenses|管理费用|管理费用率|管理费用占营收',
  ],
  [
    'selling_ratio',
    'selling expenses|selling expenses (% of revenue)|selling and marketing|sales and marketing|selling and distribution expenses|销售费用|销售费用率|销售费用占营收',
  ],
  ['eps_basic', 'EPS|basic EPS|earnings per share|basic earnings per share|每股收益|基本每股收益|每股盈利'],
  ['eps_diluted', 'diluted EPS|diluted earnings per share|earnings per diluted share|EPS (diluted)|稀释每股收益'],
  [
    'operating_cash_flow',
    'operating cash flow|cash flow from operations|cash from operations|cash flow from operating activities|net cash from operating activities|' +
      'net cash provided by operating activities|经营活动现金流|经营活动现金流量净额|经营活动产生的现金流量净额|经营现金流|经营性现金流|经营现金流量净额|经营活动净现金流|' +
      '经营活动现金流净额|经营性现金流净额|经营现金流净额|经营活动产生的现金流净额|经营活动现金净流量|经营性现金净流量',
  ],
  [
    'investing_cash_flow',
    'investing cash flow|cash flow from investing activities|net cash used in investing activities|投资活动现金流|投资现金流|投资活动产生的现金流量净额|投资活动现金流量净额|投资活动现金流净额',
  ],
  [
    'financing_cash_flow',
    'financing cash flow|cash flow from financing activities|net cash used in financing activities|筹资活动现金流|筹资现金流|融资现金流|筹资活动产生的现金流量净额|筹资活动现金流量净额|筹资活动现金流净额',
  ],
  ['cash', 'cash|cash and equivalents|cash and cash equivalents|cash & equivalents|现金及等价物|现金及现金等价物|现金|货币资金'],
  ['total_assets', 'total assets|总资产|资产总额|资产总计'],
  ['total_liabilities', 'total liabilities|liabilities|总负债|负债总额|负债合计'],
  [
    'total_equity',
    "equity|shareholders' equity|stockholders' equity|total equity|total shareholders' equity|股东权益|所有者权益|股东权益合计|净资产",
  ],
  [
    'debt_to_assets',
    'debt-to-assets|debt to assets|debt-to-asset ratio|debt-to-assets ratio|liabilities/assets|liabilities / assets|liability-to-asset ratio|liabilities-to-assets|资产负债率',
  ],
  // Blockers: figures the statements do not hold, prices, forecasts and parts of a whole.
  [
    null,
    'sales volume|sales volumes|unit sales|销量|交付量|cash / total assets|cash/total assets|cash to total assets|现金占总资产|adjusted net income|adjusted net profit|adjusted EPS|adjusted earnings|adjusted operating profit|non-GAAP net income|non-GAAP EPS|' +
      'non-GAAP gross margin|non-GAAP operating margin|non-IFRS net profit|non-IFRS operating profit|经调整净利润|调整后净利润|经调整经营利润|' +
      'free cash flow|FCF|capex|capital expenditure|capital expenditures|cash flow|cash flows|net cash|cash conversion|adjusted|non-GAAP|non-IFRS|' +
      'EBITDA|EBIT|ROE|ROA|return on equity|return on assets|market cap|market capitalisation|market capitalization|market value|' +
      'share price|stock price|shares|stock|dividend|dividends|buyback|buybacks|P/E|valuation|guidance|outlook|expects|expected|' +
      'forecast|forecasts|consensus|estimate|estimates|target|index|segment|of which|backlog|deliveries|1-year change|' +
      '自由现金流|资本开支|资本支出|现金流|现金流量|净现金|扣非净利润|扣非归母净利润|扣非|经调整|调整后|净资产收益率|总资产收益率|资产周转率|' +
      '市值|股价|股息|分红|回购|市盈率|市净率|估值|指引|预计|预期|预测|目标|一致预期|指数|其中|收盘|业务',
  ],
];

function normalise(words: string): string {
  return words.toLowerCase().replace(/\s+/g, ' ').replace(/’/g, "'");
}

const LOOKUP = new Map<string, Entry>();
for (const entry of ENTRIES) for (const w of entry[1].split('|')) LOOKUP.set(normalise(w), entry);

function termPattern(word: string): string {
  const escaped = word
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/ /g, '\\s+')
    .replace(/'/g, "['’]");
  // English words need word edges ("cash" not in "cashier", "EPS" not in "STEPS"); Chinese has none.
  const before = /^[A-Za-z]/.test(word) ? '(?<![A-Za-z])' : '';
  const after = /[A-Za-z]$/.test(word) ? '(?![A-Za-z])' : '';
  return `${before}${escaped}${after}`;
}

const ALL_WORDS = [...LOOKUP.keys()].sort((a, b) => b.length - a.length);
const TERMS = new RegExp(ALL_WORDS.map(termPattern).join('|'), 'gi');

/** Metric names and blockers, in the order written. */
export function readMetricTerms(text: string): MetricTerm[] {
  const out: MetricTerm[] = [];
  for (const m of text.matchAll(TERMS)) {
    const entry = LOOKUP.get(normalise(m[0]));
    if (!entry) continue;
    const term: MetricTerm = { index: m.index ?? 0, length: m[0].length, text: m[0] };
    if (entry[0]) term.metric = entry[0];
    if (entry[2]) term.measure = entry[2];
    out.push(term);
  }
  return out;
}

export function readMetrics(text: string): MetricMatch[] {
  const out: MetricMatch[] = [];
  for (const t of readMetricTerms(text)) {
    if (!t.metric) continue;
    const match: MetricMatch = { metric: t.metric, index: t.index, length: t.length };
    if (t.measure) match.measure = t.measure;
    out.push(match);
  }
  return out;
}
