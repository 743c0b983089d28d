/**
 * The run's source document for a statement figure: one whose title names the company and the
 * filing that holds the period ("贵州茅台：2025年第1季度报告", "NVIDIA Form 10-Q for Q2 FY2025").
 * A filing holds more than its own period: a second-quarter report also gives the half year, a
 * third-quarter one the nine months (an A-share 三季报 is both), an annual one the fourth quarter.
 */
import { periodKindOf, type PeriodKind } from '../../periods/period-label.js';
import type { KnownCompany, StatementFigure } from '../figure-types.js';

export interface SourceDocument {
  title: string;
  url: string;
}

const CHINESE_QUARTER = /第\s*([1-4一二三四])\s*季度?/;
const QUARTER_DIGITS: Record<string, PeriodKind> = { '1': 'Q1', 一: 'Q1', '2': 'Q2', 二: 'Q2', '3': 'Q3', 三: 'Q3', '4': 'Q4', 四: 'Q4' };

/** The period a filing's title names, if it names one with a year. */
export function titlePeriod(title: string): { fiscalYear: number; kind: PeriodKind } | undefined {
  const year = /(?:FY\s?)?((?:19|20)\d{2})/.exec(title)?.[1];
  if (!year) return undefined;
  const quarter = CHINESE_QUARTER.exec(title)?.[1];
  const kind =
    (quarter && QUARTER_DIGITS[quarter]) || periodKindOf(title) || (/10-K|20-F|年度报告|annual report/i.test(title) ? 'FY' : undefined);
  return kind ? { fiscalYear: Number(year), kind } : undefined;
}

/** The periods a filing of this kind reports. */
const HOLDS: Record<PeriodKind, readonly PeriodKind[]> = {
  FY: ['FY', 'Q4', 'H2'],
  H1: ['H1', 'Q2'],
  H2: ['H2', 'Q4'],
  '9M': ['9M', 'Q3'],
  Q1: ['Q1'],
  Q2: ['Q2', 'H1'],
  Q3: ['Q3', '9M'],
  Q4: ['Q4', 'FY', 'H2'],
};

/** Ways a title may name the company: its names, its code, and a Hong Kong code without leading zeros. */
function companyWords(symbol: string, companies: readonly KnownCompany[]): string[] {
  const code = symbol.includes(':') ? symbol.slice(symbol.indexOf(':') + 1) : symbol;
  const words = [symbol, code, code.replace(/^0+(?=\d)/, '')];
  for (const c of companies) if (c.symbol === symbol) words.push(...c.names);
  return words.filter((w) => w.trim().length >= 2).map((w) => w.toLowerCase());
}

function namesCompany(title: string, words: readonly string[]): boolean {
  const t = title.toLowerCase();
  return words.some((w) => {
    // A bare code must stand alone: "700" is inside "2025-07-00" or "7000".
    if (/^[\da-z]+$/.test(w)) return new RegExp(`(?<![\\da-z])${w}(?![\\da-z])`).test(t);
    return t.includes(w);
  });
}

export function sourceForPeriod(
  symbol: string,
  period: StatementFigure['period'],
  sources: readonly SourceDocument[],
  companies: readonly KnownCompany[] = [],
): string | undefined {
  const words = companyWords(symbol, companies);
  for (const source of sources) {
    const named = titlePeriod(source.title);
    if (!named || named.fiscalYear !== period.fiscalYear || !HOLDS[named.kind].includes(period.kind)) continue;
    if (namesCompany(source.title, words)) return source.url;
  }
  return undefined;
}
