import { describe, expect, it } from 'vitest';
import { baselineRevision, flagValue } from '../../bench/lib/cli-flags.js';

describe('flagValue', () => {
  it('reads the word after the flag', () => {
    expect(flagValue(['node', 'bench.ts', '--cpu-prof', '/tmp/p'], '--cpu-prof')).toBe('/tmp/p');
    expect(flagValue(['node', 'bench.ts'], '--cpu-prof')).toBeUndefined();
  });
});

describe('baselineRevision', () => {
  it('prefers --baseline to BENCH_BASELINE, and counts a blank variable as unset', () => {
    expect(baselineRevision(['--baseline', 'f62e53e'], { BENCH_BASELINE: 'other' })).toBe('f62e53e');
    expect(baselineRevision([], { BENCH_BASELINE: 'f62e53e' })).toBe('f62e53e');
    expect(baselineRevision([], { BENCH_BASELINE: '' })).toBeUndefined();
  });
});
