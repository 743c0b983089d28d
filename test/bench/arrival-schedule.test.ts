import { describe, expect, it } from 'vitest';
import { poissonArrivals, seededRandom } from '../../bench/lib/arrival-schedule.js';

describe('poissonArrivals', () => {
  it('gives the same schedule for the same seed, so every target meets the same load', () => {
    expect(poissonArrivals(100, 5_000, 7)).toEqual(poissonArrivals(100, 5_000, 7));
    expect(poissonArrivals(100, 5_000, 7)).not.toEqual(poissonArrivals(100, 5_000, 8));
  });

  it('sends in order, within the duration, at about the mean rate', () => {
    const offsets = poissonArrivals(200, 60_000, 42);
    expect(offsets.every((at, i) => at >= 0 && at < 60_000 && (i === 0 || at >= (offsets[i - 1] ?? 0)))).toBe(true);
    // 12,000 expected; a Poisson count's standard deviation is about 110.
    expect(offsets.length).toBeGreaterThan(11_500);
    expect(offsets.length).toBeLessThan(12_500);
  });

  it('has exponential gaps: about 1/e of them longer than the mean gap', () => {
    const offsets = poissonArrivals(100, 100_000, 3);
    const gaps = offsets.slice(1).map((at, i) => at - (offsets[i] ?? 0));
    const longer = gaps.filter((g) => g > 10).length / gaps.length;
    expect(longer).toBeGreaterThan(0.34);
    expect(longer).toBeLessThan(0.4);
  });

  it('is empty for no rate or no time', () => {
    expect(poissonArrivals(0, 1_000, 1)).toEqual([]);
    expect(poissonArrivals(10, 0, 1)).toEqual([]);
  });
});

describe('seededRandom', () => {
  it('stays in [0, 1)', () => {
    const random = seededRandom(1);
    const values = Array.from({ length: 10_000 }, random);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
  });
});
