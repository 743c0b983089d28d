/** The benchmark's arithmetic: one extracted figure answers one expectation, flags count only on planted figures, a margin-as-amount plant may be read as the profit line. */
import { describe, expect, it } from 'vitest';
import type { ExtractedFigure, FigureVerdict } from '../../../src/figures/figure-types.js';
import { fig, type ExpectedFigure, type LabelledCase } from './labelled-case.js';
import { scoreLabelledSet } from './score-labelled-set.js';

function read(e: ExpectedFigure, metric = e.metric): ExtractedFigure {
  return {
    symbol: e.symbol,
    metric,
    measure: e.measure,
    ...(e.period ? { period: e.period } : {}),
    value: { value: e.value, unit: e.unit, rounding: 0 },
    written: String(e.value),
    source: 'text',
    offset: 0,
  };
}

const statement = { value: 1, unit: 'amount', statement: 'income', line: 'revenue', period: { fiscalYear: 2025, kind: 'Q1' } } as const;
const match = (figure: ExtractedFigure): FigureVerdict => ({ status: 'match', figure, statement });
const differs = (figure: ExtractedFigure): FigureVerdict => ({ status: 'differs', figure, statement });

const revenue = fig('US:NVDA', 'revenue', 'Q1 2026', '54.39bn');
const growth = fig('US:NVDA', 'revenue:g', 'Q1 2026', '9.2%');
const wrong = fig('US:NVDA', 'revenue', 'Q1 2026', '59.4bn', { planted: 'wrong_value' });
const marginAsAmount = fig('US:NVDA', 'gross_margin', 'Q1 2026', '73.4bn', { planted: 'margin_as_amount' });

const labelled = (id: string, expected: ExpectedFigure[]): LabelledCase => ({ id, lang: 'en', kind: 'sentence', markdown: '', expected });

describe('scoreLabelledSet', () => {
  it('counts a figure quoted twice as found twice only when it was read twice', () => {
    const scored = scoreLabelledSet([
      { labelled: labelled('a', [revenue, revenue, growth]), verdicts: [match(read(revenue)), match(read(growth))] },
    ]);
    expect(scored.total).toMatchObject({ expected: 3, found: 2 });
    expect(scored.misses.map((m) => [m.caseId, m.occurrence])).toEqual([['a', 2]]);
  });

  it('does not count a figure read with another period or value', () => {
    const otherYear = { ...read(revenue), period: { fiscalYear: 2025, kind: 'Q1' as const } };
    const otherValue = read({ ...revenue, value: revenue.value * 1.001 });
    const scored = scoreLabelledSet([{ labelled: labelled('a', [revenue]), verdicts: [match(otherYear), match(otherValue)] }]);
    expect(scored.total.found).toBe(0);
    expect(scored.misses[0]!.near).toHaveLength(2);
  });

  it('scores flags: a planted figure that differs is flagged, a true one that differs costs precision', () => {
    const scored = scoreLabelledSet([
      { labelled: labelled('a', [wrong, growth]), verdicts: [differs(read(wrong)), differs(read(growth))] },
      { labelled: labelled('b', [marginAsAmount]), verdicts: [match(read(marginAsAmount, 'gross_profit'))] },
    ]);
    expect(scored.total).toMatchObject({
      planted: 2,
      flagged: 1,
      differs: 2,
      differsPlanted: 1,
      recall: 1,
      flaggedShare: 0.5,
      precision: 0.5,
    });
    expect(scored.falseFlags.map((f) => f.caseId)).toEqual(['a']);
    expect(scored.unflagged.map((u) => [u.caseId, u.verdict.status])).toEqual([['b', 'match']]);
  });

  it('scores each language apart', () => {
    const zh: LabelledCase = { ...labelled('z', [revenue]), lang: 'zh' };
    const scored = scoreLabelledSet([
      { labelled: zh, verdicts: [] },
      { labelled: labelled('e', [revenue]), verdicts: [match(read(revenue))] },
    ]);
    expect([scored.byLanguage.zh.recall, scored.byLanguage.en.recall, scored.total.recall]).toEqual([0, 1, 0.5]);
  });
});
