import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayDate, formatNumber } from '../../../src/slack/blocks/format.js';
import { dayFormatter, groupingFormatter } from '../../../src/slack/blocks/intl-formatters.js';

describe('intl formatters', () => {
  it('builds one formatter per option set and reuses it', () => {
    expect(dayFormatter('Asia/Shanghai')).toBe(dayFormatter('Asia/Shanghai'));
    expect(dayFormatter('Asia/Shanghai')).not.toBe(dayFormatter('UTC'));
    expect(groupingFormatter(2)).toBe(groupingFormatter(2));
    expect(groupingFormatter(2)).not.toBe(groupingFormatter(0));
  });

  it('formats as before: a day in its zone, numbers grouped with fixed decimals', () => {
    // 16:30 UTC is already the next day in Shanghai.
    expect(displayDate(Date.UTC(2025, 5, 29, 16, 30), 'Asia/Shanghai')).toBe('2025-06-30');
    expect(displayDate(Date.UTC(2025, 5, 29, 16, 30))).toBe('2025-06-29');
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(1234567.891, 0)).toBe('1,234,568');
  });

  it('keeps refusing an unknown zone (nothing cached for it)', () => {
    expect(displayDate(0, 'Not/AZone')).toBeUndefined();
    expect(() => dayFormatter('Not/AZone')).toThrow(RangeError);
  });

  it('reads a UTC day without Intl exactly as Intl reads it', () => {
    // displayDate's UTC fast path against the Intl path (Etc/UTC is the same zone by another name).
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(displayDate(ms, 'UTC')).toBe(displayDate(ms, 'Etc/UTC'));
      }),
    );
    // Where the spellings part (Intl writes year 999 as "999", toISOString as "0999").
    for (const year of [0, 1, 999, 1000, 9999, 10000]) {
      const ms = new Date(Date.UTC(2000, 0, 1)).setUTCFullYear(year);
      expect(displayDate(ms, 'UTC'), String(year)).toBe(displayDate(ms, 'Etc/UTC'));
    }
  });
});
