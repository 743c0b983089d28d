/**
 * The one period-label scheme of every card, chart, export and the agent's report:
 * `FY2024` for a full year, `H1 FY2024` for a half year, `Q3 FY2024` for a quarter and
 * `9M FY2024` for nine months to date. The year is always the fiscal year, never repeated.
 *
 * The service labels periods several ways (interface, "Balance sheet record" and "Company revenue
 * breakdown"; the published samples): `fiscal_quarter` Q1–Q4, FY, H1 or `Q3 (9 months)` next to
 * `period` annual/quarterly on statements, and on the revenue breakdown a free-text `period`
 * (`FY2024`, `H1 FY2024`, `FY`, `Q2`, or Chinese report names such as 年报, 中报, 三季报) with an
 * integer `fiscal_year`. This module reads them all into one `ReportPeriod`.
 *
 * A leaf (imports nothing) so that both src/slack/blocks and src/agent may use it.
 */

/** Which part of a fiscal year a report covers. */
export type PeriodKind = 'FY' | 'H1' | 'H2' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | '9M';

export interface ReportPeriod {
  kind?: PeriodKind;
  fiscalYear?: number;
  /** YYYY-MM-DD, when known. */
  endDate?: string;
}

/** The fields any service record may carry about its period (statement headers, revenue periods, calendar entries). */
export interface PeriodFields {
  fiscalYear?: string | number | undefined;
  fiscalQuarter?: string | undefined;
  period?: string | undefined;
  endDate?: string | undefined;
}

/** Report names the service uses, in the order they are tried (the first match wins). */
const KIND_PATTERNS: ReadonlyArray<[RegExp, PeriodKind]> = [
  [/9\s*months?|(?<![A-Za-z\d])9M(?![A-Za-z])|前三季|1-9月/i, '9M'],
  [/(?<![A-Za-z])H1(?!\d)|(?<!\d)1H(?![A-Za-z])|half[-\s]?year|interim|半年|中报|中期/i, 'H1'],
  [/(?<![A-Za-z])H2(?!\d)|(?<!\d)2H(?![A-Za-z])|second half|下半年/i, 'H2'],
  [/(?<![A-Za-z])Q1(?!\d)|(?<!\d)1Q(?![A-Za-z])|first quarter|一季/i, 'Q1'],
  [/(?<![A-Za-z])Q2(?!\d)|(?<!\d)2Q(?![A-Za-z])|second quarter|二季/i, 'Q2'],
  [/(?<![A-Za-z])Q3(?!\d)|(?<!\d)3Q(?![A-Za-z])|third quarter|三季/i, 'Q3'],
  [/(?<![A-Za-z])Q4(?!\d)|(?<!\d)4Q(?![A-Za-z])|fourth quarter|四季/i, 'Q4'],
  [/(?<![A-Za-z])FY|annual|full[-\s]?year|年报|年度/i, 'FY'],
];

/** The kind a label names, or undefined ("quarterly" alone names none). */
export function periodKindOf(text: string | undefined): PeriodKind | undefined {
  const t = (text ?? '').trim();
  if (!t) return undefined;
  // "Q3 (9 months)" is the cash flow's nine months to date, not the third quarter alone.
  for (const [pattern, kind] of KIND_PATTERNS) if (pattern.test(t)) return kind;
  return undefined;
}

function yearOf(f: PeriodFields): number | undefined {
  const explicit = Number(String(f.fiscalYear ?? '').trim());
  if (String(f.fiscalYear ?? '').trim() && Number.isInteger(explicit) && explicit > 0) return explicit;
  const inLabel = /(?:FY\s?)?((?:19|20)\d{2})/.exec(f.period ?? '')?.[1];
  if (inLabel) return Number(inLabel);
  const fromEnd = /^(\d{4})-/.exec(f.endDate ?? '')?.[1];
  return fromEnd ? Number(fromEnd) : undefined;
}

/** Reads a record's period: the quarter field first (it is precise), then the period text. */
export function readPeriod(f: PeriodFields): ReportPeriod {
  const kind = periodKindOf(f.fiscalQuarter) ?? periodKindOf(f.period);
  const fiscalYear = yearOf(f);
  const out: ReportPeriod = {};
  if (kind) out.kind = kind;
  if (fiscalYear !== undefined) out.fiscalYear = fiscalYear;
  if (f.endDate) out.endDate = f.endDate;
  return out;
}

/** "FY2024", "H1 FY2024", "Q3 FY2024", "9M FY2024"; else the end date; else "—". */
export function periodLabel(f: PeriodFields): string {
  const p = readPeriod(f);
  if (p.fiscalYear !== undefined && p.kind) return p.kind === 'FY' ? `FY${p.fiscalYear}` : `${p.kind} FY${p.fiscalYear}`;
  if (p.endDate) return p.endDate;
  if (p.fiscalYear !== undefined) return `FY${p.fiscalYear}`;
  return '—';
}

/**
 * The period to compare `latest` with: the newest earlier one of the same kind (annual with
 * annual, H1 with H1, Q3 with Q3), never a half year with a full year. Undefined when there is
 * none, or when the kind of either is unknown (no comparison beats a wrong one).
 */
export function comparablePeriod<T extends PeriodFields>(latest: T, candidates: readonly T[]): T | undefined {
  const want = readPeriod(latest);
  if (!want.kind) return undefined;
  const before = candidates
    .filter((c) => c !== latest)
    .map((c) => ({ c, p: readPeriod(c) }))
    .filter(({ p }) => p.kind === want.kind && isEarlier(p, want))
    .sort((a, b) => compareNewestFirst(a.p, b.p));
  return before[0]?.c;
}

function isEarlier(a: ReportPeriod, b: ReportPeriod): boolean {
  if (a.endDate && b.endDate) return a.endDate < b.endDate;
  return a.fiscalYear !== undefined && b.fiscalYear !== undefined && a.fiscalYear < b.fiscalYear;
}

function compareNewestFirst(a: ReportPeriod, b: ReportPeriod): number {
  if (a.endDate && b.endDate) return b.endDate.localeCompare(a.endDate);
  return (b.fiscalYear ?? 0) - (a.fiscalYear ?? 0);
}
