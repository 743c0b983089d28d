/**
 * Lines up several companies' figures by period for `/financials compare`. Periods are matched
 * by fiscal year and period type (FY, Q1…), never by position: Apple's FY2024 ends in September,
 * Moutai's in December, and a company that has not reported a period yet gets a gap ("—") there
 * instead of having its older figures shifted under the newer heading. Pure: no formatting, no
 * currency conversion — each company keeps its own currency, and the result says when they differ.
 */
import { periodLabel } from '../../../periods/period-label.js';

/** One reported period of one company: metric id → value (undefined when not reported). */
export interface CompanyPeriodFigures {
  fiscalYear: string;
  /** FY, Q1…Q4, H1: what the service calls the period within the fiscal year. */
  periodType: string;
  values: Readonly<Record<string, number | undefined>>;
}

export interface CompanyFigures {
  /** Canonical `<MARKET>:<code>`. */
  symbol: string;
  name?: string;
  /** The reporting currency ('' when the service did not say). */
  currency: string;
  periods: readonly CompanyPeriodFigures[];
}

export interface AlignedPeriod {
  /** `fiscalYear|periodType`: the identity periods are matched by. */
  key: string;
  fiscalYear: string;
  periodType: string;
  /** "FY2024", "2025 Q2": built from the key, so every company's column says the same. */
  label: string;
  /** Every company reported it. */
  common: boolean;
}

export interface AlignedCompany {
  symbol: string;
  name?: string;
  currency: string;
  /** metric id → one value per aligned period (same order as `periods`), undefined for a gap. */
  values: Record<string, Array<number | undefined>>;
}

export interface AlignedComparison {
  metrics: string[];
  /** Newest first. */
  periods: AlignedPeriod[];
  /** In the order given. */
  companies: AlignedCompany[];
  /** Distinct non-empty currencies, in order of first appearance. */
  currencies: string[];
  /** True when the companies report in more than one currency: amounts must not be compared directly. */
  mixedCurrencies: boolean;
}

export function periodKey(p: Pick<CompanyPeriodFigures, 'fiscalYear' | 'periodType'>): string {
  return `${p.fiscalYear.trim()}|${p.periodType.trim().toUpperCase()}`;
}

/** Where a period falls in its fiscal year, for ordering (the full year last). */
const PERIOD_RANK: Record<string, number> = { Q1: 1, Q2: 2, H1: 2.5, Q3: 3, '9M': 3.5, Q4: 4, FY: 5 };

function comparePeriods(a: AlignedPeriod, b: AlignedPeriod): number {
  if (a.fiscalYear !== b.fiscalYear) return b.fiscalYear.localeCompare(a.fiscalYear, 'en', { numeric: true });
  const ra = PERIOD_RANK[a.periodType] ?? 0;
  const rb = PERIOD_RANK[b.periodType] ?? 0;
  return ra !== rb ? rb - ra : a.periodType.localeCompare(b.periodType);
}

export function periodLabelOf(fiscalYear: string, periodType: string): string {
  // The one period scheme of every card and export (src/periods): `FY2024`, `Q3 FY2024`.
  return periodLabel({ fiscalYear, fiscalQuarter: periodType });
}

/** Aligns the companies' periods for the metrics given (in that order). */
export function alignComparison(companies: readonly CompanyFigures[], metrics: readonly string[]): AlignedComparison {
  // A company's first record for a key wins (the service lists the latest filing first).
  const byCompany = companies.map((c) => {
    const map = new Map<string, CompanyPeriodFigures>();
    for (const p of c.periods) {
      const key = periodKey(p);
      if (!map.has(key)) map.set(key, p);
    }
    return map;
  });
  const union = new Map<string, AlignedPeriod>();
  for (const map of byCompany) {
    for (const [key, p] of map) {
      if (union.has(key)) continue;
      const fiscalYear = p.fiscalYear.trim();
      const periodType = p.periodType.trim().toUpperCase();
      union.set(key, {
        key,
        fiscalYear,
        periodType,
        label: periodLabelOf(fiscalYear, periodType),
        common: byCompany.every((m) => m.has(key)),
      });
    }
  }
  const periods = [...union.values()].sort(comparePeriods);
  const currencies = [...new Set(companies.map((c) => c.currency.trim()).filter(Boolean))];
  return {
    metrics: [...metrics],
    periods,
    companies: companies.map((c, i) => {
      const map = byCompany[i] ?? new Map<string, CompanyPeriodFigures>();
      const values: Record<string, Array<number | undefined>> = {};
      for (const metric of metrics) values[metric] = periods.map((p) => map.get(p.key)?.values[metric]);
      return { symbol: c.symbol, ...(c.name ? { name: c.name } : {}), currency: c.currency.trim(), values };
    }),
    currencies,
    mixedCurrencies: currencies.length > 1,
  };
}

/**
 * The newest `max` periods to show, common ones first: a period every company reported is worth
 * more than one only some have, so common periods are never pushed out by partial ones.
 */
export function periodsToShow(aligned: AlignedComparison, max: number): AlignedPeriod[] {
  const common = aligned.periods.filter((p) => p.common);
  const partial = aligned.periods.filter((p) => !p.common);
  const chosen = new Set([...common, ...partial].slice(0, Math.max(0, max)).map((p) => p.key));
  return aligned.periods.filter((p) => chosen.has(p.key));
}
