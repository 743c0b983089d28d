import { describe, expect, it } from 'vitest';
import { timeCallsInTurn } from '../../bench/lib/time-calls.js';

describe('timeCallsInTurn', () => {
  it('calls each function in turn, warm-up first, and returns one figure per timed call of each', () => {
    const calls: string[] = [];
    const times = timeCallsInTurn([() => calls.push('a'), () => calls.push('b')], 2, 1);
    expect(calls).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(times.map((t) => t.length)).toEqual([2, 2]);
  });
});
