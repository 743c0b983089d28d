import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatChange } from '../../../src/slack/blocks/percent-change.js';

describe('formatChange: changes of negative amounts read the right way round', () => {
  it.each([
    // Both positive: the signed change.
    [100, 80, undefined, '+25.0%'],
    [80, 100, undefined, '-20.0%'],
    [100, 100, undefined, '0.0%'],
    // Both negative: the size of the outflow or loss, named.
    [-150, -100, 'outflow', 'outflow up 50.0%'],
    [-100, -150, 'outflow', 'outflow down 33.3%'],
    [-100, -100, 'outflow', 'outflow unchanged'],
    [-120, -100, 'loss', 'loss up 20.0%'],
    [-45.9, -51, undefined, 'deficit down 10.0%'],
    // Falls to zero: the whole of it is gone.
    [0, 100, undefined, '-100.0%'],
    [0, -100, 'outflow', 'outflow down 100.0%'],
    // Sign changes and zero bases have no meaningful percentage.
    [50, -100, 'outflow', 'n/m'],
    [-50, 100, 'loss', 'n/m'],
    [10, 0, undefined, 'n/m'],
    [-10, 0, 'outflow', 'n/m'],
    [0, 0, undefined, '0.0%'],
    // A tiny base.
    [1_000_000, 10, undefined, 'n/m'],
    // Missing.
    [undefined, 100, undefined, '—'],
    [100, Number.NaN, undefined, '—'],
  ] as const)('%s vs %s (%s) → %s', (latest, prior, name, text) => {
    expect(formatChange(latest, prior, name)).toBe(text);
  });

  it('never gives a bare signed percentage when both values are negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: -1 }), fc.integer({ min: -1e9, max: -1 }), (a, b) => {
        expect(formatChange(a, b, 'outflow')).toMatch(/^(outflow (up|down) [\d,.]+%|outflow unchanged|n\/m)$/);
      }),
    );
  });

  it('a bigger outflow always reads "up", a smaller one "down"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 1e6 }), (a, b) => {
        const text = formatChange(-a, -b, 'outflow');
        if (text === 'n/m') return;
        if (a > b) expect(text).toContain('up');
        if (a < b) expect(text).toContain('down');
      }),
    );
  });
});
