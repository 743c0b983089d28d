import { describe, expect, it } from 'vitest';
import { baselineRevision } from '../../bench/lib/bench-options.js';

describe('baselineRevision', () => {
  it('reads --baseline, before BENCH_BASELINE', () => {
    expect(baselineRevision(['node', 'x.ts', '--baseline', 'f62e53e'], { BENCH_BASELINE: 'main' })).toBe('f62e53e');
  });
  it('falls back on BENCH_BASELINE, and an empty one is none', () => {
    expect(baselineRevision(['node', 'x.ts'], { BENCH_BASELINE: 'main' })).toBe('main');
    expect(baselineRevision(['node', 'x.ts'], { BENCH_BASELINE: '' })).toBeUndefined();
  });
});
