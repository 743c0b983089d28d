/**
 * The figures of one sentence, paragraph or list item (plain text: the caller strips Markdown).
 * Each value is paired with the nearest metric before it in its sentence, when only filler words
 * stand between ("revenue of USD 54.39bn", "经营现金流 147.7亿元"), or with the value before it
 * when that one is paired ("…, +9.2% on a year earlier", "，同比+251.4%"). A value whose unit
 * does not fit its metric (a share of revenue, a percent for cash), a share price, a forecast or
 * a part of the company is not a figure: precision first.
 */
import type { ExtractedFigure, FigureMetric, FigurePeriod } from '../figure-types.js';
import type { CompanyMatch, CompanyMatcher } from './company-matcher.js';
import { type MetricTerm, readMetricTerms } from './metric-words.js';
import { type PeriodMatch, periodGlosses, readPeriods } from './read-period.js';
import { readValues, type ValueMatch } from './read-value.js';
import { EPS_METRICS, reading } from './value-reading.js';
import {
  blank,
  isBoundOrApproximate,
  isChainFiller,
  isComparisonValue,
  isDenominator,
  isForwardLooking,
  isLeadFiller,
  isPartOfWhole,
  namesAPart,
  type Span,
  saysBracketsAreGrowth,
  sentenceStart,
} from './text-clauses.js';

export interface TextContext {
  companies: CompanyMatcher;
  /** The company in force where the text stands (its list item's or heading's). */
  company?: string;
  /** The period in force where the text stands. */
  period?: FigurePeriod;
  /** The metric the heading names ("## Revenue trend"): values with no metric word of their own are of it. */
  metric?: FigureMetric;
}

function periodKey(p: FigurePeriod | undefined): string {
  return p ? `${p.kind}/${p.fiscalYear}/${p.calendarYear ?? ''}` : '';
}

/** The period written right after a value ("USD 54.4 billion in the first quarter of fiscal 2026", "USD 19.9bn (FY2024)"). */
function periodAfter(text: string, v: ValueMatch, periods: readonly PeriodMatch[], next: number): PeriodMatch | undefined {
  const end = v.index + v.length;
  const p = periods.find((q) => q.index >= end && q.index < next);
  if (!p) return undefined;
  const gap = text.slice(end, p.index);
  // "(FY2024)" only when the bracket closes after it: "(FY2025: USD 50bn)" is another value's.
  if (/[(（]\s*$/.test(gap)) return /^\s*[)）]/.test(text.slice(p.index + p.length)) ? p : undefined;
  return /^\s*(?:(?:in|for|during|over|at the end of|at the close of|as of|as at|at|by)\s+(?:the\s+)?)?(?:end-)?$/i.test(gap)
    ? p
    : undefined;
}

