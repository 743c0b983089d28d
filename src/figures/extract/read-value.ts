/**
 * Every number with a unit in a text: amounts ("USD 54.39bn", "147.7亿元", "HK$775.29"),
 * percentages ("73.4%", "同比+251.4%"), percentage points ("−3.4 pts", "3.4个百分点") and
 * per-share amounts ("USD 1.23 per share", "每股收益1.23元"). A number without a unit (a date, a
 * year, a count, a P/E, an index level) is never a value: precision first.
 */
import type { FigureCurrency, FigureValue } from '../figure-types.js';

export interface ValueMatch {
  value: FigureValue;
  /** The value exactly as written, with its sign word when one set the sign ("下降3.4%", "fell 3%"). */
  written: string;
  index: number;
  length: number;
  /** Set when the text says the value is a change on a year earlier (同比, YoY, "rose 9%", points). */
  measure?: 'yoy_growth' | 'yoy_change';
  /** A change on the quarter before (环比, "sequentially"): never a figure, and no level's growth either. */
  sequential?: true;
}

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const PREFIX = String.raw`US\$|HK\$|HKD|USD|CNY|RMB|人民币|\$|¥|￥`;
/** Scale words; single letters only after a currency (else "9M" and "4K" would be amounts). */
const SCALE = `万亿|千亿|百亿|亿|千万|百万|万|trillion|tn|billion|bn|million|mn|thousand|t|b|m|k`;
const SUFFIX_CURRENCY = `美元|港元|港币|元|人民币|yuan|renminbi|dollars|USD|HKD|CNY|RMB`;
const BASIS_POINTS = String.raw`basis points?|bps\b|bp\b|个基点|基点`;
const POINTS = String.raw`percentage points?|pct\.? points?|个百分点|百分点|pts?\b|pp\b|ppts?\b`;
const PERCENT = String.raw`%|％|\s?per ?cent\b|\s?percent\b`;

/** One scan: sign, currency before, number, then points / percent / scale and currency after. */
const VALUE = new RegExp(
  String.raw`(?<sign>[+\-−–](?=\s?(?:${PREFIX})?\s?\d))?` +
    String.raw`(?:(?<prefix>${PREFIX})\s?)?` +
    `(?<num>${NUMBER})` +
    String.raw`(?:\s?(?<bps>${BASIS_POINTS})|\s?(?<points>${POINTS})|(?<percent>${PERCENT})|\s?(?<scale>${SCALE})(?![A-Za-z])\s?(?<suffix>${SUFFIX_CURRENCY})?|\s?(?<bare>${SUFFIX_CURRENCY}))?`,
  'gi',
);

const SCALES: Record<string, number> = {
  万亿: 1e12,
  千亿: 1e11,
  百亿: 1e10,
  亿: 1e8,
  千万: 1e7,
  百万: 1e6,
  万: 1e4,
  trillion: 1e12,
  tn: 1e12,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  million: 1e6,
  mn: 1e6,
  m: 1e6,
  thousand: 1e3,
  t: 1e12,
  k: 1e3,
};

function currencyOf(word: string | undefined): FigureCurrency | undefined {
  if (!word) return undefined;
  const w = word.toUpperCase();
  if (w === 'HK$' || w === 'HKD' || w === '港元' || w === '港币') return 'HKD';
  if (w === 'US$' || w === 'USD' || w === '$' || w === '美元' || w === 'DOLLARS') return 'USD';
  if (['CNY', 'RMB', '人民币', '¥', '￥', '元', 'YUAN', 'RENMINBI'].includes(w)) return 'CNY';
  return undefined;
}

/** Words before a number that make it negative, or a change ("fell 3%", "同比下降3.4个百分点"). */
const DOWN_BEFORE = /(?:下降|下滑|减少|降低|回落|收窄|fell|declined|decreased|dropped|shrank|contracted|slipped|down)(?:\s?了|\s?by)?\s?$/i;
const UP_BEFORE = /(?:增长|增加|上升|提升|上涨|提高|扩大|rose|grew|increased|climbed|jumped|gained|expanded|up)(?:\s?了|\s?by)?\s?$/i;
const YOY_BEFORE = /(?:同比|较上年同期|较去年同期|year[-\s]on[-\s]year|year[-\s]over[-\s]year|YoY|y\/y)[^\d%。；;]{0,6}$/i;
const YOY_AFTER =
  /^\s?\)?\s?(?:on|from|vs\.?|versus|compared with|over)?\s?(?:a|the)?\s?(?:year[-\s](?:earlier|ago|before)|year[-\s]on[-\s]year|year[-\s]over[-\s]year|prior[-\s]year|YoY|y\/y|同比)/i;
