import { describe, expect, it } from 'vitest';
import { cpuMsFromSchedstat, cpuMsFromStat, rssMiBFromStatus } from '../../bench/lib/process-usage.js';

describe('cpuMsFromStat', () => {
  it('adds utime and stime (fields 14 and 15), counting fields after the command name', () => {
    const stat = '4242 (node (bench) x) S 1 4242 4242 0 -1 4194560 9 0 0 0 250 130 7 3 20 0 11 0 12345 1000 50';
    expect(cpuMsFromStat(stat, 100)).toBe(3800);
  });
  it('refuses text it cannot read', () => {
    expect(() => cpuMsFromStat('garbage', 100)).toThrow(/unreadable/);
  });
});

describe('rssMiBFromStatus', () => {
  it('reads VmRSS', () => {
    expect(rssMiBFromStatus('Name:\tnode\nVmPeak:\t  999 kB\nVmRSS:\t  102400 kB\nThreads:\t11\n')).toBe(100);
  });
});

describe('cpuMsFromSchedstat', () => {
  it('reads the time on CPU (first field, ns) as ms', () => {
    expect(cpuMsFromSchedstat('394933299 203938193 303\n')).toBe(394.933299);
  });
  it('refuses text it cannot read', () => {
    expect(() => cpuMsFromSchedstat('')).toThrow(/unreadable/);
    expect(() => cpuMsFromSchedstat('x 1 2')).toThrow(/unreadable/);
  });
});