/** The period in force at `at`: the last one before it (a bracketed aside counts only inside its sentence). */
function periodBefore(text: string, at: number, periods: readonly PeriodMatch[]): FigurePeriod | undefined {
  const start = sentenceStart(text, at);
  for (let i = periods.length - 1; i >= 0; i--) {
    const p = periods[i];
    if (!p || p.index + p.length > at) continue;
    const aside = /[(（]\s*$/.test(text.slice(0, p.index));
    if (aside && p.index < start) continue;
    return p.period;
  }
  return undefined;
}

export function extractTextFigures(text: string, offset: number, ctx: TextContext): ExtractedFigure[] {
  const values = readValues(text);
  if (values.length === 0) return [];
  // "Q3 FY2025 revenue (the December 2024 quarter)": the bracket glosses the period, it names no other.
  const glosses = periodGlosses(text);
  const periods = readPeriods(text).filter((p) => !glosses.some((g) => p.index >= g.index && p.index < g.index + g.length));
  const companies = ctx.companies.find(text);
  const names: Span[] = [...periods, ...companies];
  const endsOfNames = new Set(names.map((n) => n.index + n.length));
  const allTerms = readMetricTerms(text);
  const terms = allTerms.filter((t) => !isDenominator(text.slice(0, t.index)));
  const denominators = allTerms.filter((t) => isDenominator(text.slice(0, t.index)));
  const quiet = blank(text, [...names, ...denominators, ...glosses]);
  const bracketGrowth = saysBracketsAreGrowth(text);

  type Paired = { v: ValueMatch; metric: FigureMetric; term?: MetricTerm; chainOf?: number };
  const paired: Array<Paired | undefined> = [];
  const aside: boolean[] = [];
  const pairOne = (i: number): Paired | undefined => {
    const v = values[i] as ValueMatch;
    const start = sentenceStart(text, v.index);
    const before = text.slice(0, v.index);
    const after = text.slice(v.index + v.length);
    const sentenceEnd = text.slice(v.index).search(/[。；;!?！？\n]|\.\s/);
    const sentence = text.slice(start, sentenceEnd < 0 ? text.length : v.index + sentenceEnd);
    if (isForwardLooking(sentence) || namesAPart(text.slice(start, v.index)) || isBoundOrApproximate(before, after)) return undefined;
    // "$50bn to $55bn", "9%-12%": a range is no one value.
    const inRange = (a?: ValueMatch, b?: ValueMatch) =>
      a && b && a.value.unit === b.value.unit && /^\s*(?:-|–|~|to|至|到)\s*$/.test(text.slice(a.index + a.length, b.index));
    if (inRange(v, values[i + 1]) || inRange(values[i - 1], v)) return undefined;
    // "环比增长26.9%，同比增长14.4%": the sequential change is stepped over, the year-on-year one still chains.
    if (v.sequential) {
      aside[i] = true;
      return undefined;
    }
    // "up from USD 49.8bn a year earlier" is another period's; "against $1.59 billion in Q4 2024" names its own.
    const ownPeriod = periodAfter(text, v, periods, values[i + 1]?.index ?? text.length);
    if (!v.measure && !ownPeriod && isComparisonValue(before, after)) {
      aside[i] = true;
      return undefined;
    }
    const held = metricAfterAmount(text, quiet, v, before, terms);
    if (held?.metric && v.value.unit === 'amount') return { v, metric: held.metric, term: held };
    // "liabilities at 36.8% of total assets (CNY 231.28bn)": the bracketed amount is the denominator's.
    const denominator = denominators.find((d) => /^\s*[(（]\s*$/.test(text.slice(d.index + d.length, v.index)));
    if (denominator?.metric && v.value.unit === 'amount') return { v, metric: denominator.metric };
    const term = [...terms].reverse().find((t) => t.index >= start && t.index + t.length <= v.index);
    // A comparison between a level and its growth is stepped over: "891.8亿元，上年同期为832.7亿元，同比增长7.1%".
    let k = i - 1;
    while (k >= 0 && aside[k]) k--;
    const prev = k >= 0 ? values[k] : undefined;
    const prevPaired = k >= 0 ? paired[k] : undefined;
    // After a paired value, with only filler between: a growth or change of the same metric.
    if (prev && prevPaired && prev.index >= (term ? term.index + term.length : start)) {
      const skipped = values.slice(k + 1, i).map((w) => ({ index: w.index, length: w.length }));
      // "down 3% from the prior quarter and 5% from a year earlier": the bare 5% takes the sign before it; unread.
      if (values.slice(k + 1, i).some((w) => w.sequential) && /^\d[\d.,]*\s*[%％]$/.test(v.written)) return undefined;
      const gap = blank(quiet, skipped).slice(prev.index + prev.length, v.index);
      return isChainFiller(gap)
        ? { v, metric: prevPaired.metric, ...(prevPaired.term ? { term: prevPaired.term } : {}), chainOf: k }
        : undefined;
    }
    if (prev && !prevPaired && prev.index >= (term ? term.index + term.length : start)) return undefined;
    if (!term) {
      const noWords = !allTerms.some((t) => t.index >= start && t.index < start + sentence.length);
      return ctx.metric && noWords ? { v, metric: ctx.metric } : undefined;
    }
    if (!term.metric || isPartOfWhole(text, term, endsOfNames)) return undefined;
    // "revenue and net profit of USD 54bn and USD 20bn": which is which is not for us to guess.
    const earlier = [...terms].reverse().find((t) => t.index + t.length <= term.index && t.index >= start);
    const valueBefore = values.some((w) => w.index >= start && w.index < (earlier?.index ?? 0));
    const coordinated = earlier && /^\s*(?:and|&|or|、|和|及|与|,|，)\s*$/i.test(text.slice(earlier.index + earlier.length, term.index));
    if (coordinated && !valueBefore) return undefined;
    const gap = quiet.slice(term.index + term.length, v.index);
    // "cost of sales rose to 26.6% of revenue (+3.4 pts)": the ratio, for the value and its change.
    const ofRevenue = /^\s*of\s+(?:its\s+|the\s+|total\s+)?(?:revenue|sales|turnover)\b/i.test(after);
    const ofAssets = /^\s*of\s+(?:(?:its\s+|the\s+)?(?:total\s+)?assets|them)\b/i.test(after);
    const percent = v.value.unit === 'percent' && !v.measure;
    const metric =
      term.metric === 'cost_of_sales' && percent && ofRevenue
        ? 'cost_of_sales_ratio'
        : term.metric === 'total_liabilities' && percent && ofAssets
          ? 'debt_to_assets'
          : term.metric;
    return isLeadFiller(gap) ? { v, metric, term } : undefined;
  };
  for (let i = 0; i < values.length; i++) paired.push(pairOne(i));

  const trailing = new Set<PeriodMatch>();
  values.forEach((v, i) => {
    const p = periodAfter(text, v, periods, values[i + 1]?.index ?? text.length);
    if (p) trailing.add(p);
  });
  const chosen: Array<FigurePeriod | undefined> = [];
  const periodRightAfter = (i: number) => periodAfter(text, values[i] as ValueMatch, periods, values[i + 1]?.index ?? text.length)?.period;
  const periodOf = (i: number): FigurePeriod | undefined => {
    const v = values[i] as ValueMatch;
    const own = periodRightAfter(i);
    if (own) return own;
    const p = paired[i];
    // "reported $5.2 billion in net income in Q3 FY2025": the period after the metric that follows its amount.
    if (p?.term && p.term.index > v.index) {
      const afterTerm = periodAfter(
        text,
        { ...v, index: p.term.index, length: p.term.length },
        periods,
        values[i + 1]?.index ?? text.length,
      );
      if (afterTerm) return afterTerm.period;
    }
    const prev = p?.chainOf !== undefined ? values[p.chainOf] : undefined;
    const between = prev && periods.some((q) => !trailing.has(q) && q.index >= prev.index + prev.length && q.index + q.length <= v.index);
    // A growth after its level: the level's period, unless a new one (not the level's own) is written between.
    if (p?.chainOf !== undefined && !between) return chosen[p.chainOf];
    const start = sentenceStart(text, v.index);
    const inSentence = periods.filter((q) => q.index >= start && q.index + q.length <= v.index).pop();
    if (inSentence) return inSentence.period;
    // "Revenue rose 9% to $54.4 billion in the first quarter of fiscal 2026": the chain's period.
    for (let j = i + 1; j < values.length && paired[j]?.chainOf !== undefined; j++) {
      const later = periodRightAfter(j);
      if (later) return later;
    }
    return periodBefore(text, v.index, periods);
  };
  values.forEach((_v, i) => {
    chosen[i] = periodOf(i);
  });
  const out: ExtractedFigure[] = [];
  paired.forEach((p, i) => {
    if (!p) return;
    const after = text.slice(p.v.index + p.v.length);
    const inBrackets = p.chainOf !== undefined && /[(（]\s*$/.test(text.slice(0, p.v.index)) && /^[+\-−–]/.test(p.v.written);
    const r = reading(p.metric, p.term?.measure, p.v, after, bracketGrowth && inBrackets);
    if (!r) return;
    const symbol =
      [...companies].reverse().find((c) => c.index + c.length <= p.v.index)?.symbol ?? ctx.company ?? namedAfter(text, p.v, companies);
    if (!symbol) return;
    const period = chosen[i] ?? ctx.period;
    const figure: ExtractedFigure = {
      symbol,
      metric: r.metric,
      measure: r.measure,
      value: EPS_METRICS.has(r.metric) && p.v.value.unit === 'amount' ? { ...p.v.value, unit: 'per_share' } : p.v.value,
      written: p.v.written,
      source: 'text',
      offset: offset + p.v.index,
    };
    if (period) figure.period = { ...period };
    out.push(figure);
  });
  return withoutConflicts(out);
}

/**
 * "ended Q3 with $74.0 billion in cash", "generated RMB 74.74 billion of operating cash flow", "reported
 * $5.2 billion in net income": the metric follows its amount. Only after a verb of having or earning,
 * and not when the sentence goes on to a part of the company ("… of revenue from its cloud segment").
 */
function metricAfterAmount(
  text: string,
  quiet: string,
  v: ValueMatch,
  before: string,
  terms: readonly MetricTerm[],
): MetricTerm | undefined {
  const verb = /(?:\bwith|\bhad|\bheld|\bholds?|\bhas|\bgenerated|\breported|\bposted|\brecorded|\bbooked|\bdelivered|\bearned)\s+$/i;
  if (!verb.test(before)) return undefined;
  const link = /^\s+(?:in|of)\s+/.exec(text.slice(v.index + v.length));
  const term = link ? terms.find((t) => t.index === v.index + v.length + (link[0]?.length ?? 0)) : undefined;
  if (!term) return undefined;
  // Up to the clause's end, with periods and names blanked, only a period may follow: "… of revenue
  // in China", "… from iPhone", "… in its cloud business" are parts of the company.
  const rest = quiet.slice(term.index + term.length);
  const end = rest.search(/[,，。；;!?！？\n]|\.\s|\.$|\s(?:and|while|but|as|up|down|versus|vs)\s/i);
  const tail = rest.slice(0, end < 0 ? rest.length : end).replace(/\s+/g, ' ');
  const periodOnly =
    /^ ?(?:(?:in|for|during|over|at the end of|at the close of|as of|as at|at|by) (?:the )?(?:end-)?)? ?$/i.test(tail) ||
    /^ ?(?:in|for|during|over) the (?:quarter|period|year|half|first half|first nine months|nine months) ?$/i.test(tail) ||
    /^ ?(?:as of|as at) [A-Z][a-z]+\.? \d{1,2} ?$/.test(tail);
  return periodOnly ? term : undefined;
}

/** "Revenue rose 9% to $54.4 billion … for NVIDIA": the one company its sentence names after it. */
function namedAfter(text: string, v: ValueMatch, companies: readonly CompanyMatch[]): string | undefined {
  const rest = text.slice(v.index);
  const end = rest.search(/[。；;!?！？\n]|\.\s/);
  const until = v.index + (end < 0 ? rest.length : end);
  const symbols = new Set(companies.filter((c) => c.index >= v.index && c.index < until).map((c) => c.symbol));
  return symbols.size === 1 ? [...symbols][0] : undefined;
}

/** Two different values for one company, metric and period in one text: neither is trusted. */
function withoutConflicts(figures: ExtractedFigure[]): ExtractedFigure[] {
  const values = new Map<string, Set<number>>();
  const key = (f: ExtractedFigure) => [f.symbol, f.metric, f.measure, periodKey(f.period)].join('|');
  for (const f of figures) values.set(key(f), (values.get(key(f)) ?? new Set()).add(f.value.value));
  return figures.filter((f) => (values.get(key(f))?.size ?? 0) <= 1);
}
