/**
 * Period labels in the answer's language. English keeps the one scheme of
 * src/periods/period-label.ts (`FY2026`, `H1 FY2026`, `Q2 FY2026`, `9M FY2026`). Chinese names
 * a report the way a Chinese reader does: a fiscal year that is the calendar year gives the
 * report names 2026年年报 / 2026年中报 / 2026年一季报 / 2026年三季报 (nine months) and
 * 2026年第二季度 for a single quarter; any other (or unknown) fiscal year says 财年:
 * 2026财年, 2026财年上半年, 2026财年第二季度, 2026财年前三季度.
 */
import { periodLabel, readPeriod, type PeriodFields, type PeriodKind } from '../periods/period-label.js';
import type { AnswerLanguage } from './answer-language.js';

/** The calendar month a period of a calendar fiscal year ends in. */
const CALENDAR_END_MONTH: Record<PeriodKind, number> = { FY: 12, H1: 6, H2: 12, Q1: 3, Q2: 6, Q3: 9, Q4: 12, '9M': 9 };

/** Report names of a calendar fiscal year (A-share and Hong Kong usage). */
const CALENDAR_ZH: Record<PeriodKind, string> = {
  FY: '年报',
  H1: '中报',
  H2: '下半年',
  Q1: '一季报',
  Q2: '第二季度',
  Q3: '第三季度',
  Q4: '第四季度',
  '9M': '三季报',
};

/** Parts of a fiscal year that is not the calendar year. */
const FISCAL_ZH: Record<PeriodKind, string> = {
  FY: '',
  H1: '上半年',
  H2: '下半年',
  Q1: '第一季度',
  Q2: '第二季度',
  Q3: '第三季度',
  Q4: '第四季度',
  '9M': '前三季度',
};

/** True when the period's end date shows its fiscal year is the calendar year. */
function onCalendar(kind: PeriodKind, fiscalYear: number, endDate: string | undefined): boolean {
  const m = /^(\d{4})-(\d{2})/.exec(endDate ?? '');
  if (!m) return false;
  return Number(m[1]) === fiscalYear && Number(m[2]) === CALENDAR_END_MONTH[kind];
}

/** "2026年中报" / "2026财年第二季度"; English: "H1 FY2026". Unknown parts fall back like periodLabel. */
export function localPeriodLabel(fields: PeriodFields, lang: AnswerLanguage): string {
  if (lang === 'en') return periodLabel(fields);
  const p = readPeriod(fields);
  if (p.fiscalYear !== undefined && p.kind) {
    return onCalendar(p.kind, p.fiscalYear, p.endDate)
      ? `${p.fiscalYear}年${CALENDAR_ZH[p.kind]}`
      : `${p.fiscalYear}财年${FISCAL_ZH[p.kind]}`;
  }
  if (p.endDate) return p.endDate;
  if (p.fiscalYear !== undefined) return `${p.fiscalYear}财年`;
  return '—';
}
