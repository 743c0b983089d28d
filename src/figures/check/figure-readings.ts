/**
 * The plausible readings of one figure: every value the statements give for what the report may
 * have meant — each fiscal year its period may name (fiscal-year-readings.ts), each formula of
 * its metric (metric-formulas.ts), and for a change on a year earlier, each way of measuring it
 * (a growth rate or a change in points). The first reading is the one the report most likely
 * meant: its own period, the metric's main line.
 */
import type { ExtractedFigure, FigurePeriod, StatementFigure, UncheckedReason } from '../figure-types.js';
import { fiscalYearReadings } from './fiscal-year-readings.js';
import { METRIC_FORMULAS, statementOf, type Formula } from './metric-formulas.js';
import { readsFor, sliceOf, type PeriodSlice, type RowsOf } from './period-slices.js';
import { toleranceOf, type ToleranceBasis } from './tolerance.js';

export interface Reading {
  statement: StatementFigure;
  tolerance: number;
  /** A loss or an outflow is often written as a positive amount ("净亏损5亿", "an outflow of USD 2bn"). */
  signless: boolean;
}

export type ReadingsResult = { readings: Reading[] } | { unchecked: UncheckedReason };

type Comparison = 'level' | 'growth' | 'points' | 'difference';

/** The formulas and comparisons the figure's measure and unit call for, most likely first. */
function plan(figure: ExtractedFigure): { formulas: readonly Formula[]; comparisons: Comparison[] } {
  const { natural, asAmount } = METRIC_FORMULAS[figure.metric];
  const isRatio = natural[0]?.unit === 'percent';
  const amounts = isRatio ? (asAmount ?? []) : natural;
  const unit = figure.value.unit;
  const money = unit === 'amount' || unit === 'per_share';
  const none = { formulas: [], comparisons: [] };
  if (figure.measure === 'level') {
    if (money) return { formulas: amounts, comparisons: ['level'] };
    return unit === 'percent' && isRatio ? { formulas: natural, comparisons: ['level'] } : none;
  }
  if (money) return { formulas: amounts, comparisons: ['difference'] };
  if (unit === 'points') return isRatio ? { formulas: natural, comparisons: ['points'] } : none;
  // A ratio "up 3.4%" may be points or a growth rate: the measure read says which is likelier.
  if (!isRatio) return { formulas: natural, comparisons: ['growth'] };
  return { formulas: natural, comparisons: figure.measure === 'yoy_change' ? ['points', 'growth'] : ['growth', 'points'] };
}

function statementFigure(slice: PeriodSlice, value: number, unit: StatementFigure['unit'], line: string): StatementFigure {
  const out: StatementFigure = {
    value,
    unit,
    statement: slice.statement,
    line,
    period: { fiscalYear: slice.fiscalYear, kind: slice.kind, ...(slice.endDate ? { endDate: slice.endDate } : {}) },
  };
  if ((unit === 'amount' || unit === 'per_share') && slice.currency) out.currency = slice.currency;
  return out;
}

function readingOf(
  figure: ExtractedFigure,
  formula: Formula,
  comparison: Comparison,
  now: PeriodSlice,
  before: PeriodSlice | undefined,
): Reading | undefined {
  const current = formula.read(now.lines);
  if (!current) return undefined;
  const rounding = figure.value.rounding;
  const summedPerShare = formula.unit === 'per_share' && (now.summedQuarters !== undefined || before?.summedQuarters !== undefined);
  if (comparison === 'level') {
    const basis: ToleranceBasis =
      formula.unit === 'percent'
        ? { kind: 'ratio', value: current.value }
        : summedPerShare
          ? { kind: 'summed_per_share', value: current.value }
          : { kind: 'line' };
    return {
      statement: statementFigure(now, current.value, formula.unit, current.line),
      tolerance: toleranceOf(rounding, basis),
      signless: formula.unit !== 'percent',
    };
  }
  // A change on a year earlier of a summed per-share figure is too loose to judge.
  if (!before || summedPerShare) return undefined;
  const earlier = formula.read(before.lines);
  if (!earlier) return undefined;
  if (comparison === 'growth') {
    if (earlier.value === 0) return undefined;
    const growth = ((current.value - earlier.value) / Math.abs(earlier.value)) * 100;
    return {
      statement: statementFigure(now, growth, 'percent', current.line),
      tolerance: toleranceOf(rounding, { kind: 'growth', value: growth }),
      signless: false,
    };
  }
  const change = current.value - earlier.value;
  const unit = comparison === 'points' ? 'points' : formula.unit === 'per_share' ? 'per_share' : 'amount';
  return {
    statement: statementFigure(now, change, unit, current.line),
    tolerance: toleranceOf(rounding, { kind: 'points', now: current.value, before: earlier.value }),
    signless: false,
  };
}

/** Every read a figure needs (those of its own period and the year before use the same reads). */
export function readsOfFigure(figure: ExtractedFigure): ReturnType<typeof readsFor> {
  return figure.period ? readsFor(statementOf(figure.metric), figure.period.kind) : [];
}

export function readingsOf(figure: ExtractedFigure, rowsOf: RowsOf): ReadingsResult {
  const period: FigurePeriod | undefined = figure.period;
  if (!period) return { unchecked: 'no_period' };
  const statement = statementOf(figure.metric);
  if (readsFor(statement, period.kind).some((p) => rowsOf(statement, p) === undefined)) return { unchecked: 'statements_unavailable' };
  const { formulas, comparisons } = plan(figure);
  const slice = (fy: number) => sliceOf(rowsOf, statement, period.kind, fy);
  const readings: Reading[] = [];
  for (const fy of fiscalYearReadings(period, (fy) => slice(fy)?.endDate)) {
    const now = slice(fy);
    if (!now) continue;
    const before = comparisons.includes('level') ? undefined : slice(fy - 1);
    for (const formula of formulas) {
      for (const comparison of comparisons) {
        const reading = readingOf(figure, formula, comparison, now, before);
        if (reading) readings.push(reading);
      }
    }
  }
  if (readings.length === 0) return { unchecked: 'not_in_statements' };
  const money = figure.value.unit === 'amount' || figure.value.unit === 'per_share';
  const theirs = readings.find((r) => r.statement.currency)?.statement.currency;
  // Never converted with a guessed rate: a figure in another currency is not checkable.
  if (money && figure.value.currency && theirs && figure.value.currency !== theirs.toUpperCase()) return { unchecked: 'other_currency' };
  return { readings };
}
