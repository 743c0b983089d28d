import { describe, expect, it } from 'vitest';
import { figureCheckSchema } from '../../../src/figures/check/figure-check-schema.js';
import { summariseVerdicts } from '../../../src/figures/check/summarise-verdicts.js';
import type { ExtractedFigure, FigureVerdict, StatementFigure } from '../../../src/figures/figure-types.js';

/** A figure quoted at `offset`; its value differs by offset, so each is another figure. */
const figure = (offset: number, value = 30e9 + offset * 1e6): ExtractedFigure => ({
  symbol: 'US:NVDA',
  metric: 'revenue',
  measure: 'level',
  period: { fiscalYear: 2025, kind: 'Q2', calendarYear: false },
  value: { value, unit: 'amount', currency: 'USD', rounding: 0.05e9 },
  written: 'USD 30.0bn',
  source: 'table',
  offset,
});
const statement: StatementFigure = {
  value: 30.04e9,
  unit: 'amount',
  currency: 'USD',
  statement: 'income',
  line: 'revenue',
  period: { fiscalYear: 2025, kind: 'Q2', endDate: '2024-07-28' },
  sourceUrl: 'https://example.test/10q',
};
const VERDICTS: FigureVerdict[] = [
  { status: 'differs', figure: figure(90), statement },
  { status: 'match', figure: figure(10), statement },
  { status: 'unchecked', figure: figure(20), reason: 'no_period' },
  { status: 'differs', figure: figure(40), statement },
  { status: 'match', figure: figure(50), statement },
];

describe('summariseVerdicts', () => {
  it('counts the checked, matched and unchecked figures and lists those that differ in the report’s order', () => {
    const check = summariseVerdicts(VERDICTS);
    expect(check).toMatchObject({ checked: 4, matched: 2, unchecked: 1 });
    expect(check.differs.map((d) => d.figure.offset)).toEqual([40, 90]);
    expect(summariseVerdicts([])).toEqual({ checked: 0, matched: 0, differs: [], unchecked: 0 });
  });

  it('counts a figure quoted again once, and warns of a wrong one once, where it is first quoted', () => {
    const again: FigureVerdict[] = [
      { status: 'differs', figure: figure(300, 31e9), statement },
      { status: 'differs', figure: figure(100, 31e9), statement },
      { status: 'match', figure: figure(200, 30e9), statement },
      { status: 'match', figure: figure(400, 30e9), statement },
      // The same value for another period is another figure.
      { status: 'match', figure: { ...figure(500, 30e9), period: { fiscalYear: 2024, kind: 'Q2' } }, statement },
    ];
    const check = summariseVerdicts(again);
    expect(check).toMatchObject({ checked: 3, matched: 2, unchecked: 0 });
    expect(check.differs.map((d) => d.figure.offset)).toEqual([100]);
  });
});

describe('figureCheckSchema', () => {
  it('reads back a stored check unchanged', () => {
    const check = summariseVerdicts(VERDICTS);
    expect(figureCheckSchema.parse(JSON.parse(JSON.stringify(check)))).toEqual(check);
  });

  it.each([
    ['a missing count', (c: Record<string, unknown>) => ({ ...c, matched: undefined })],
    ['counts that do not add up', (c: Record<string, unknown>) => ({ ...c, checked: 7 })],
    ['a negative count', (c: Record<string, unknown>) => ({ ...c, unchecked: -1 })],
    [
      'an unknown metric',
      (c: Record<string, unknown>) => ({ ...c, differs: [{ status: 'differs', figure: { ...figure(1), metric: 'ebitda' }, statement }] }),
    ],
    [
      'a matching figure among those that differ',
      (c: Record<string, unknown>) => ({ ...c, differs: [{ status: 'match', figure: figure(1), statement }] }),
    ],
    [
      'a statement without its line',
      (c: Record<string, unknown>) => ({
        ...c,
        differs: [{ status: 'differs', figure: figure(1), statement: { ...statement, line: undefined } }],
      }),
    ],
    ['not an object', () => 'checked'],
  ])('refuses %s', (_what, spoil) => {
    const stored = JSON.parse(JSON.stringify(summariseVerdicts(VERDICTS))) as Record<string, unknown>;
    expect(figureCheckSchema.safeParse(spoil(stored)).success).toBe(false);
  });
});
