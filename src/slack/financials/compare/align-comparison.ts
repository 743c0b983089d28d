/**
 * Lines up several companies' figures on the calendar for `/financials compare`. A row is a
 * calendar period; each company's fiscal period goes into the row whose periods it shares the most
 * months with, and only when every two periods of the row share at least 9 of a year's 12 months
 * (2 of a quarter's 3): NVIDIA's FY2025 (to January 2025) sits beside AMD's FY2024 (to December
 * 2024), never beside AMD's FY2025. Matching fiscal-year labels instead put periods eleven months
 * apart in one row (issue 29).
 *
 * Where fiscal years end in different months, a trailing-twelve-month row follows (each company's
 * latest four quarters summed), or for a balance sheet, which is a position and is never summed, a
 * latest-reported row (each company's newest balance sheet): paired by the same rule, as the
 * twelve months to each date, so positions more than 3 months apart are never side by side. A company with nothing
 * to pair in a row gets a gap ("—"), and the result says why. Pure: no formatting, no currency
 * conversion — each company keeps its own currency, and the result says when they differ.
 */
import { periodLabel, periodKindOf } from '../../../periods/period-label.js';
import { pairPeriods, type PairedRow } from '../../../periods/pair-periods.js';
import { formatMonth, MONTHS_OF_KIND, monthsInCommon, readEndDate, type PeriodSpan } from '../../../periods/period-span.js';

/** One reported period of one company: metric id → value (undefined when not reported). */
export interface CompanyPeriodFigures {
  fiscalYear: string;
  /** FY, Q1…Q4, H1: what the service calls the period within the fiscal year. */
  periodType: string;
  /** The period's last day as the service gives it; missing or not a date: unknown, never guessed. */
  endDate?: string;
  values: Readonly<Record<string, number | undefined>>;
}

/** The sum of a company's latest four quarters. */
export interface TrailingFigures {
  /** "Q2 FY2025–Q1 FY2026". */
  label: string;
  /** The newest quarter's end (YYYY-MM-DD). */
  endDate: string;
  values: Readonly<Record<string, number | undefined>>;
}

export interface CompanyFigures {
  /** Canonical `<MARKET>:<code>`. */
  symbol: string;
  name?: string;
  /** The reporting currency ('' when the service did not say). */
  currency: string;
  /** Periods of one kind (years, or quarters), newest first. */
  periods: readonly CompanyPeriodFigures[];
  /** Trailing twelve months, or why there is none; absent when not asked for. */
  ttm?: TrailingFigures | { reason: string };
  /** The newest reported position (a balance sheet's quarter end); absent when not asked for. */
  latest?: CompanyPeriodFigures;
}

/** A company's period in a row: its own label and its end (undefined: the service gave none). */
export interface PeriodRef {
  label: string;
  endDate?: string;
}

/**
 * `calendar`: a calendar period; `ttm`: trailing twelve months; `latest`: the newest balance
 * sheet; `unplaced`: a period whose end is unknown (not on the calendar: exported, not tabled).
 */
export type RowKind = 'calendar' | 'ttm' | 'latest' | 'unplaced';

export interface AlignedRow {
  kind: RowKind;
  /** "CY2024", "Q1 CY2025", "TTM", "Latest reported", "End unknown". */
  label: string;
  /** One per company (order of `companies`): its period in this row, or undefined for a gap. */
  periods: Array<PeriodRef | undefined>;
  /** Every company has a period in this row. */
  common: boolean;
  /** The fewest months any two of the row's periods share (undefined with one period). */
  monthsInCommon?: number;
}

export interface AlignedCompany {
  symbol: string;
  name?: string;
  currency: string;
  /** metric id → one value per row (same order as `rows`), undefined for a gap. */
  values: Record<string, Array<number | undefined>>;
}

/** Two companies no row pairs, and the most months any two of their periods share. */
export interface UnpairedCompanies {
  a: number;
  b: number;
  months: number;
  aPeriod?: PeriodRef;
  bPeriod?: PeriodRef;
}

export interface AlignedComparison {
  metrics: string[];
  /** Calendar rows newest first, then trailing-twelve-month, latest-reported and unplaced rows. */
  rows: AlignedRow[];
  /** In the order given. */
  companies: AlignedCompany[];
  /** Distinct non-empty currencies, in order of first appearance. */
  currencies: string[];
  /** True when the companies report in more than one currency: amounts must not be compared directly. */
  mixedCurrencies: boolean;
  /** The companies' fiscal years end in different months (or a year end is unknown). */
  fiscalYearsDiffer: boolean;
  /** Pairs of companies whose periods never share enough months for a row. */
  unpaired: UnpairedCompanies[];
  /** Companies with no trailing-twelve-month figure, and why (when the row is shown). */
  ttmMissing: Array<{ company: number; reason: string }>;
}

