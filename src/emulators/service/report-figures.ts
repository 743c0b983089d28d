/**
 * The figures of the demo agent's report for the metrics asked: one table (the period asked
 * against a year earlier for one company, or the companies side by side for a comparison) and
 * one sentence per company for the key findings.
 */
import type { PeriodFigures } from './company-figures.js';
import type { Metric } from './question-intent.js';
import { periodText } from './period-text.js';
import { amount, growth, type Lang, percent, price, share, signedPercent } from './report-format.js';
import type { FoundCompany } from './research-findings.js';

/** A statement figure of the key findings that a `[mistake]` run writes wrong (planted-mistake.ts picks it). */
export type PlantedMetric =
  | 'revenue'
  | 'cash'
  | 'operating_cash_flow'
  | 'total_assets'
  | 'net_profit'
  | 'gross_margin'
  | 'operating_margin';

export interface PlantedFigure {
  symbol: string;
  metric: PlantedMetric;
  /** Written instead of the statement's value. */
  writtenValue: number;
}

/** What a question naming no metric gets. */
export const OVERVIEW_METRICS: readonly Metric[] = ['revenue', 'margins', 'cash', 'price'];

interface Row {
  en: string;
  zh: string;
  /** A figure of a statement period (it has a year-earlier value), or one of today or of a comparison. */
  perPeriod: boolean;
  value: (c: FoundCompany, f: PeriodFigures | undefined, lang: Lang) => string;
}

const money =
  (pick: (f: PeriodFigures) => number | undefined) =>
  (c: FoundCompany, f: PeriodFigures | undefined, lang: Lang): string => {
    const v = f ? pick(f) : undefined;
    return v === undefined ? '—' : amount(v, c.currency, lang);
  };

const ROWS = {
  period: { en: 'Period', zh: '报告期', perPeriod: true, value: (_c, f, lang) => (f ? `${periodText(f.ref, lang)} (${f.end_date})` : '—') },
  cash: { en: 'Cash and equivalents', zh: '现金及等价物', perPeriod: true, value: money((f) => f.cash) },
  cashShare: {
    en: 'Cash / total assets',
    zh: '现金占总资产',
    perPeriod: true,
    value: (_c, f) => percent(f ? share(f.cash, f.total_assets) : undefined),
  },
  operatingCashFlow: { en: 'Operating cash flow', zh: '经营现金流', perPeriod: true, value: money((f) => f.operating_cash_flow) },
  assets: { en: 'Total assets', zh: '总资产', perPeriod: true, value: money((f) => f.total_assets) },
  liabilities: { en: 'Total liabilities', zh: '总负债', perPeriod: true, value: money((f) => f.total_liabilities) },
  leverage: {
    en: 'Liabilities / assets',
    zh: '资产负债率',
    perPeriod: true,
    value: (_c, f) => percent(f ? share(f.total_liabilities, f.total_assets) : undefined),
  },
  equity: { en: 'Total equity', zh: '股东权益合计', perPeriod: true, value: money((f) => f.total_shareholders_equity) },
  revenue: { en: 'Revenue', zh: '营业收入', perPeriod: true, value: money((f) => f.revenue) },
  revenueGrowth: {
    en: 'Revenue growth (YoY)',
    zh: '营收同比',
    perPeriod: false,
    value: (c) => signedPercent(growth(c.latest?.revenue, c.yearEarlier?.revenue)),
  },
  grossMargin: { en: 'Gross margin', zh: '毛利率', perPeriod: true, value: (_c, f) => percent(f?.gross_margin) },
  operatingMargin: { en: 'Operating margin', zh: '营业利润率', perPeriod: true, value: (_c, f) => percent(f?.operating_margin) },
  // The statements' net profit here is the owners' share: say so (minorities are left out).
  netMargin: { en: 'Net margin (profit to owners)', zh: '净利率（归母）', perPeriod: true, value: (_c, f) => percent(f?.net_margin) },
  netProfit: { en: 'Net profit (owners)', zh: '归母净利润', perPeriod: true, value: money((f) => f.net_profit) },
  topSegment: {
    en: 'Largest segment',
    zh: '第一大业务',
    perPeriod: false,
    value: (c) => {
      const top = c.mix?.segments.reduce((a, b) => (b.revenue > a.revenue ? b : a));
      return top ? `${top.name} (${percent(top.percent)})` : '—';
    },
  },
  close: {
    en: 'Share price',
    zh: '股价',
    perPeriod: false,
    value: (c, _f, lang) => (c.price ? `${price(c.price.close, c.price.currency, lang)} (${c.price.date})` : '—'),
  },
  change1m: { en: '1-month change', zh: '近1月涨跌', perPeriod: false, value: (c) => signedPercent(c.price?.change_1m) },
  change3m: { en: '3-month change', zh: '近3月涨跌', perPeriod: false, value: (c) => signedPercent(c.price?.change_3m) },
  change1y: { en: '1-year change', zh: '近1年涨跌', perPeriod: false, value: (c) => signedPercent(c.price?.change_1y) },
  range: {
    en: '52-week range',
    zh: '52周区间',
    perPeriod: false,
    value: (c) => (c.price ? `${c.price.low_1y.toFixed(2)} – ${c.price.high_1y.toFixed(2)}` : '—'),
  },
  pe: { en: 'P/E (TTM)', zh: '市盈率(TTM)', perPeriod: false, value: (c) => (c.price ? c.price.pe_ttm.toFixed(1) : '—') },
  marketCap: {
    en: 'Market cap',
    zh: '总市值',
    perPeriod: false,
    value: (c, _f, lang) => (c.price ? amount(c.price.market_cap, c.price.currency, lang) : '—'),
  },
} satisfies Record<string, Row>;

