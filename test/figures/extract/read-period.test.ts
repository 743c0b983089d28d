import { describe, expect, it } from 'vitest';
import { readPeriods } from '../../../src/figures/extract/read-period.js';
import type { FigurePeriod } from '../../../src/figures/figure-types.js';

/** [text, the words matched, the period read]. */
const CASES: ReadonlyArray<[string, string, FigurePeriod]> = [
  ['revenue in FY2024 was', 'FY2024', { fiscalYear: 2024, kind: 'FY' }],
  ['revenue in FY25 was', 'FY25', { fiscalYear: 2025, kind: 'FY' }],
  ['in Q1 FY2026, revenue', 'Q1 FY2026', { fiscalYear: 2026, kind: 'Q1' }],
  ['H1 FY2025 revenue', 'H1 FY2025', { fiscalYear: 2025, kind: 'H1' }],
  ['9M FY2025 revenue', '9M FY2025', { fiscalYear: 2025, kind: '9M' }],
  ['net income in fiscal 2024', 'fiscal 2024', { fiscalYear: 2024, kind: 'FY' }],
  ['net income in fiscal year 2024', 'fiscal year 2024', { fiscalYear: 2024, kind: 'FY' }],
  ['revenue in 2024 rose', 'in 2024', { fiscalYear: 2024, kind: 'FY', calendarYear: true }],
  ['revenue in Q3 2024 rose', 'Q3 2024', { fiscalYear: 2024, kind: 'Q3', calendarYear: true }],
  ['3Q24 revenue', '3Q24', { fiscalYear: 2024, kind: 'Q3', calendarYear: true }],
  ['in the first quarter of fiscal 2026', 'the first quarter of fiscal 2026', { fiscalYear: 2026, kind: 'Q1' }],
  ['in the first half of 2024', 'the first half of 2024', { fiscalYear: 2024, kind: 'H1', calendarYear: true }],
  // The hyphenated adjective and the part after the year: never the whole fiscal year (a false warning).
  ["NVIDIA's first-quarter fiscal 2026 sales", 'first-quarter fiscal 2026', { fiscalYear: 2026, kind: 'Q1' }],
  // A typographic apostrophe is an apostrophe.
  ['cash at the end of Q1’25', 'Q1’25', { fiscalYear: 2025, kind: 'Q1', calendarYear: true }],
  ['FY‘26 revenue', 'FY‘26', { fiscalYear: 2026, kind: 'FY' }],
  ['second-half 2024 revenue', 'second-half 2024', { fiscalYear: 2024, kind: 'H2', calendarYear: true }],
  ['fiscal 2025 third quarter revenue', 'fiscal 2025 third quarter', { fiscalYear: 2025, kind: 'Q3' }],
  ['FY2026 Q1 gross margin', 'FY2026 Q1', { fiscalYear: 2026, kind: 'Q1' }],
  ['fiscal year 2025 first-half sales', 'fiscal year 2025 first-half', { fiscalYear: 2025, kind: 'H1' }],

  ['the nine months of FY2025', 'the nine months of FY2025', { fiscalYear: 2025, kind: '9M' }],
  ['2024年营业收入', '2024年', { fiscalYear: 2024, kind: 'FY', calendarYear: true }],
  ['2024年全年营业收入', '2024年全年', { fiscalYear: 2024, kind: 'FY', calendarYear: true }],
  ['2024年年报显示', '2024年年报', { fiscalYear: 2024, kind: 'FY' }],
  ['2024年报显示', '2024年报', { fiscalYear: 2024, kind: 'FY' }],
  ['2024年度营业收入', '2024年度', { fiscalYear: 2024, kind: 'FY' }],
  ['2025年一季报营收', '2025年一季报', { fiscalYear: 2025, kind: 'Q1' }],
  ['2025年中报营收', '2025年中报', { fiscalYear: 2025, kind: 'H1' }],
  ['2025年半年报营收', '2025年半年报', { fiscalYear: 2025, kind: 'H1' }],
  ['2025年上半年营收', '2025年上半年', { fiscalYear: 2025, kind: 'H1', calendarYear: true }],
  ['2024年三季报营收', '2024年三季报', { fiscalYear: 2024, kind: '9M' }],
  ['2024年前三季度营收', '2024年前三季度', { fiscalYear: 2024, kind: '9M', calendarYear: true }],
  ['2025年第二季度营收', '2025年第二季度', { fiscalYear: 2025, kind: 'Q2', calendarYear: true }],
  ['2026财年营收', '2026财年', { fiscalYear: 2026, kind: 'FY' }],
  ['2026财年第二季度营收', '2026财年第二季度', { fiscalYear: 2026, kind: 'Q2' }],
  ['2025财年上半年营收', '2025财年上半年', { fiscalYear: 2025, kind: 'H1' }],
  ['BYD’s 9M 2024 revenue', '9M 2024', { fiscalYear: 2024, kind: '9M', calendarYear: true }],
  [
    'revenue for 9M FY2025 (the nine months to March 2025) was',
    '9M FY2025 (the nine months to March 2025)',
    { fiscalYear: 2025, kind: '9M' },
  ],
  ['2025Q1营收', '2025Q1', { fiscalYear: 2025, kind: 'Q1', calendarYear: true }],
  ['in Q1 FY2026 (to 2025-04-30), revenue', 'Q1 FY2026 (to 2025-04-30)', { fiscalYear: 2026, kind: 'Q1', endDate: '2025-04-30' }],
  ['2025年一季报（截至 2025-03-31）经营现金流', '2025年一季报（截至 2025-03-31）', { fiscalYear: 2025, kind: 'Q1', endDate: '2025-03-31' }],
  ['2026财年第一季度 (2025-04-30)', '2026财年第一季度 (2025-04-30)', { fiscalYear: 2026, kind: 'Q1', endDate: '2025-04-30' }],
  ['2025年一季报（截至2025年3月31日）', '2025年一季报（截至2025年3月31日）', { fiscalYear: 2025, kind: 'Q1', endDate: '2025-03-31' }],
];

const NO_PERIOD: readonly string[] = [
  'on 2025-06-30',
  'in 2024-05',
  '截至2025年3月31日',
  'over 8 quarters',
  'P/E 46.1',
  'in 1850 the firm',
  'HK:00700',
];

describe('readPeriods', () => {
  it.each(CASES)('%s', (text, words, period) => {
    const found = readPeriods(text);
    expect(found).toHaveLength(1);
    expect(found[0]?.period).toEqual(period);
    expect(text.slice(found[0]?.index, (found[0]?.index ?? 0) + (found[0]?.length ?? 0))).toBe(words);
  });

  it.each(NO_PERIOD)('finds no period in %s', (text) => {
    expect(readPeriods(text)).toEqual([]);
  });

  it('reads a trend line in order, the longest name at each place', () => {
    const found = readPeriods('Q1 FY2026 USD 54.39bn (+9.2%), Q4 FY2025 USD 54.43bn, 2024年第三季度 1763.5亿元');
    expect(found.map((p) => `${p.period.kind} ${p.period.fiscalYear}`)).toEqual(['Q1 2026', 'Q4 2025', 'Q3 2024']);
  });
});