export function periodLabelOf(fiscalYear: string, periodType: string): string {
  // The one period scheme of every card and export (src/periods): `FY2024`, `Q3 FY2024`.
  return periodLabel({ fiscalYear, fiscalQuarter: periodType });
}

function refOf(p: CompanyPeriodFigures): PeriodRef {
  const endDate = readEndDate(p.endDate);
  return { label: periodLabelOf(p.fiscalYear.trim(), p.periodType.trim().toUpperCase()), ...(endDate ? { endDate } : {}) };
}

/** The months a period covers on the calendar; undefined when its end or its length is unknown. */
export function spanOf(p: Pick<CompanyPeriodFigures, 'periodType' | 'endDate'>): PeriodSpan | undefined {
  const endDate = readEndDate(p.endDate);
  const kind = periodKindOf(p.periodType);
  const months = kind ? MONTHS_OF_KIND[kind] : undefined;
  return endDate && months ? { endDate, months } : undefined;
}

/** Months from a period's end to its fiscal year's end. */
const MONTHS_TO_YEAR_END: Readonly<Record<string, number>> = { FY: 0, Q4: 0, H2: 0, Q3: 3, '9M': 3, Q2: 6, H1: 6, Q1: 9 };

/**
 * The month (1–12) a company's fiscal year ends, read from its first period with a known end: a
 * 52/53-week year's end a few days into a month (NVIDIA's 2 Feb) counts as the month before.
 */
export function fiscalYearEndMonth(periods: readonly Pick<CompanyPeriodFigures, 'periodType' | 'endDate'>[]): number | undefined {
  for (const p of periods) {
    const end = readEndDate(p.endDate);
    const kind = periodKindOf(p.periodType);
    const offset = kind ? MONTHS_TO_YEAR_END[kind] : undefined;
    if (!end || offset === undefined) continue;
    const [, m, d] = end.split('-').map(Number);
    const month = (m ?? 1) - ((d ?? 31) < 15 ? 1 : 0) + offset;
    return ((((month - 1) % 12) + 12) % 12) + 1;
  }
  return undefined;
}

/** True when the year ends differ, or one cannot be told (then the trailing rows are worth showing). */
export function fiscalYearsDiffer(companies: readonly Pick<CompanyFigures, 'periods'>[]): boolean {
  const ends = companies.map((c) => fiscalYearEndMonth(c.periods));
  return ends.some((m) => m === undefined) || new Set(ends).size > 1;
}

interface Slot {
  ref: PeriodRef;
  values: Readonly<Record<string, number | undefined>>;
}

/**
 * Rows of one kind, each named once: two rows that would share a name (Apple's year to September
 * cannot sit beside NVIDIA's to January, and both are mostly calendar 2024) say where each ends.
 */
function rowsOf(kind: RowKind, label: (r: PairedRow<Slot>) => string, paired: ReadonlyArray<PairedRow<Slot>>) {
  const names = paired.map(label);
  return paired.map((r, i) => {
    const name = names[i] ?? '';
    const shared = names.filter((n) => n === name).length > 1;
    return {
      kind,
      label: shared ? `${name} (to ${formatMonth(r.latestEnd)})` : name,
      members: r.members,
      monthsInCommon: r.monthsInCommon,
    };
  });
}

/** The most months any period of company a shares with any of company b (both with known ends). */
function closest(a: readonly CompanyPeriodFigures[], b: readonly CompanyPeriodFigures[]) {
  let best: { months: number; aPeriod: PeriodRef; bPeriod: PeriodRef } | undefined;
  for (const p of a) {
    const sp = spanOf(p);
    if (!sp) continue;
    for (const q of b) {
      const sq = spanOf(q);
      if (!sq || sq.months !== sp.months) continue;
      const months = monthsInCommon(sp, sq);
      if (!best || months > best.months) best = { months, aPeriod: refOf(p), bPeriod: refOf(q) };
    }
  }
  return best;
}