const METRIC_ROWS: Record<Metric, Row[]> = {
  cash: [ROWS.cash, ROWS.cashShare, ROWS.operatingCashFlow],
  cash_flow: [ROWS.operatingCashFlow, ROWS.cash],
  balance: [ROWS.assets, ROWS.liabilities, ROWS.leverage, ROWS.equity, ROWS.cash],
  revenue: [ROWS.revenue, ROWS.revenueGrowth],
  mix: [ROWS.topSegment],
  margins: [ROWS.grossMargin, ROWS.operatingMargin, ROWS.netMargin],
  earnings: [ROWS.netProfit, ROWS.netMargin],
  price: [ROWS.close, ROWS.change1m, ROWS.change3m, ROWS.change1y, ROWS.range],
  valuation: [ROWS.pe, ROWS.marketCap, ROWS.close],
  risks: [ROWS.revenueGrowth, ROWS.operatingMargin, ROWS.leverage, ROWS.operatingCashFlow, ROWS.change1y, ROWS.pe],
};

/** A question naming no metric: a compact overview. */
const OVERVIEW_ROWS: Row[] = [ROWS.revenue, ROWS.revenueGrowth, ROWS.grossMargin, ROWS.netMargin, ROWS.cash, ROWS.leverage, ROWS.change1y];

function rowsFor(metrics: readonly Metric[]): Row[] {
  return [...new Set([ROWS.period, ...(metrics.length === 0 ? OVERVIEW_ROWS : metrics.flatMap((m) => METRIC_ROWS[m]))])];
}

const escapeCell = (s: string): string => s.replace(/\|/g, '\\|');

/**
 * One company: the period asked and a year earlier; several: side by side. No metrics: an overview.
 */
export function figuresTable(companies: readonly FoundCompany[], metrics: readonly Metric[], lang: Lang): string {
  const zh = lang === 'zh';
  const rows = rowsFor(metrics);
  const line = (cells: string[]): string => `| ${cells.map(escapeCell).join(' | ')} |`;
  const only = companies.length === 1 ? companies[0] : undefined;
  if (only) {
    const head = line([zh ? '指标' : 'Metric', zh ? '本期' : 'Period asked', zh ? '上年同期' : 'A year earlier']);
    const body = rows.map((r) =>
      line([zh ? r.zh : r.en, r.value(only, only.latest, lang), r.perPeriod ? r.value(only, only.yearEarlier, lang) : '—']),
    );
    return [head, '|---|---:|---:|', ...body].join('\n');
  }
  const head = line([zh ? '指标' : 'Metric', ...companies.map((c) => `${c.name} (${c.symbol})`)]);
  const align = `|---|${companies.map(() => '---:').join('|')}|`;
  return [head, align, ...rows.map((r) => line([zh ? r.zh : r.en, ...companies.map((c) => r.value(c, c.latest, lang))]))].join('\n');
}

/** A change of a percentage: "+3.4 pts" / "+3.4个百分点". */
export function points(delta: number, lang: Lang): string {
  const v = `${delta >= 0 ? '+' : '−'}${Math.abs(Math.round(delta * 10) / 10).toFixed(1)}`;
  return lang === 'zh' ? `${v}个百分点` : `${v} pts`;
}

/**
 * One sentence of key findings for a company, about the metrics asked ('' when none of them gives
 * one). `plant` (a `[mistake]` run) writes that one figure wrong; the rest, yoy included, stays true.
 */
