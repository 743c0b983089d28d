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
});
