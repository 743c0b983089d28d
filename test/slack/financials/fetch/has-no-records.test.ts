import { describe, expect, it } from 'vitest';
import { hasNoRecords } from '../../../../src/slack/financials/fetch/has-no-records.js';

describe('hasNoRecords', () => {
  it('is true when every list the data holds is empty (the real service’s unknown symbol)', () => {
    expect(hasNoRecords({ kind: 'balance', symbol: 'US:ZZZZ', records: [] })).toBe(true);
    expect(
      hasNoRecords({ kind: 'snapshot', income: [], balance: [], cashFlow: [], revenue: { currency: '', list: [] }, missing: [] }),
    ).toBe(true);
    expect(hasNoRecords({ kind: 'overview', symbol: 'US:ZZZZ', shareholders: [], missing: [] })).toBe(true);
  });

  it('is false when anything came back, a part failed, or the data holds no lists', () => {
    expect(hasNoRecords({ kind: 'prices', items: [{ date: '2025-01-02' }] })).toBe(false);
    expect(hasNoRecords({ kind: 'snapshot', income: [], balance: [], cashFlow: [], revenue: null, missing: ['balance sheet'] })).toBe(
      false,
    );
    expect(hasNoRecords({ kind: 'overview', profile: { name: 'NVIDIA' } })).toBe(false);
  });
});
