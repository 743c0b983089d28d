import type { FigureMeasure, FigureMetric, FigurePeriod, FigureValue } from '../figure-types.js';
import type { CompanyMatcher } from './company-matcher.js';
import { readMetricTerms } from './metric-words.js';
import { readPeriods } from './read-period.js';
import { readValues, type ValueMatch } from './read-value.js';

/**
 * What a table's header cell or row label says about the cells along it: the company, metric
 * and period it names (each only when it names exactly one), the unit its values are written in,
 * or the role of a label row or column (the row of periods, the column of end dates…).
 */
export interface AxisLabel {
  role?: 'period' | 'end_date' | 'company' | 'metric';
  company?: string;
  /** More than one company named: nothing along this label can be attributed. */
  manyCompanies?: boolean;
  metric?: { metric: FigureMetric; measure: FigureMeasure };
  manyMetrics?: boolean;
  period?: FigurePeriod;
  manyPeriods?: boolean;
  /** It says its values are changes on a year earlier ("YoY", "同比", "growth"). */
  yoy?: boolean;
  /** It says its values are shares of revenue ("% of revenue", "占营收比例"): 营业成本 there is a ratio. */
  shareOfRevenue?: boolean;
  /** "USD bn" of "Revenue (USD bn)", "亿元" of "营业收入（亿元）": the unit of bare numbers along it. */
  unit?: string;
}

const ROLE_WORDS: ReadonlyArray<[RegExp, NonNullable<AxisLabel['role']>]> = [
  [/^(?:(?:fiscal |reporting |report )?period|quarter|year|fiscal year|报告期|期间|会计期间|财报期|季度|年度)$/i, 'period'],
  [/^(?:(?:period )?end(?:ing)?(?: date)?|as of|date|截止日|截止日期|截至|报告期末|日期)$/i, 'end_date'],
  [/^(?:company|companies|name|issuer|ticker|symbol|公司|公司名称|企业|股票|代码|名称)$/i, 'company'],
  [/^(?:metric|metrics|item|line item|measure|figure|指标|项目|科目|财务指标)$/i, 'metric'],
];

const YOY_WORDS = /(?<![A-Za-z])(?:YoY|y\/y|growth|change|chg)(?![A-Za-z])|同比|增速|增长率|变动|变化/i;
const SHARE_OF_REVENUE =
  /%\s*of\s+(?:total\s+)?(?:revenue|sales)|(?:as\s+a\s+)?share\s+of\s+(?:revenue|sales)|占(?:营收|营业收入|收入)(?:比例|比重|的比例)?/i;

const UNIT_BODY = String.raw`(?:USD|CNY|RMB|HKD|US\$|HK\$|\$|¥|￥|人民币|美元|港元|港币)?\s*(?:bn|billions?|b|mn|m|millions?|k|thousands?|tn|trillions?|万亿|亿|万|千|百万)?\s*(?:元|美元|港元|港币)?|%|pts|个百分点`;
/** A unit at the end of a label: "(USD bn)", "（亿元）", "(%)", "(RMB m)", ", USD bn", " in USD m". */
const UNIT_AT_END = new RegExp(String.raw`(?:[(（]\s*(${UNIT_BODY})\s*[)）]|(?:[,，]|\s+in)\s*(${UNIT_BODY}))\s*$`, 'i');

/** Labels read per matcher (one per report): a long report repeats its tables' labels. Never mutated. */
const LABELS = new WeakMap<CompanyMatcher, Map<string, Readonly<AxisLabel>>>();

export function readAxisLabel(text: string, companies: CompanyMatcher): Readonly<AxisLabel> {
  const known = LABELS.get(companies) ?? new Map<string, Readonly<AxisLabel>>();
  LABELS.set(companies, known);
  const cached = known.get(text);
  if (cached) return cached;
  const label = Object.freeze(axisLabel(text, companies));
  known.set(text, label);
  return label;
}

function axisLabel(text: string, companies: CompanyMatcher): AxisLabel {
  const unitMatch = UNIT_AT_END.exec(text);
  const unit = (unitMatch?.[1] ?? unitMatch?.[2])?.trim() || undefined;
  const bare = (unitMatch && unit ? text.slice(0, unitMatch.index) : text).trim();
  const label: AxisLabel = {};
  if (unit) label.unit = unit;
  const role = ROLE_WORDS.find(([pattern]) => pattern.test(bare))?.[1];
  if (role) {
    label.role = role;
    return label;
  }
  const companyMatches = companies.find(bare);
  const named = [...new Set(companies.find(text).map((m) => m.symbol))];
  if (named.length === 1) label.company = named[0];
  else if (named.length > 1) label.manyCompanies = true;
  if (SHARE_OF_REVENUE.test(bare)) label.shareOfRevenue = true;
  // Blanked, not removed: the spans found below index `bare` itself.
  const unshared = bare.replace(new RegExp(SHARE_OF_REVENUE.source, 'gi'), (m) => ' '.repeat(m.length));
  const terms = readMetricTerms(unshared);
  const periods = readPeriods(bare);
  const distinct = new Map(terms.map((t) => [`${t.metric}/${t.measure ?? 'level'}`, t]));
  const [term] = distinct.values();
  // A blocker ("Adjusted", "Free cash flow", "1-year change") names a figure the statements do not hold;
  // so does a metric with words the label does not explain ("Data Center revenue", "Revenue per employee").
  const unexplained = term?.metric && hasOtherWords(unshared, [...terms, ...companyMatches, ...periods]);
  if (terms.some((t) => !t.metric) || distinct.size > 1 || unexplained || NOT_A_YEAR_ON_YEAR.test(bare)) label.manyMetrics = true;
  else if (term?.metric) label.metric = { metric: term.metric, measure: term.measure ?? 'level' };
  if (YOY_WORDS.test(bare)) label.yoy = true;
  const [period, ...others] = readPeriods(text);
  if (others.length > 0) label.manyPeriods = true;
  else if (period) label.period = period.period;
  return label;
}