/** Aligns the companies' periods for the metrics given (in that order). */
export function alignComparison(companies: readonly CompanyFigures[], metrics: readonly string[]): AlignedComparison {
  const slot = (p: CompanyPeriodFigures): Slot & { source: CompanyPeriodFigures } => ({ ref: refOf(p), values: p.values, source: p });
  const calendar = pairPeriods(
    companies.map((c) => c.periods.map(slot)),
    (s) => spanOf(s.source),
  );
  const ttms = companies.map((c) => (c.ttm && 'endDate' in c.ttm ? [c.ttm] : []));
  const ttm = pairPeriods(
    ttms.map((list) => list.map((t): Slot => ({ ref: { label: t.label, endDate: t.endDate }, values: t.values }))),
    (s) => (s.ref.endDate ? { endDate: s.ref.endDate, months: 12 } : undefined),
  );
  // A position is paired as the twelve months to its date: at most 3 months apart.
  const latest = pairPeriods(
    companies.map((c) => (c.latest ? [slot(c.latest)] : [])),
    (s) => (s.ref.endDate ? { endDate: s.ref.endDate, months: 12 } : undefined),
  );
  const n = companies.length;
  const unplacedRows = calendar.unplaced.flatMap((list, ci) =>
    list.map((s) => ({
      kind: 'unplaced' as const,
      label: 'End unknown',
      members: Array.from({ length: n }, (_, i) => (i === ci ? s : undefined)) as Array<Slot | undefined>,
      monthsInCommon: undefined,
    })),
  );
  const all = [
    ...rowsOf('calendar', (r) => r.label, calendar.rows),
    ...rowsOf('ttm', () => 'TTM', ttm.rows),
    ...rowsOf('latest', () => 'Latest reported', latest.rows),
    ...unplacedRows,
  ];
  const rows: AlignedRow[] = all.map((r) => ({
    kind: r.kind,
    label: r.label,
    periods: r.members.map((m) => m?.ref),
    common: r.members.every((m) => m !== undefined),
    ...(r.monthsInCommon !== undefined ? { monthsInCommon: r.monthsInCommon } : {}),
  }));
  const unpaired: UnpairedCompanies[] = [];
  for (let a = 0; a < n; a += 1) {
    for (let b = a + 1; b < n; b += 1) {
      if (calendar.rows.some((r) => r.members[a] !== undefined && r.members[b] !== undefined)) continue;
      const near = closest(companies[a]?.periods ?? [], companies[b]?.periods ?? []);
      unpaired.push({ a, b, months: near?.months ?? 0, ...(near ? { aPeriod: near.aPeriod, bPeriod: near.bPeriod } : {}) });
    }
  }
  const currencies = [...new Set(companies.map((c) => c.currency.trim()).filter(Boolean))];
  return {
    metrics: [...metrics],
    rows,
    companies: companies.map((c, ci) => {
      const values: Record<string, Array<number | undefined>> = {};
      for (const metric of metrics) values[metric] = all.map((r) => r.members[ci]?.values[metric]);
      return { symbol: c.symbol, ...(c.name ? { name: c.name } : {}), currency: c.currency.trim(), values };
    }),
    currencies,
    mixedCurrencies: currencies.length > 1,
    fiscalYearsDiffer: fiscalYearsDiffer(companies),
    unpaired,
    ttmMissing: companies.flatMap((c, company) => (c.ttm && 'reason' in c.ttm ? [{ company, reason: c.ttm.reason }] : [])),
  };
}

/**
 * The rows a card shows: the newest `max` calendar rows, those most companies are in first (a row
 * all companies share is worth more than one only some have), yet every company in one at least
 * when `max` allows (a company no other pairs with keeps its newest year), then every trailing row.
 */
export function rowsToShow(aligned: AlignedComparison, max: number): AlignedRow[] {
  const calendar = aligned.rows.filter((r) => r.kind === 'calendar');
  const members = (r: AlignedRow): number => r.periods.filter(Boolean).length;
  const byMembers = [...calendar].sort((a, b) => members(b) - members(a) || calendar.indexOf(a) - calendar.indexOf(b));
  const chosen = byMembers.slice(0, Math.max(0, max));
  aligned.companies.forEach((_, ci) => {
    if (chosen.some((r) => r.periods[ci])) return;
    const newest = calendar.find((r) => r.periods[ci]);
    // Room is made by dropping the least wanted row that no company needs as its only one.
    const spare = [...chosen].reverse().find((r) => r.periods.every((p, i) => !p || chosen.some((o) => o !== r && o.periods[i])));
    if (newest && spare) chosen.splice(chosen.indexOf(spare), 1, newest);
  });
  return aligned.rows.filter((r) => chosen.includes(r) || r.kind === 'ttm' || r.kind === 'latest');
}
