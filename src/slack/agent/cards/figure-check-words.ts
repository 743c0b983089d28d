/**
 * The words of the "Figures checked" section under an agent answer (run-figure-check.ts), in the
 * answer's one language: the counts, the names of the metrics and statements, and how a figure
 * that could not be checked is explained. Kept apart from answer-words.ts, which holds the words
 * every answer has; these only appear when a report quotes figures.
 */
import type { FigureMeasure, FigureMetric, StatementKind } from '../../../figures/figure-types.js';
import type { AnswerLanguage } from '../../../language/answer-language.js';

export interface FigureCheckWords {
  heading: string;
  /** Every figure compared matches: "✓ All 12 figures checked match the company's statements". */
  allMatch(checked: number, companies: number): string;
  /** Some differ: "11 of 12 figures checked match the statements". */
  someMatch(matched: number, checked: number): string;
  /** After the warning lines shown: "and 3 more". */
  more(n: number): string;
  /** Figures read but not compared; `none` when no figure at all could be compared. */
  unchecked(n: number, none: boolean): string;
  report: string;
  statement: string;
  statementName: Record<StatementKind, string>;
  metric: Record<FigureMetric, string>;
  /** The metric as measured: "revenue", "revenue growth (y/y)", "gross margin change (y/y)". */
  measured(metric: string, measure: FigureMeasure): string;
  /** A change of a ratio, in points: "−3.40 pts" / "−3.40个百分点". */
  points(value: string): string;
  /** Money per share: "USD 2.45 per share" / "2.45美元/股". */
  perShare(value: string, currency: string | undefined): string;
}

const METRIC_EN: Record<FigureMetric, string> = {
  revenue: 'revenue',
  cost_of_sales: 'cost of sales',
  gross_profit: 'gross profit',
  operating_profit: 'operating profit',
  profit_before_tax: 'profit before tax',
  net_profit: 'net profit',
  net_profit_to_owners: 'net profit to owners',
  gross_margin: 'gross margin',
  operating_margin: 'operating margin',
  net_margin: 'net margin',
  cost_of_sales_ratio: 'cost of sales ratio',
  rnd_ratio: 'R&D ratio',
  admin_ratio: 'admin expense ratio',
  selling_ratio: 'selling expense ratio',
  eps_basic: 'basic EPS',
  eps_diluted: 'diluted EPS',
  operating_cash_flow: 'operating cash flow',
  investing_cash_flow: 'investing cash flow',
  financing_cash_flow: 'financing cash flow',
  cash: 'cash',
  total_assets: 'total assets',
  total_liabilities: 'total liabilities',
  total_equity: 'total equity',
  debt_to_assets: 'liabilities / assets',
};

const METRIC_ZH: Record<FigureMetric, string> = {
  revenue: '营业收入',
  cost_of_sales: '营业成本',
  gross_profit: '毛利',
  operating_profit: '营业利润',
  profit_before_tax: '利润总额',
  net_profit: '净利润',
  net_profit_to_owners: '归母净利润',
  gross_margin: '毛利率',
  operating_margin: '营业利润率',
  net_margin: '净利率',
  cost_of_sales_ratio: '营业成本率',
  rnd_ratio: '研发费用率',
  admin_ratio: '管理费用率',
  selling_ratio: '销售费用率',
  eps_basic: '基本每股收益',
  eps_diluted: '稀释每股收益',
  operating_cash_flow: '经营活动现金流',
  investing_cash_flow: '投资活动现金流',
  financing_cash_flow: '筹资活动现金流',
  cash: '货币资金',
  total_assets: '总资产',
  total_liabilities: '总负债',
  total_equity: '股东权益',
  debt_to_assets: '资产负债率',
};

const ZH_CURRENCY: Record<string, string> = { CNY: '元', RMB: '元', USD: '美元', HKD: '港元' };

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

const WORDS: Record<AnswerLanguage, FigureCheckWords> = {
  en: {
    heading: 'Figures checked',
    allMatch: (checked, companies) =>
      checked === 1
        ? `✓ The one figure checked matches the ${plural(companies, "company's", "companies'")} statements`
        : `✓ All ${checked} figures checked match the ${plural(companies, "company's", "companies'")} statements`,
    someMatch: (matched, checked) => `${matched} of ${checked} ${plural(checked, 'figure', 'figures')} checked match the statements`,
    more: (n) => `and ${n} more`,
    unchecked: (n, none) =>
      `${none ? 'No figure could be checked' : `${n} ${plural(n, 'figure', 'figures')} could not be checked`}: ` +
      'no period, another currency, or not in the statements',
    report: 'report',
    statement: 'statement',
    statementName: { income: 'income statement', balance_sheet: 'balance sheet', cash_flow: 'cash flow statement' },
    metric: METRIC_EN,
    measured: (metric, measure) =>
      measure === 'yoy_growth' ? `${metric} growth (y/y)` : measure === 'yoy_change' ? `${metric} change (y/y)` : metric,
    points: (value) => `${value} pts`,
    perShare: (value, currency) => `${currency ? `${currency} ` : ''}${value} per share`,
  },
  zh: {
    heading: '数据核对',
    allMatch: (checked) => `✓ 已核对${checked}个数据，均与公司财报一致`,
    someMatch: (matched, checked) => `已核对${checked}个数据，其中${matched}个与财报一致`,
    more: (n) => `另有${n}个不一致`,
    unchecked: (n, none) => `${none ? `${n}个数据均无法核对` : `另有${n}个数据无法核对`}：未注明报告期、币种不同或财报中没有`,
    report: '报告',
    statement: '财报',
    statementName: { income: '利润表', balance_sheet: '资产负债表', cash_flow: '现金流量表' },
    metric: METRIC_ZH,
    measured: (metric, measure) => (measure === 'yoy_growth' ? `${metric}同比` : measure === 'yoy_change' ? `${metric}同比变动` : metric),
    points: (value) => `${value}个百分点`,
    perShare: (value, currency) => `${value}${currency ? (ZH_CURRENCY[currency] ?? currency) : '元'}/股`,
  },
};

export function figureCheckWords(lang: AnswerLanguage): FigureCheckWords {
  return WORDS[lang];
}
