/**
 * How the demo agent's report names a period, in the report's language: English keeps the one
 * scheme of the app's cards (`FY2026`, `H1 FY2026`, `Q2 FY2026`); Chinese names a report as a
 * Chinese reader does (2026年年报, 2026年中报, 2026年一季报, 2026年第二季度 when the fiscal year is
 * the calendar year; 2026财年, 2026财年上半年, 2026财年第二季度 otherwise), as the app's glossary
 * (src/language/period-words.ts) does. The emulator imports nothing of the app, hence this copy.
 */
import type { Lang } from './report-format.js';

export type PeriodPart = 'FY' | 'H1' | 'Q1' | 'Q2' | 'Q3' | 'Q4';

export interface PeriodRef {
  fiscalYear: number;
  part: PeriodPart;
  /** YYYY-MM-DD: tells a calendar fiscal year from another. */
  endDate: string;
}

const CALENDAR_END_MONTH: Record<PeriodPart, number> = { FY: 12, H1: 6, Q1: 3, Q2: 6, Q3: 9, Q4: 12 };
const CALENDAR_ZH: Record<PeriodPart, string> = { FY: '年报', H1: '中报', Q1: '一季报', Q2: '第二季度', Q3: '第三季度', Q4: '第四季度' };
const FISCAL_ZH: Record<PeriodPart, string> = { FY: '', H1: '上半年', Q1: '第一季度', Q2: '第二季度', Q3: '第三季度', Q4: '第四季度' };

export function periodText(p: PeriodRef, lang: Lang): string {
  if (lang === 'en') return p.part === 'FY' ? `FY${p.fiscalYear}` : `${p.part} FY${p.fiscalYear}`;
  const m = /^(\d{4})-(\d{2})/.exec(p.endDate);
  const calendar = m !== null && Number(m[1]) === p.fiscalYear && Number(m[2]) === CALENDAR_END_MONTH[p.part];
  return calendar ? `${p.fiscalYear}年${CALENDAR_ZH[p.part]}` : `${p.fiscalYear}财年${FISCAL_ZH[p.part]}`;
}

/** A statement header's period: `fiscal_quarter` Q1–Q4 of a quarterly record, FY of an annual one. */
export function statementPeriod(h: { fiscal_year: string; fiscal_quarter: string; period: string; end_date: string }): PeriodRef {
  const part = h.period === 'annual' ? 'FY' : (/^Q[1-4]$/.exec(h.fiscal_quarter)?.[0] as PeriodPart | undefined);
  return { fiscalYear: Number(h.fiscal_year), part: part ?? 'FY', endDate: h.end_date };
}