/** Not a year-on-year change: sequential, or a change over a span of trading days (read in its own clause only). */
const NOT_YOY_BEFORE =
  /(?:环比|较上(?:一)?季度|比上(?:一)?季度|sequentially|QoQ|q\/q|quarter[-\s](?:on|over)[-\s]quarter)[^\d%。；;]{0,6}$/i;
const NOT_YOY_AFTER =
  /^[^\d。；;]{0,30}?(?:环比|sequential|quarter[-\s](?:on|over)[-\s]quarter|QoQ|q\/q|from (?:Q[1-4]|the (?:previous|prior|preceding|last) quarter|last quarter)|(?:previous|prior|preceding) quarter|over (?:a|the past) year|past year|over a month|52[-\s]week|上季度|上一季度)/i;
const PER_SHARE_BEFORE = /(?:EPS|earnings per (?:diluted |basic )?share|每股收益|每股盈利|每股净收益)[^\d;；。，,\n]{0,16}$/i;
const PER_SHARE_AFTER = /^\s?(?:per (?:diluted |basic )?share|a share|\/share|每股|\/股)/i;

const COUNT_AFTER =
  /^\s?(?:units?|vehicles?|cars?|users?|subscribers?|customers?|people|employees|shares|tons?|tonnes?|GWh|MWh|barrels|devices|phones|orders|stores|辆|台|部|户|人|名|吨|股|件|张|套|次|家|个|位|份)/i;

function decimalsOf(num: string): number {
  const dot = num.indexOf('.');
  return dot < 0 ? 0 : num.length - dot - 1;
}

/** Rounds away binary noise (54.39 × 1e9) without touching any digit the report wrote. */
function clean(n: number): number {
  return Number(n.toPrecision(15));
}

/** Sequential words after the number; after 同比/YoY before it, only in its own clause ("同比增长12.5%，环比增长3.2%"). */
function notYoyAfter(before: string, after: string): boolean {
  return NOT_YOY_AFTER.test(YOY_BEFORE.test(before) ? (after.split(/[，,；;、]/)[0] ?? '') : after);
}

/** "a 13.7% increase from a year earlier": the change named after the number. */
const CHANGE_NOUN_AFTER = /^\s?(?:(increase|rise|growth|gain|jump)|(decline|decrease|drop|fall))\b/i;

function measureOf(unit: FigureValue['unit'], before: string, after: string, verb: boolean): ValueMatch['measure'] {
  if (unit !== 'percent' && unit !== 'points') return verb ? 'yoy_change' : undefined;
  // "down 5.4% sequentially, and up 4.9% year over year": the later value says its own comparison.
  if ((NOT_YOY_BEFORE.test(before) && !YOY_AFTER.test(after)) || notYoyAfter(before, after)) return undefined;
  const noun = CHANGE_NOUN_AFTER.exec(after);
  const yoy = YOY_BEFORE.test(before) || YOY_AFTER.test(after) || (noun !== null && YOY_AFTER.test(after.slice(noun[0].length)));
  if (unit === 'points') return 'yoy_change';
  return yoy || verb ? 'yoy_growth' : undefined;
}

function classify(g: Record<string, string | undefined>, before: string, after: string) {
  const prefixCurrency = currencyOf(g.prefix);
  if (g.points) return { unit: 'points' as const, scale: 1, currency: undefined };
  // 120 basis points are 1.2 percentage points.
  if (g.bps) return { unit: 'points' as const, scale: 0.01, currency: undefined };
  if (g.percent) return { unit: 'percent' as const, scale: 1, currency: undefined };
  const scaleWord = g.scale?.toLowerCase();
  if (scaleWord !== undefined) {
    const single = /^[tbmk]$/.test(scaleWord);
    // "9M FY2025", "4K": a single-letter scale needs a currency before it.
    if (single && !prefixCurrency) return undefined;
    const currency = prefixCurrency ?? currencyOf(g.suffix);
    return { unit: 'amount' as const, scale: SCALES[scaleWord] ?? 1, currency };
  }
  const currency = prefixCurrency ?? currencyOf(g.bare);
  // Without a currency, only "1.23" after EPS: never a year or a count ("EPS in 2025 of …").
  const perShare = PER_SHARE_AFTER.test(after) || (PER_SHARE_BEFORE.test(before) && (currency !== undefined || /\.\d/.test(g.num ?? '')));
  if (perShare) return { unit: 'per_share' as const, scale: 1, currency };
  if (currency) return { unit: 'amount' as const, scale: 1, currency };
  return undefined;
}

