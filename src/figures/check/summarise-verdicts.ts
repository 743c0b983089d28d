/**
 * A report's verdicts as the check the relay stores and the thread shows: how many figures were
 * compared and matched, and each one that differs, in the report's order.
 */
import type { FigureCheck, FigureVerdict } from '../figure-types.js';

type Differs = Extract<FigureVerdict, { status: 'differs' }>;

export function summariseVerdicts(verdicts: readonly FigureVerdict[]): FigureCheck {
  const differs = verdicts.filter((v): v is Differs => v.status === 'differs');
  const matched = verdicts.filter((v) => v.status === 'match').length;
  return {
    checked: matched + differs.length,
    matched,
    // Sorted by where each was read (a stable sort keeps figures of one cell in their order).
    differs: [...differs].sort((a, b) => a.figure.offset - b.figure.offset),
    unchecked: verdicts.filter((v) => v.status === 'unchecked').length,
  };
}
