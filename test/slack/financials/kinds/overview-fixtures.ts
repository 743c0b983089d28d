/** Overview data as the kind fetches it, for the card, chart and export tests. */
import type { OverviewData } from '../../../../src/slack/financials/kinds/overview-card.js';
import type { Shareholder } from '../../../../src/slack/financials/kinds/overview-schema.js';

/** The rank-th largest holder of a company with 1.256 billion shares: its shares follow from its ratio. */
export function buildShareholder(rank: number, over: Partial<Shareholder> = {}): Shareholder {
  const ratio = over.ratio ?? Math.round((40 / rank) * 100) / 100;
  return {
    name: `Holder ${rank}`,
    shares: Math.round((ratio / 100) * 1.256e9),
    change: rank % 3 === 0 ? 0 : rank * 1000,
    asOf: '2025-03-31',
    holderType: 'Institution',
    ...over,
    ratio,
  };
}

export function buildOverviewData(over: Partial<OverviewData> = {}): OverviewData {
  return {
    kind: 'overview',
    symbol: 'SH:600519',
    profile: {
      symbol: 'SH:600519',
      name: '贵州茅台',
      nameEn: 'Kweichow Moutai',
      exchange: 'Shanghai Stock Exchange',
      industry: '白酒',
      currency: 'CNY',
      listingDate: '2001-08-27',
      establishedDate: '1999-11-20',
      employees: 34_000,
      website: 'https://www.moutaichina.com',
      headquarters: '贵州省仁怀市茅台镇',
      chairman: '张德芹',
      description: '贵州茅台主要从事白酒业务，业务板块包括茅台酒、系列酒。',
      totalShares: 1.256e9,
      floatShares: 1.256e9,
    },
    shareholders: [
      buildShareholder(1, { name: '中国贵州茅台酒厂(集团)有限责任公司', ratio: 54.07, holderType: '国有法人' }),
      buildShareholder(2, { name: '香港中央结算有限公司', ratio: 6.8 }),
      ...[3, 4, 5, 6, 7].map((r) => buildShareholder(r, { ratio: 5 - r * 0.5 })),
    ],
    missing: [],
    ...over,
  };
}