/** Sequential changes, estimates and per-head figures: not what the statements hold. */
const NOT_A_YEAR_ON_YEAR =
  /(?<![A-Za-z])(?:QoQ|q\/q|sequential|MoM|est\.?|estimated?|consensus)(?![A-Za-z])|\d{2,4}E\b|(?<![A-Za-z])per\s+(?!share)[A-Za-z]+|环比|人均|每(?!股)/i;

/** Words a label may hold beside its metric, company and period: units, totals, a change. */
const FILLER =
  /(?<![A-Za-z])(?:total|reported|GAAP|IFRS|USD|RMB|CNY|HKD|US\$|HK\$|bn|billions?|mn|m|millions?|k|the|of|YoY|y\/y|growth|change|chg|ratio|rate|level|value|amount)(?![A-Za-z])|合计|总计|总额|亿元|万元|亿|万|元|美元|港元|同比|增速|增长率|变动|变化|金额/gi;

function hasOtherWords(text: string, spans: ReadonlyArray<{ index: number; length: number }>): boolean {
  let rest = text;
  for (const s of spans) rest = rest.slice(0, s.index) + ' '.repeat(s.length) + rest.slice(s.index + s.length);
  return /[A-Za-z]{2,}|[\u4e00-\u9fff]/.test(rest.replace(FILLER, ' '));
}

/** A cell that holds no figure: empty, a dash, "n/a", "不适用". */
const NO_FIGURE = /^(?:|[-—–−]+|n\/?a|nm|n\.m\.|na|none|不适用|无|暂无|--)$/i;

export interface CellValue {
  value: FigureValue;
  /** As written, with the label's unit when the cell gives a bare number ("54.39 (USD bn)"). */
  written: string;
  /** Index in the cell's text where the value starts. */
  index: number;
  /** The value says it is a change on a year earlier ("+9.2% YoY", "同比+9.2%"). */
  measure?: 'yoy_growth' | 'yoy_change';
}

/**
 * The one figure a cell holds. A bare number takes the unit of its label; a cell with a second
 * value yields its first only when the rest is in brackets ("USD 54.39bn (+9.2%)"), else none:
 * two figures in one cell cannot be told apart.
 */
export function readCellValue(text: string, unit: string | undefined, perShare = false): CellValue | undefined {
  const read = cellValue(text.trim(), unit, perShare);
  // Under "EPS" a money value is per share: "USD 1.23" in the cell says so no more than the label.
  if (read && perShare && read.value.unit === 'amount') return { ...read, value: { ...read.value, unit: 'per_share' } };
  return read;
}

const BARE_NUMBER = /^[+\-−–]?\d[\d,]*(?:\.\d+)?$/;

function cellValue(cell: string, unit: string | undefined, perShare: boolean): CellValue | undefined {
  if (NO_FIGURE.test(cell)) return undefined;
  if (BARE_NUMBER.test(cell) && (unit || perShare)) {
    const [only, ...more] = unit ? readValues(composeWithUnit(cell, unit)) : [];
    if (only && more.length === 0) return { value: only.value, written: `${cell} (${unit})`, index: 0, ...measureOf(only) };
    // EPS is often written bare ("0.76"); with a decimal point it is no count or year.
    return perShare && /\.\d/.test(cell) ? { value: bareValue(cell), written: cell, index: 0 } : undefined;
  }
  const [first, ...more] = readValues(cell);
  if (!first) return undefined;
  if (more.length > 0 && !/^\s*[(（]/.test(cell.slice(first.index + first.written.length))) return undefined;
  return { value: first.value, written: first.written, index: first.index, ...measureOf(first, cell) };
}

function bareValue(cell: string): FigureValue {
  const number = cell.replace(/[,+]/g, '').replace(/[−–]/, '-');
  const decimals = number.split('.')[1]?.length ?? 0;
  return { value: Number(number), unit: 'per_share', rounding: Number((0.5 * 10 ** -decimals).toPrecision(15)) };
}

/** The cell's own word for a change on a year earlier; points alone say only "a difference" (to a year or a peer). */
function measureOf(match: ValueMatch, cell = ''): Pick<CellValue, 'measure'> {
  if (match.measure === 'yoy_change' && !YOY_WORDS.test(cell)) return {};
  return match.measure ? { measure: match.measure } : {};
}

/** "54.39" in a column of "USD bn" reads as "USD 54.39bn"; in one of "亿元", "54.39亿元". */
function composeWithUnit(number: string, unit: string): string {
  const currency = /^(?:USD|CNY|RMB|HKD|US\$|HK\$|\$|¥|￥)/i.exec(unit)?.[0];
  const rest = (currency ? unit.slice(currency.length) : unit).trim();
  const spaced = /^[A-Za-z]/.test(rest) && !/^(?:bn|b|mn|m|k|tn)$/i.test(rest) ? ` ${rest}` : rest;
  return `${currency ? `${currency} ` : ''}${number}${spaced}`;
}
