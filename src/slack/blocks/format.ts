/**
 * Number, date and text formatting for cards. One scheme for amounts everywhere: English
 * compact units (K, M, B, T) — one unit per table, named in its caption ("Amounts in CNY
 * millions"); negatives with a minus sign; changes and percentages with an explicit sign.
 * Missing or non-finite numbers show as an em dash.
 */
import { clampSnippet } from './clamp-snippet.js';
import { dayFormatter, groupingFormatter } from './intl-formatters.js';

export const MISSING = '—';

export interface AmountUnit {
  divisor: number;
  /** "thousands", "millions", "billions", "trillions" or "" (units). */
  name: string;
  suffix: string;
  /**
   * Decimals of every figure shown in this unit: one precision for a whole table (column), chosen
   * with the unit. Absent on a bare unit, where a figure ≥ 1,000 shows none and a smaller one one.
   */
  decimals?: number;
}

const UNITS: readonly AmountUnit[] = [
  { divisor: 1e12, name: 'trillions', suffix: 'T' },
  { divisor: 1e9, name: 'billions', suffix: 'B' },
  { divisor: 1e6, name: 'millions', suffix: 'M' },
  { divisor: 1e3, name: 'thousands', suffix: 'K' },
  { divisor: 1, name: '', suffix: '' },
];

export const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The unit and precision of a whole table: the unit keeps the median magnitude between 10 and
 * 10,000 of it; the precision is one decimal when that median is under 1,000 (123.4 millions), none
 * from 1,000 (1,234 millions). Every figure of the table then has the same unit and the same number
 * of decimals, so a column never switches from millions to billions or from 1 decimal to 0.
 */
export function chooseUnit(values: Array<number | undefined>): AmountUnit {
  const mags = values
    .filter(isNum)
    .map((v) => Math.abs(v))
    .filter((v) => v > 0)
    .sort((a, b) => a - b);
  const median = mags[Math.floor(mags.length / 2)] ?? 0;
  const unit = UNITS.find((u) => median >= u.divisor * 10) ?? (UNITS[UNITS.length - 1] as AmountUnit);
  return { ...unit, decimals: unit.divisor === 1 || median / unit.divisor >= 1000 ? 0 : 1 };
}

/** A number with thousands separators; `sign` adds '+' to positives. */
export function formatNumber(value: number | undefined, decimals = 2, sign = false): string {
  if (!isNum(value)) return MISSING;
  const text = groupingFormatter(decimals).format(value);
  return sign && value > 0 ? `+${text}` : text.replace(/^-0(\.0+)?$/, '0$1');
}

/** An amount expressed in a table's unit (no suffix: the caption names the unit). */
export function formatInUnit(value: number | undefined, unit: AmountUnit): string {
  if (!isNum(value)) return MISSING;
  const scaled = value / unit.divisor;
  return formatNumber(scaled, unit.decimals ?? (Math.abs(scaled) >= 1000 || unit.divisor === 1 ? 0 : 1));
}

/** A standalone amount: "CNY 1.23B", "-45.6M". */
export function formatCompact(value: number | undefined, currency?: string): string {
  if (!isNum(value)) return MISSING;
  const unit = UNITS.find((u) => Math.abs(value) >= u.divisor) ?? (UNITS[UNITS.length - 1] as AmountUnit);
  const scaled = value / unit.divisor;
  const text = `${formatNumber(scaled, Math.abs(scaled) >= 100 || unit.divisor === 1 ? 0 : 2)}${unit.suffix}`;
  return currency ? `${currency} ${text}` : text;
}

/** "Amounts in CNY millions". */
export function unitCaption(unit: AmountUnit, currency: string | undefined): string {
  const cur = currency?.trim() || 'the reported currency';
  return unit.name ? `Amounts in ${cur} ${unit.name}` : `Amounts in ${cur}`;
}

/** A percentage given as a percentage number (12.5 → "+12.50%"). */
export function formatPercent(value: number | undefined, sign = true, decimals = 2): string {
  return isNum(value) ? `${formatNumber(value, decimals, sign)}%` : MISSING;
}

/** Years where toISOString's and Intl's spellings agree (four digits, no era). */
const YEAR_1000_MS = Date.UTC(1000, 0, 1);
const YEAR_10000_MS = Date.UTC(10000, 0, 1);

/** Milliseconds or an ISO string → "2024-06-30" (in a time zone); undefined when unusable. */
export function displayDate(value: number | string | undefined, timeZone = 'UTC'): string | undefined {
  let ms: number;
  if (typeof value === 'number') ms = value;
  else if (typeof value === 'string' && value.trim()) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return value.trim();
    ms = Date.parse(value);
  } else return undefined;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return undefined;
  // UTC needs no time-zone data (Date's own UTC fields); Intl is the costliest step of a card.
  if (timeZone === 'UTC' && ms >= YEAR_1000_MS && ms < YEAR_10000_MS) return new Date(ms).toISOString().slice(0, 10);
  try {
    return dayFormatter(timeZone).format(new Date(ms));
  } catch {
    return undefined;
  }
}

/**
 * A well-cut excerpt of raw text: whitespace collapsed, cut at the last sentence end (Latin
 * or CJK punctuation) or word break in the last 40% before `max`, else at a grapheme boundary.
 */
export function excerpt(text: string | undefined, max: number): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const head = flat.slice(0, max - 1);
  const floor = Math.floor(max * 0.6);
  const sentence = Math.max(...['。', '！', '？', '. ', '! ', '? ', '；', '; '].map((p) => head.lastIndexOf(p)));
  if (sentence >= floor) return `${head.slice(0, sentence + 1).trim()} …`;
  const space = head.lastIndexOf(' ');
  if (space >= floor) return `${head.slice(0, space)} …`;
  // No sentence end or space near the end (CJK text): back off to a boundary outside numbers.
  return clampSnippet(flat, max);
}

/** `total_current_assets` → "Total current assets". */
export function humanizeKey(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : key;
}

/** ▁▂▃▄▅▆▇█ sparkline of a series (oldest → newest). */
export function sparkline(values: number[]): string {
  const nums = values.filter(isNum);
  if (nums.length < 2) return '';
  const min = Math.min(...nums);
  const max = Math.max(...nums);
  const bars = '▁▂▃▄▅▆▇█';
  return nums.map((v) => bars[max === min ? 3 : Math.round(((v - min) / (max - min)) * 7)] ?? '▁').join('');
}

/** 12345 → "12,345" (fixed locale: renders must not depend on the host). */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