export function companyFinding(c: FoundCompany, metrics: readonly Metric[], lang: Lang, plant?: PlantedFigure): string {
  const zh = lang === 'zh';
  const f = c.latest;
  const shown = <T extends number | undefined>(metric: PlantedMetric, v: T): T =>
    (plant?.symbol === c.symbol && plant.metric === metric && v !== undefined ? plant.writtenValue : v) as T;
  const head = zh ? `**${c.name}**（\`${c.symbol}\`）` : `**${c.name}** (\`${c.symbol}\`)`;
  if (!f) return zh ? `${head}：演示数据中没有它的财务报表。` : `${head}: the demo data has no statements for it.`;
  const y = c.yearEarlier;
  const parts: string[] = [];
  const yoy = (now: number | undefined, then: number | undefined): string => {
    const g = growth(now, then);
    if (g === undefined) return '';
    return zh ? `，同比${signedPercent(g)}` : `, ${signedPercent(g)} on a year earlier`;
  };
  for (const m of metrics) {
    if (m === 'cash')
      parts.push(
        zh
          ? `现金及等价物 ${amount(shown('cash', f.cash), c.currency, lang)}，占总资产 ${percent(share(f.cash, f.total_assets))}${yoy(f.cash, y?.cash)}`
          : `cash and equivalents of ${amount(shown('cash', f.cash), c.currency, lang)}, ${percent(share(f.cash, f.total_assets))} of total assets${yoy(f.cash, y?.cash)}`,
      );
    if (m === 'cash_flow')
      parts.push(
        zh
          ? `经营现金流 ${amount(shown('operating_cash_flow', f.operating_cash_flow), c.currency, lang)}${yoy(f.operating_cash_flow, y?.operating_cash_flow)}`
          : `operating cash flow of ${amount(shown('operating_cash_flow', f.operating_cash_flow), c.currency, lang)}${yoy(f.operating_cash_flow, y?.operating_cash_flow)}`,
      );
    if (m === 'balance')
      parts.push(
        zh
          ? `资产负债率 ${percent(share(f.total_liabilities, f.total_assets))}（总资产 ${amount(shown('total_assets', f.total_assets), c.currency, lang)}）`
          : `liabilities at ${percent(share(f.total_liabilities, f.total_assets))} of total assets (${amount(shown('total_assets', f.total_assets), c.currency, lang)})`,
      );
    if ((m === 'revenue' || (m === 'mix' && !metrics.includes('revenue'))) && f.revenue !== undefined)
      parts.push(
        zh
          ? `营业收入 ${amount(shown('revenue', f.revenue), c.currency, lang)}${yoy(f.revenue, y?.revenue)}`
          : `revenue of ${amount(shown('revenue', f.revenue), c.currency, lang)}${yoy(f.revenue, y?.revenue)}`,
      );
    if (m === 'mix' && c.mix?.segments[0]) {
      const top = c.mix.segments.reduce((a, b) => (b.revenue > a.revenue ? b : a));
      parts.push(zh ? `第一大业务为${top.name}（${percent(top.percent)}）` : `${top.name} the largest segment at ${percent(top.percent)}`);
    }
    if (m === 'margins') {
      const move = (now: number | undefined, then: number | undefined): string =>
        now === undefined || then === undefined
          ? ''
          : zh
            ? `（同比${points(now - then, lang)}）`
            : ` (${points(now - then, lang)} on a year earlier)`;
      parts.push(
        zh
          ? `${f.gross_margin !== undefined ? `毛利率 ${percent(shown('gross_margin', f.gross_margin))}${move(f.gross_margin, y?.gross_margin)}，` : ''}营业利润率 ${percent(shown('operating_margin', f.operating_margin))}${move(f.operating_margin, y?.operating_margin)}，净利率（归母） ${percent(f.net_margin)}`
          : `${f.gross_margin !== undefined ? `gross margin ${percent(shown('gross_margin', f.gross_margin))}${move(f.gross_margin, y?.gross_margin)}, ` : ''}operating margin ${percent(shown('operating_margin', f.operating_margin))}${move(f.operating_margin, y?.operating_margin)}, net margin on profit to owners ${percent(f.net_margin)}`,
      );
    }
    if (m === 'earnings' && f.net_profit !== undefined)
      parts.push(
        zh
          ? `归母净利润 ${amount(shown('net_profit', f.net_profit), c.currency, lang)}${yoy(f.net_profit, y?.net_profit)}`
          : `net profit to owners of ${amount(shown('net_profit', f.net_profit), c.currency, lang)}${yoy(f.net_profit, y?.net_profit)}`,
      );
    if (m === 'price' && c.price)
      parts.push(
        zh
          ? `股价 ${price(c.price.close, c.price.currency, lang)}（${c.price.date}），近1年${signedPercent(c.price.change_1y)}`
          : `shares at ${price(c.price.close, c.price.currency, lang)} on ${c.price.date}, ${signedPercent(c.price.change_1y)} over a year`,
      );
    if (m === 'valuation' && c.price)
      parts.push(zh ? `市盈率(TTM) ${c.price.pe_ttm.toFixed(1)} 倍` : `a trailing P/E of ${c.price.pe_ttm.toFixed(1)}`);
  }
  if (parts.length === 0) return '';
  const label = periodText(f.ref, lang);
  const when = zh ? `${label}（截至 ${f.end_date}）` : `${label} (to ${f.end_date})`;
  return zh ? `${head}：${when}${parts.join('；')}。` : `${head}: in ${when}, ${parts.join('; ')}.`;
}
