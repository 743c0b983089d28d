/**
 * A report's verdicts as the check the relay stores and the thread shows: how many figures were
 * compared and matched, and each one that differs, in the report's order. A figure quoted again
 * (a key finding repeated in a table, a long report's appendix written out in rounds) is one
 * figure: counted once, and warned of once, where it is first quoted.
 */
import type { ExtractedFigure, FigureCheck, FigureVerdict } from '../figure-types.js';

type Differs = Extract<FigureVerdict, { status: 'differs' }>;

/** What makes two quotes the same figure: the company, what is measured, when, and the value as read. */
function sameFigureKey(f: ExtractedFigure): string {
  const p = f.period;
  return [
    f.symbol,
    f.metric,
    f.measure,
    p ? `${p.fiscalYear}${p.kind}${p.calendarYear ? 'c' : ''}` : '-',
    f.value.unit,
    f.value.currency ?? '',
    f.value.value,
  ].join('|');
}

export function summariseVerdicts(verdicts: readonly FigureVerdict[]): FigureCheck {
  const seen = new Set<string>();
  // In the report's order (a stable sort keeps figures of one cell in theirs), the first quote of each figure.
  const distinct = [...verdicts]
    .sort((a, b) => a.figure.offset - b.figure.offset)
    .filter((v) => {
      const key = sameFigureKey(v.figure);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const differs = distinct.filter((v): v is Differs => v.status === 'differs');
  const matched = distinct.filter((v) => v.status === 'match').length;
  return {
    checked: matched + differs.length,
    matched,
    differs,
    unchecked: distinct.filter((v) => v.status === 'unchecked').length,
  };
}
