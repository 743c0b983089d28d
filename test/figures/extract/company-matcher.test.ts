import { describe, expect, it } from 'vitest';
import { companyMatcher } from '../../../src/figures/extract/company-matcher.js';
import type { KnownCompany } from '../../../src/figures/figure-types.js';

const KNOWN: readonly KnownCompany[] = [
  { symbol: 'SH:601318', names: ['中国平安', 'Ping An'] },
  { symbol: 'SH:600036', names: ['招商银行'] },
  { symbol: 'HK:09988', names: ['Alibaba Group Holding Ltd.'] },
  { symbol: 'HK:03690', names: ['美团-W'] },
  { symbol: 'US:AMZN', names: ['Amazon.com, Inc.'] },
];

const REPORT = [
  '- **NVIDIA** (`US:NVDA`): in Q1 FY2026 revenue of USD 54.39bn',
  '- **贵州茅台**（`SH:600519`）：2025年一季报',
  '| Metric | NVIDIA (US:NVDA) | AMD (US:AMD) |',
  '- **Tencent Holdings** (HK:00700): revenue',
  '- **小米集团**（`HK:01810`）：2025年一季报',
].join('\n');

const matcher = companyMatcher(REPORT, KNOWN);

function found(text: string): Array<[string, string]> {
  return matcher.find(text).map((m) => [text.slice(m.index, m.index + m.length), m.symbol]);
}

/** [text, the names found with their symbols]. */
const CASES: ReadonlyArray<[string, Array<[string, string]>]> = [
  [
    'NVIDIA and AMD',
    [
      ['NVIDIA', 'US:NVDA'],
      ['AMD', 'US:AMD'],
    ],
  ],
  ['NVDA rose', [['NVDA', 'US:NVDA']]],
  [
    '`US:NVDA` and SH:600519',
    [
      ['US:NVDA', 'US:NVDA'],
      ['SH:600519', 'SH:600519'],
    ],
  ],
  ['茅台的现金流', [['茅台', 'SH:600519']]],
  ['贵州茅台的现金流', [['贵州茅台', 'SH:600519']]],
  [
    '平安和招商银行',
    [
      ['平安', 'SH:601318'],
      ['招商银行', 'SH:600036'],
    ],
  ],
  [
    'Ping An and Alibaba',
    [
      ['Ping An', 'SH:601318'],
      ['Alibaba', 'HK:09988'],
    ],
  ],
  [
    'Tencent Holdings and Tencent',
    [
      ['Tencent Holdings', 'HK:00700'],
      ['Tencent', 'HK:00700'],
    ],
  ],
  [
    '小米集团和小米',
    [
      ['小米集团', 'HK:01810'],
      ['小米', 'HK:01810'],
    ],
  ],
  ['00700: how far can it run', [['00700', 'HK:00700']]],
  ['AMDX and NVIDIAN and 2024', []],
  [
    'Nvidia and nvidia',
    [
      ['Nvidia', 'US:NVDA'],
      ['nvidia', 'US:NVDA'],
    ],
  ],
  ['amd is not AMD', [['AMD', 'US:AMD']]],
  ['美团的营收', [['美团', 'HK:03690']]],
  [
    'Amazon and Amazon.com',
    [
      ['Amazon', 'US:AMZN'],
      ['Amazon.com', 'US:AMZN'],
    ],
  ],
];

describe('companyMatcher', () => {
  it.each(CASES)('%s', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('lists the known symbols and every symbol of the report', () => {
    expect([...matcher.symbols].sort()).toEqual([
      'HK:00700',
      'HK:01810',
      'HK:03690',
      'HK:09988',
      'SH:600036',
      'SH:600519',
      'SH:601318',
      'US:AMD',
      'US:AMZN',
      'US:NVDA',
    ]);
  });

  it('drops a short name two companies share', () => {
    const m = companyMatcher('', [
      { symbol: 'SH:601318', names: ['中国平安'] },
      { symbol: 'SZ:000001', names: ['深圳平安'] },
    ]);
    expect(m.find('平安的利润').map((c) => c.symbol)).toEqual([]);
    expect(m.find('中国平安的利润').map((c) => c.symbol)).toEqual(['SH:601318']);
  });

  it('learns a name written before a bare symbol in brackets', () => {
    const m = companyMatcher('Advanced Micro Devices (US:AMD) grew', []);
    expect(m.find('Advanced Micro Devices revenue').map((c) => c.symbol)).toEqual(['US:AMD']);
  });
});
