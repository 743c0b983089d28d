import { describe, expect, it } from 'vitest';
import { toleranceOf, withinTolerance } from '../../../src/figures/check/tolerance.js';

describe('tolerance', () => {
  it('is a unit of the figure’s last digit for a line, with room for a ratio computed from rounded amounts', () => {
    expect(toleranceOf(0.005e9, { kind: 'line' })).toBe(0.01e9);
    // A truncated EPS (11.6526 written 11.6) is a rounding habit, not a wrong figure; 11.5 is wrong.
    expect(withinTolerance(11.6, 11.6526, toleranceOf(0.05, { kind: 'line' }))).toBe(true);
    expect(withinTolerance(11.5, 11.6526, toleranceOf(0.05, { kind: 'line' }))).toBe(false);
    // 39.9bn / 54.4bn = 73.35% against the statement's 73.41%: a match.
    const ratio = toleranceOf(0.005, { kind: 'ratio', value: 73.41 });
    expect(withinTolerance((39.9 / 54.4) * 100, 73.41, ratio)).toBe(true);
    // 8% more is not.
    expect(withinTolerance(73.41 * 1.08, 73.41, toleranceOf(0.05, { kind: 'ratio', value: 73.41 }))).toBe(false);
    // A growth rate from rounded amounts: 54.4 / 49.8 − 1 = 9.24% against the statement's 9.2%.
    expect(withinTolerance((54.4 / 49.8 - 1) * 100, 9.2, toleranceOf(0.005, { kind: 'growth', value: 9.2 }))).toBe(true);
    expect(withinTolerance(11.2, 9.2, toleranceOf(0.05, { kind: 'growth', value: 9.2 }))).toBe(false);
    expect(toleranceOf(Number.NaN, { kind: 'line' })).toBe(0);
  });

  it('absorbs floating-point noise on large amounts only', () => {
    expect(withinTolerance(0.1 + 0.2, 0.3, 0)).toBe(true);
    expect(withinTolerance(54_390_000_000, 54_390_000_001, 0)).toBe(true);
    expect(withinTolerance(54_390_000_000, 54_391_000_000, 0)).toBe(false);
  });
});
