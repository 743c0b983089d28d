/**
 * What a research question asks about, apart from whom (pure): the metrics (cash position,
 * margins, revenue mix, price moves, …), whether it compares, which period, and whether it
 * refers back to an earlier turn ("what about its margins?", "and last year?", "那五粮液呢？").
 */
export type Metric = 'cash' | 'cash_flow' | 'balance' | 'revenue' | 'mix' | 'margins' | 'earnings' | 'price' | 'valuation' | 'risks';

export type PeriodHint = { kind: 'latest' } | { kind: 'last_year' } | { kind: 'fiscal_year'; year: number };

export interface QuestionIntent {
  /** In a fixed order (METRIC_ORDER); empty when the question names none. */
  metrics: Metric[];
  comparison: boolean;
  period: PeriodHint;
  refersBack: boolean;
}

export const METRIC_ORDER: readonly Metric[] = [
  'revenue',
  'mix',
  'margins',
  'earnings',
  'cash',
  'cash_flow',
  'balance',
  'price',
  'valuation',
  'risks',
];

const METRIC_PATTERNS: Record<Metric, RegExp> = {
  cash: /\bcash\b(?!\s*flows?)|\bliquidity\b|现金(?!流)|货币资金|流动性/i,
  cash_flow: /\bcash\s*flows?\b|\bfree cash\b|\bfcf\b|现金流/i,
  balance: /balance sheet|\bleverage|\bdebt\b|\bliabilit|\bsolvency|\bassets\b|资产负债|负债|杠杆|偿债/i,
  revenue: /\brevenues?\b|\bsales\b|\btop line\b|\bgrowth\b|\bgrowing\b|营收|营业收入|收入|销售额|增长|增速/i,
  mix: /\bmix\b|\bsegments?\b|\bbreakdown\b|\bbusiness lines?\b|\bby (?:region|product|business)\b|收入结构|业务结构|收入构成|构成|分部|占比/i,
  margins: /\bmargins?\b|\bprofitab|\bcost (?:structure|base|lines?)\b|毛利|利润率|净利率|盈利能力|成本结构|费用率/i,
  earnings: /\bearnings\b|\bprofits?\b|\bnet income\b|\beps\b|净利润|利润(?!率)|业绩|每股收益/i,
  price:
    /\b(?:stock|share)s?\s*(?:price|performance|moves?)\b|\bprice moves?\b|\bshare price\b|\bstock\b|\brall(?:y|ied)\b|\bsell-?off\b|\bperform(?:ance|ed)?\b|股价|涨跌|涨幅|跌幅|走势|行情|表现/i,
  valuation: /\bvaluations?\b|\bp\/?e\b|\bmultiples?\b|\bmarket cap|\bexpensive\b|\bcheap\b|估值|市盈率|市净率|市值/i,
  risks: /\brisks?\b|\brisky\b|\bheadwinds?\b|\bthreats?\b|\bdownside\b|\bworr(?:y|ies)\b|\bconcerns?\b|风险|隐患|担忧|利空/i,
};

const COMPARISON =
  /\bvs\.?(?=\s|$)|\bversus\b|\bcompar(?:e|ed|ing|ison)\b|\bagainst\b|\bbetter\b|\bbigger\b|比较|对比|相比|哪个|哪家|谁更/i;
const LAST_YEAR =
  /\blast (?:fiscal )?year\b|\bprevious (?:fiscal )?year\b|\bprior year\b|\ba year (?:ago|earlier)\b|去年|上一年|上年|前一年/i;
const FISCAL_YEAR = /\b(?:FY\s?|fiscal (?:year )?)?(20\d\d)\b|(20\d\d)\s*(?:年|财年)/i;
const REFERS_BACK =
  /^\s*(?:and|also|what about|how about|same for|then)\b|\b(?:it|its|it's|they|their|them|this company|the company|that company|these|those)\b|^\s*(?:那|那么|还有|再看)|它|其|他们|该公司|这家|这两家|呢\s*[？?]?\s*$/i;

export function readQuestionIntent(question: string): QuestionIntent {
  const metrics = METRIC_ORDER.filter((m) => METRIC_PATTERNS[m].test(question));
  const year = FISCAL_YEAR.exec(question);
  const fiscalYear = Number(year?.[1] ?? year?.[2]);
  const period: PeriodHint = Number.isFinite(fiscalYear)
    ? { kind: 'fiscal_year', year: fiscalYear }
    : LAST_YEAR.test(question)
      ? { kind: 'last_year' }
      : { kind: 'latest' };
  return { metrics, comparison: COMPARISON.test(question), period, refersBack: REFERS_BACK.test(question) };
}
