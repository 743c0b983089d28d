import { describe, expect, it } from 'vitest';
import { sourceForPeriod, titlePeriod } from '../../../src/figures/check/source-for-period.js';

describe('titlePeriod', () => {
  it.each([
    ['贵州茅台：2025年第1季度报告', { fiscalYear: 2025, kind: 'Q1' }],
    ['贵州茅台：2025年第三季度报告', { fiscalYear: 2025, kind: 'Q3' }],
    ['贵州茅台：2024年半年度报告', { fiscalYear: 2024, kind: 'H1' }],
    ['贵州茅台：2024年年度报告', { fiscalYear: 2024, kind: 'FY' }],
    ['NVIDIA Form 10-Q for Q2 FY2025', { fiscalYear: 2025, kind: 'Q2' }],
    ['NVIDIA Form 10-K FY2025', { fiscalYear: 2025, kind: 'FY' }],
    ['Tencent Interim Report 2025', { fiscalYear: 2025, kind: 'H1' }],
  ] as const)('%s', (title, period) => {
    expect(titlePeriod(title)).toEqual(period);
  });

  it('names no period without a year or a kind', () => {
    expect(titlePeriod('NVIDIA earnings call notes')).toBeUndefined();
    expect(titlePeriod('NVIDIA 2025 outlook')).toBeUndefined();
  });
});

describe('sourceForPeriod', () => {
  const sources = [
    { title: 'NVIDIA Form 10-Q for Q2 FY2025', url: 'u:q2' },
    { title: 'AMD Form 10-Q for Q3 FY2025', url: 'u:amd' },
    { title: '腾讯控股 00700 2025 中期报告', url: 'u:tencent' },
  ];
  const companies = [{ symbol: 'US:NVDA', names: ['NVIDIA', '英伟达'] }];

  it('finds the filing that holds the period, by the company’s name or code', () => {
    expect(sourceForPeriod('US:NVDA', { fiscalYear: 2025, kind: 'Q2' }, sources, companies)).toBe('u:q2');
    expect(sourceForPeriod('US:NVDA', { fiscalYear: 2025, kind: 'H1' }, sources, companies)).toBe('u:q2');
    expect(sourceForPeriod('HK:00700', { fiscalYear: 2025, kind: 'H1' }, sources)).toBe('u:tencent');
  });

  it('links nothing for another period or company', () => {
    expect(sourceForPeriod('US:NVDA', { fiscalYear: 2025, kind: 'Q3' }, sources, companies)).toBeUndefined();
    expect(sourceForPeriod('US:NVDA', { fiscalYear: 2024, kind: 'Q2' }, sources, companies)).toBeUndefined();
    expect(sourceForPeriod('US:NVDA', { fiscalYear: 2025, kind: 'Q2' }, sources)).toBeUndefined();
  });
});
