/**
 * The shape of a labelled case and a terse way to write its expected figures by hand.
 *
 * `fig('US:NVDA', 'gross_margin:c', 'Q1 2026', '-3.4pt')` reads: NVIDIA's gross margin, its change
 * on a year earlier, in Q1 FY2026, −3.4 percentage points. The value is written as the report
 * writes it and converted to base units here (810.6亿 → 81_060_000_000), so a case reads like its
 * text. Expectations are typed by a person reading the text, never produced by the extractor.
 */
import type { FigureCurrency, FigureMeasure, FigureMetric, FigureUnit, KnownCompany } from '../../../src/figures/figure-types.js';
import type { PeriodKind } from '../../../src/periods/period-label.js';

export type PlantedKind = 'wrong_value' | 'wrong_period' | 'unit_10x' | 'unit_1000x' | 'margin_as_amount';

export interface ExpectedFigure {
  symbol: string;
  metric: FigureMetric;
  measure: FigureMeasure;
  period?: { fiscalYear: number; kind: PeriodKind };
  /** In base units, as written (a planted error's wrong value, not the statement's). */
  value: number;
  unit: FigureUnit;
  currency?: FigureCurrency;
  /** Set on the one wrong figure of a planted case: the checker should say `differs`. */
  planted?: PlantedKind;
}

export interface LabelledCase {
  id: string;
  lang: 'zh' | 'en';
  kind: 'demo-report' | 'sentence' | 'table';
  markdown: string;
  /** Companies the app would pass (those the run's question and tools named). */
  companies?: KnownCompany[];
  expected: ExpectedFigure[];
}

const MEASURES: Record<string, FigureMeasure> = { '': 'level', g: 'yoy_growth', c: 'yoy_change' };
const SCALES: ReadonlyArray<[string, number, FigureUnit, FigureCurrency?]> = [
  ['万亿', 1e12, 'amount', 'CNY'],
  ['亿', 1e8, 'amount', 'CNY'],
  ['万', 1e4, 'amount', 'CNY'],
  ['bn', 1e9, 'amount'],
  ['m', 1e6, 'amount'],
  ['%', 1, 'percent'],
  ['pt', 1, 'points'],
  ['ps', 1, 'per_share'],
];

/**
 * One expected figure. `metric` is a FigureMetric, with `:g` for growth on a year earlier or `:c`
 * for the change of a ratio in points; `period` is `<kind> <fiscal year>` ("Q1 2025", "FY 2024",
 * "9M 2024"); `written` a number with its unit: 亿, 万, 万亿, bn, m, %, pt, ps (per share).
 */
export function fig(
  symbol: string,
  metric: string,
  period: string,
  written: string,
  extra: { planted?: PlantedKind; currency?: FigureCurrency } = {},
): ExpectedFigure {
  const [name = '', measureCode = ''] = metric.split(':');
  const measure = MEASURES[measureCode];
  if (!measure) throw new Error(`unknown measure in ${metric}`);
  const [kind, year] = period.split(' ');
  const scale = SCALES.find(([suffix]) => written.endsWith(suffix));
  if (!scale) throw new Error(`no unit in ${written}`);
  const number = Number(written.slice(0, -scale[0].length));
  if (!Number.isFinite(number) || !kind || !year) throw new Error(`cannot read ${written} / ${period}`);
  const currency = extra.currency ?? scale[3];
  return {
    symbol,
    metric: name as FigureMetric,
    measure,
    period: { fiscalYear: Number(year), kind: kind as PeriodKind },
    value: Number((number * scale[1]).toPrecision(12)),
    unit: scale[2],
    ...(currency ? { currency } : {}),
    ...(extra.planted ? { planted: extra.planted } : {}),
  };
}

/** The companies of the set, as the app would know them. */
export const COMPANIES: Record<string, KnownCompany> = {
  moutai: { symbol: 'SH:600519', names: ['贵州茅台', '茅台', 'Kweichow Moutai', 'Moutai'] },
  catl: { symbol: 'SZ:300750', names: ['宁德时代', 'CATL', 'Contemporary Amperex Technology'] },
  wuliangye: { symbol: 'SZ:000858', names: ['五粮液', 'Wuliangye'] },
  pingan: { symbol: 'SH:601318', names: ['中国平安', '平安', 'Ping An', 'Ping An Insurance'] },
  cmb: { symbol: 'SH:600036', names: ['招商银行', '招行', 'China Merchants Bank'] },
  tencent: { symbol: 'HK:00700', names: ['腾讯控股', '腾讯', 'Tencent'] },
  alibaba: { symbol: 'HK:09988', names: ['阿里巴巴', '阿里', 'Alibaba'] },
  meituan: { symbol: 'HK:03690', names: ['美团', 'Meituan'] },
  xiaomi: { symbol: 'HK:01810', names: ['小米集团', '小米', 'Xiaomi'] },
  nvidia: { symbol: 'US:NVDA', names: ['NVIDIA', 'Nvidia', '英伟达'] },
  apple: { symbol: 'US:AAPL', names: ['Apple', '苹果'] },
  tesla: { symbol: 'US:TSLA', names: ['Tesla', '特斯拉'] },
  microsoft: { symbol: 'US:MSFT', names: ['Microsoft', '微软'] },
  amazon: { symbol: 'US:AMZN', names: ['Amazon', '亚马逊'] },
  amd: { symbol: 'US:AMD', names: ['AMD', 'Advanced Micro Devices'] },
  byd: { symbol: 'SZ:002594', names: ['比亚迪', 'BYD'] },
};
