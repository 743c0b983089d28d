/**
 * The periods a text names, in English and Chinese: "Q1 FY2026", "fiscal 2024", "in 2024",
 * "2025年一季报", "2024年三季报" (nine months, as A-share third-quarter reports are), "2026财年第二季度",
 * "3Q24". A year named without "fiscal" ("2024年", "in 2024", "Q3 2024") is marked calendarYear: a
 * company whose fiscal year is not the calendar year may mean another fiscal year by it.
 * "(to 2025-04-30)" / "（截至 2025-03-31）" right after a period gives its end date.
 */
import type { PeriodKind } from '../../periods/period-label.js';
import type { FigurePeriod } from '../figure-types.js';

export interface PeriodMatch {
  period: FigurePeriod;
  index: number;
  length: number;
}

type Reader = (m: RegExpExecArray) => FigurePeriod | undefined;

const ORDINAL: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, 一: 1, 二: 2, 三: 3, 四: 4 };

function ordinal(word: string | undefined): number | undefined {
  if (!word) return undefined;
  return ORDINAL[word.toLowerCase()] ?? (/^[1-4]$/.test(word) ? Number(word) : undefined);
}

function year(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const y = Number(text.replace(/^'/, ''));
  if (!Number.isInteger(y)) return undefined;
  const full = text.replace(/^'/, '').length === 2 ? 2000 + y : y;
  return full >= 1990 && full <= 2100 ? full : undefined;
}

function quarter(n: number | undefined): PeriodKind | undefined {
  return n ? (`Q${n}` as PeriodKind) : undefined;
}

function period(fy: number | undefined, kind: PeriodKind | undefined, calendarYear = false): FigurePeriod | undefined {
  if (fy === undefined || !kind) return undefined;
  return calendarYear ? { fiscalYear: fy, kind, calendarYear: true } : { fiscalYear: fy, kind };
}

/** A Chinese report or span name after "2024年" / "2026财年": the kind, and whether it names a fiscal period itself. */
function zhKind(word: string | undefined): { kind: PeriodKind; fiscal: boolean } | undefined {
  const w = (word ?? '').replace(/\s/g, '');
  if (w === '') return { kind: 'FY', fiscal: false };
  if (/^(?:年报|年度报告|年度|报|度|度报告)$/.test(w)) return { kind: 'FY', fiscal: true };
  if (w === '全年') return { kind: 'FY', fiscal: false };
  if (/^(?:一季报|第一季度报告)$/.test(w)) return { kind: 'Q1', fiscal: true };
  if (/^(?:中报|半年报|半年度报告|中期报告|中期)$/.test(w)) return { kind: 'H1', fiscal: true };
  if (/^(?:三季报|第三季度报告)$/.test(w)) return { kind: '9M', fiscal: true };
  if (/^(?:前三季度|前三季|1-9月)$/.test(w)) return { kind: '9M', fiscal: false };
  if (w === '上半年' || w === '1-6月') return { kind: 'H1', fiscal: false };
  if (w === '下半年') return { kind: 'H2', fiscal: false };
  const q = /^(?:第)?([一二三四1-4])季度|^Q([1-4])$/i.exec(w);
  const kind = quarter(ordinal(q?.[1] ?? q?.[2]));
  return kind ? { kind, fiscal: false } : undefined;
}

const ZH_SPAN = `年度报告|年报|年度|一季报|第一季度报告|中报|半年度报告|半年报|中期报告|中期|三季报|第三季度报告|前三季度|前三季|1-9月|1-6月|上半年|下半年|全年|第[一二三四1-4]季度|[一二三四1-4]季度|Q[1-4]`;

const PATTERNS: ReadonlyArray<[RegExp, Reader]> = [
  // Q1 FY2026, H1 FY2025, 9M FY2025, Q3 of FY25
  [/\b(Q[1-4]|H[12]|9M)\s*(?:of\s+)?FY\s?('?\d{4}|'?\d{2})\b/gi, (m) => period(year(m[2]), (m[1] ?? '').toUpperCase() as PeriodKind)],
  // the first quarter of fiscal 2026, the first half of fiscal year 2025, the nine months of FY2025
  [
    /\b(?:the\s+)?(?:(first|second|third|fourth)[\s-]+quarter|(first|second)[\s-]+half|(?:first\s+)?(nine)[\s-]+months)\s+(?:of\s+)?(?:(fiscal(?:\s+year)?\s*|FY\s?)?)(\d{4})\b/gi,
    (m) => {
      const kind: PeriodKind | undefined = m[1] ? quarter(ordinal(m[1])) : m[2] ? (m[2].toLowerCase() === 'first' ? 'H1' : 'H2') : '9M';
      return period(year(m[5]), kind, !m[4]);
    },
  ],
  // fiscal 2026 first quarter, FY2026 Q1, fiscal year 2025 second-half: the part named after the year
  [
    /\b(?:fiscal(?:\s+year)?\s+|FY\s?)('?\d{4}|'?\d{2})\s+(?:(first|second|third|fourth)[\s-]+quarter|(first|second)[\s-]+half|(Q[1-4]|H[12]|9M))\b/gi,
    (m) => {
      const kind: PeriodKind | undefined = m[2]
        ? quarter(ordinal(m[2]))
        : m[3]
          ? m[3].toLowerCase() === 'first'
            ? 'H1'
            : 'H2'
          : ((m[4] ?? '').toUpperCase() as PeriodKind);
      return period(year(m[1]), kind);
    },
  ],
  [/\bFY\s?('?\d{4}|'?\d{2})\b(?![-/]\d)/gi, (m) => period(year(m[1]), 'FY')],
  [/\bfiscal(?:\s+year)?\s+(\d{4})\b/gi, (m) => period(year(m[1]), 'FY')],
  // Q3 2024, H1 2024, Q3'24
  [/\b(Q[1-4]|H[12]|9M)\s?('?\d{4}|'\d{2})\b(?![-/]\d)/gi, (m) => period(year(m[2]), (m[1] ?? '').toUpperCase() as PeriodKind, true)],
  // 3Q24, 1H2025
  [
    /\b([1-4])(Q|H)\s?('?\d{2}|\d{4})\b/gi,
    (m) => {
      const n = Number(m[1]);
      const kind = (m[2] ?? '').toUpperCase() === 'Q' ? quarter(n) : n <= 2 ? (`H${n}` as PeriodKind) : undefined;
      return period(year(m[3]), kind, true);
    },
  ],
  [/\b(?:full[-\s]year|calendar(?:\s+year)?)\s+(\d{4})\b(?![-/]\d)/gi, (m) => period(year(m[1]), 'FY', true)],
  [/\b(?:in|for|during|over|across)\s+(\d{4})\b(?![-/.]\d)/gi, (m) => period(year(m[1]), 'FY', true)],
  // 2026财年第二季度, 2025财年上半年, 2026财年
  [
    new RegExp(String.raw`(\d{4})\s*财年(?:\s*(${ZH_SPAN}))?`, 'g'),
    (m) => {
      const k = zhKind(m[2]);
      return k ? period(year(m[1]), k.kind) : undefined;
    },
  ],
  // 2024年年报, 2025年一季报, 2024年前三季度, 2025年第二季度, 2024年, 2024年报
  [
    new RegExp(String.raw`(\d{4})\s*年(?!\s*\d{1,2}\s*月)(?:\s*(${ZH_SPAN}|度报告|度|报))?`, 'g'),
    (m) => {
      const k = zhKind(m[2]);
      return k ? period(year(m[1]), k.kind, !k.fiscal) : undefined;
    },
  ],
  [/(\d{4})\s?Q([1-4])\b/g, (m) => period(year(m[1]), quarter(Number(m[2])), true)],
];

const END_DATE =
  /^\s*[（(]\s*(?:to|ended|ending|through|as of|截至|截止|至)?\s*(\d{4})(?:-(\d{2})-(\d{2})|年(\d{1,2})月(\d{1,2})日)\s*[)）]/i;

/** "(the nine months to March 2025)", "(the year to March 2025)": a gloss of the period, with no day to take. */
const SPAN_GLOSS =
  /^\s*[（(]\s*(?:the\s+)?(?:nine|six|three|twelve)?\s*(?:months?|year|quarter|half[-\s]?year|fiscal year)\s+(?:to|ended|ending|through)\s+[A-Z][a-z]+\.?\s+\d{4}\s*[)）]/i;

function endDateAfter(text: string): { date?: string; length: number } | undefined {
  const gloss = SPAN_GLOSS.exec(text);
  if (gloss) return { length: gloss[0].length };
  const m = END_DATE.exec(text);
  if (!m) return undefined;
  const month = (m[2] ?? m[4] ?? '').padStart(2, '0');
  const day = (m[3] ?? m[5] ?? '').padStart(2, '0');
  return { date: `${m[1]}-${month}-${day}`, length: m[0].length };
}

export function readPeriods(written: string): PeriodMatch[] {
  // Typographic apostrophes ("Q1’25", "FY‘26") read as the plain one: one character for one, so indexes hold.
  const text = written.replace(/[\u2018\u2019\u02BC]/g, "'");
  const found: PeriodMatch[] = [];
  for (const [pattern, read] of PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const index = m.index ?? 0;
      // A year glued to a digit or a dash is part of a number or a date, never a period.
      // "end-Q1 2025" is the quarter's end: the quarter.
      if (/[\d.-]$/.test(text.slice(0, index)) && !/\bend-$/i.test(text.slice(0, index))) continue;
      const p = read(m as RegExpExecArray);
      if (p) found.push({ period: p, index, length: m[0].length });
    }
  }
  // Earliest first, then longest: "Q1 FY2026" wins over the "FY2026" inside it.
  found.sort((a, b) => a.index - b.index || b.length - a.length);
  const out: PeriodMatch[] = [];
  for (const f of found) {
    const last = out[out.length - 1];
    if (last && f.index < last.index + last.length) continue;
    const end = endDateAfter(text.slice(f.index + f.length));
    if (end) {
      if (end.date) f.period.endDate = end.date;
      f.length += end.length;
    }
    out.push(f);
  }
  return out;
}

/**
 * Brackets that gloss a period named before them with its calendar months: "(the December 2024
 * quarter)", "(the quarter ended December 31, 2024)", "(calendar Q4 2024)". The year inside is not
 * another period of the sentence; nor is a restatement ("（即2024年10-12月）", "(i.e. calendar Q4 2024)").
 */
const GLOSS =
  /[(（]\s*(?:i\.e\.,?\s*)?(?:the\s+)?(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+(?:\d{4}\s+)?quarter|(?:three|six|nine|twelve)[\s-]+months\s+(?:ended|ending|to|through)\s+[A-Z][a-z]+\.?(?:\s+\d{1,2},?)?\s+\d{4}|quarter\s+(?:ended|ending|to|through)\s+[A-Z][a-z]+\.?(?:\s+\d{1,2},?)?\s+\d{4}|calendar\s+(?:Q[1-4]\s+|year\s+)?\d{4})\s*[)）]|[(（]\s*(?:即|对应|自然年|i\.e\.)[^()（）]{0,24}[)）]/g;

export function periodGlosses(text: string): Array<{ index: number; length: number }> {
  return [...text.matchAll(GLOSS)].map((m) => ({ index: m.index ?? 0, length: m[0].length }));
}
