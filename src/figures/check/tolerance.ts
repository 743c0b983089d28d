/**
 * How far a report's figure may be from the statement's and still match. The base is the
 * figure's own rounding (half a unit of its last digit). A figure the report derived (a margin,
 * a growth rate, a change in points) may have been computed from amounts it had already rounded:
 * "USD 39.9bn of USD 54.4bn" is 73.35%, not the statement's 73.41%. Amounts rounded to three
 * significant digits are each off by at most ~0.1%, so a ratio of two is off by ~0.2% of itself;
 * that allowance (DERIVED_SHARE) keeps a planted error of a few percent (+8%, a year earlier, ×10)
 * well outside it.
 */

/** Relative error of a ratio of two amounts rounded to three significant digits. */
export const DERIVED_SHARE = 0.002;
/**
 * Sum of quarterly EPS against a half year's or nine months' EPS: share counts change between
 * quarters, so the sum is close, not equal. 1% still flags a figure off by a few percent.
 */
export const SUMMED_PER_SHARE_SHARE = 0.01;

export type ToleranceBasis =
  /** An amount or a per-share amount read straight from a line. */
  | { kind: 'line' }
  /** The sum of quarterly per-share amounts. */
  | { kind: 'summed_per_share'; value: number }
  /** A ratio of two lines, in percent. */
  | { kind: 'ratio'; value: number }
  /** A growth rate in percent: now / before − 1; its error scales with now / before. */
  | { kind: 'growth'; value: number }
  /** A change of a ratio in points: both ratios carry their own error. */
  | { kind: 'points'; now: number; before: number };

/**
 * A whole unit of the last digit written, not half: a report may truncate (EPS 11.6526 written
 * 11.6) or round a figure it had already rounded (54.385 → 54.39 → 54.4). Flagging those would
 * be a false warning over a rounding habit; every planted error (≥ 5%, a year earlier, ×10) stays
 * far outside a unit of the last digit.
 */
/** Half a unit (the figure's `rounding`) times this. */
export const LAST_DIGIT_UNITS = 2;

export function toleranceOf(rounding: number, basis: ToleranceBasis): number {
  const base = LAST_DIGIT_UNITS * Math.max(0, Number.isFinite(rounding) ? rounding : 0);
  switch (basis.kind) {
    case 'line':
      return base;
    case 'summed_per_share':
      return base + SUMMED_PER_SHARE_SHARE * Math.abs(basis.value);
    case 'ratio':
      return base + DERIVED_SHARE * Math.abs(basis.value);
    case 'growth':
      return base + DERIVED_SHARE * (100 + Math.abs(basis.value));
    case 'points':
      return base + DERIVED_SHARE * (Math.abs(basis.now) + Math.abs(basis.before));
  }
}

/** Within the tolerance, with room for floating-point noise (amounts reach 1e12). */
export function withinTolerance(figure: number, statement: number, tolerance: number): boolean {
  const noise = 1e-9 * Math.max(1, Math.abs(figure), Math.abs(statement));
  return Math.abs(figure - statement) <= tolerance + noise;
}