export function readValues(text: string): ValueMatch[] {
  const out: ValueMatch[] = [];
  VALUE.lastIndex = 0;
  for (let m = VALUE.exec(text); m; m = VALUE.exec(text)) {
    const g = m.groups ?? {};
    const start = m.index;
    // On a skip, scan on right after the number: "FY2026 USD 54.39bn" must not lose its "USD".
    const numberEnd = start + m[0].indexOf(g.num ?? '') + (g.num ?? '').length;
    VALUE.lastIndex = m[0].length > 0 ? start + m[0].length : start + 1;
    const raw = m[0].replace(/\s+$/, '');
    const before = text.slice(0, start);
    // A number glued to letters or digits is part of a name or a date: "FY2024", "Q1", "2025-04-30".
    if ((/[A-Za-z\d.\-/:]$/.test(before) && !g.sign && !g.prefix) || (g.sign && /[\dA-Za-z]$/.test(before))) {
      VALUE.lastIndex = numberEnd;
      continue;
    }
    const after = text.slice(start + raw.length);
    if (/^[-/:]\d/.test(after) || /^\s?(?:年|月|日|号)/.test(after)) continue;
    // "1.2 million units", "1.2亿用户": a count, not money.
    if (!g.percent && !g.points && !g.bps && COUNT_AFTER.test(after)) {
      VALUE.lastIndex = numberEnd;
      continue;
    }
    const kind = classify(g, before, after);
    if (!kind) {
      VALUE.lastIndex = numberEnd;
      continue;
    }
    const num = g.num ?? '';
    let value = Number(num.replace(/,/g, '')) * kind.scale;
    let written = raw;
    let index = start;
    let verb = false;
    if (g.sign === '-' || g.sign === '−' || g.sign === '–') value = -value;
    else if (!g.sign) {
      const down = DOWN_BEFORE.exec(before);
      const up = down ? null : UP_BEFORE.exec(before);
      const word = down ?? up;
      // "fell to 23.5%" is a level: the verb words end right before the number, never with "to"/"至".
      if (word) {
        verb = true;
        if (down) value = -value;
        index = start - word[0].length;
        written = text.slice(index, start + raw.length);
      }
    }
    // "rose USD 5bn", "增加5亿元": a difference, a figure only when the text says on a year earlier.
    const amountChange = verb && kind.unit !== 'percent' && kind.unit !== 'points';
    if (amountChange && !(YOY_BEFORE.test(text.slice(0, index)) || YOY_AFTER.test(after))) {
      VALUE.lastIndex = numberEnd;
      continue;
    }
    const measure = measureOf(kind.unit, before, after, verb);
    // "a 5% decline year over year": the noun after the number gives the sign, and belongs to what was written.
    const noun = !g.sign && !verb && measure === 'yoy_growth' ? CHANGE_NOUN_AFTER.exec(after) : null;
    if (noun?.[2]) value = -value;
    if (noun) written = text.slice(index, start + raw.length + noun[0].length);
    const rounding = clean(0.5 * 10 ** -decimalsOf(num) * kind.scale);
    const v: FigureValue = { value: clean(value), unit: kind.unit, rounding };
    if (kind.currency) v.currency = kind.currency;
    const match: ValueMatch = { value: v, written, index, length: written.length };
    if (measure) match.measure = measure;
    if (
      kind.unit !== 'amount' &&
      kind.unit !== 'per_share' &&
      ((NOT_YOY_BEFORE.test(text.slice(0, index)) && !YOY_AFTER.test(after)) ||
        ((verb || g.sign) && notYoyAfter(text.slice(0, index), after)))
    )
      match.sequential = true;
    out.push(match);
  }
  return out;
}
