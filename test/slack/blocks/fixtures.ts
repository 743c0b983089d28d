/** Builders for service data used by the card tests. */
import type {
  BalanceSheetRecord,
  CashFlowRecord,
  Chunk,
  Concept,
  DocumentSummary,
  EarningsCalendarEntry,
  IncomeStatementRecord,
  IndexPriceItem,
  RevenueBreakdown,
  SearchDocument,
  StockPriceItem,
} from '../../../src/service/types.js';
import type { DigestSubscription } from '../../../src/store/records.js';

export function buildDocSummary(over: Partial<DocumentSummary> = {}): DocumentSummary {
  return {
    id: 'doc_1',
    title: '贵州茅台 2024 年报点评: 稳健增长 & margin outlook',
    url: 'https://research.example.com/docs/doc_1?src=slack&x=1',
    institution: 'CICC',
    publishedAt: '2025-03-31T08:00:00.000Z',
    category: 'reports',
    market: 'cn',
    symbol: 'SH:600519',
    companyName: '贵州茅台',
    summary: 'Revenue grew 15.7% YoY. 直销渠道占比提升。 Margins held steady.',
    tags: { industry: ['Baijiu'] },
    metadatas: {},
    ...over,
  };
}

export function buildSearchDoc(over: Partial<SearchDocument> = {}): SearchDocument {
  return {
    docId: 'v2_1',
    title: 'NVIDIA Q1 FY2026 earnings call transcript',
    url: 'https://research.example.com/docs/v2_1',
    summary: 'Data-center revenue rose 73% year over year; guidance implies further growth.',
    category: 'transcripts',
    publishedAtMs: Date.UTC(2025, 4, 28, 21),
    companies: [{ name: 'NVIDIA', stocks: [{ symbol: 'US:NVDA', market: 'US', code: 'NVDA' }] }],
    metadata: {},
    score: 0.8731,
    ...over,
  };
}

export function buildChunk(over: Partial<Chunk> = {}): Chunk {
  return {
    id: 'c1',
    type: 'text',
    content: 'Gross margin was 61.0%, down 170 bps.',
    doc: { id: 'v2_1', title: 'NVIDIA 10-Q', url: 'https://research.example.com/docs/v2_1', tags: {}, metadatas: {} },
    ...over,
  };
}

export function buildBalance(year: number, scale = 1, over: Partial<BalanceSheetRecord> = {}): BalanceSheetRecord {
  return {
    currency: 'CNY',
    endDate: `${year}-12-31`,
    symbol: '600519',
    fiscalYear: String(year),
    fiscalQuarter: 'FY',
    period: 'annual',
    filingDate: `${year + 1}-03-30`,
    currentAssets: {
      cash_and_cash_equivalents: 59_300_000_000 * scale,
      inventories: 46_000_000_000 * scale,
      total_current_assets: 225_000_000_000 * scale,
    },
    nonCurrentAssets: {
      property_plant_and_equipment: 22_000_000_000 * scale,
      total_non_current_assets: 50_000_000_000 * scale,
      total_assets: 275_000_000_000 * scale,
    },
    currentLiabilities: { accounts_payable: 3_000_000_000 * scale, total_current_liabilities: 50_000_000_000 * scale },
    nonCurrentLiabilities: { total_non_current_liabilities: 1_000_000_000 * scale, total_liabilities: -51_000_000_000 * scale },
    ownersEquity: { retained_earnings: 190_000_000_000 * scale, total_shareholders_equity: 224_000_000_000 * scale },
    ...over,
  };
}

export function buildCashFlow(year: number, over: Partial<CashFlowRecord> = {}): CashFlowRecord {
  return {
    currency: 'CNY',
    endDate: `${year}-12-31`,
    symbol: '600519',
    fiscalYear: String(year),
    fiscalQuarter: 'FY',
    period: 'annual',
    operating: { net_cash_flows_from_operating_activities: 92_400_000_000 },
    investing: { net_cash_flows_from_investing_activities: -1_900_000_000 },
    financing: {
      net_cash_flows_from_financing_activities: -73_000_000_000,
      net_increase_in_cash_and_cash_equivalents: 17_500_000_000,
      cash_and_cash_equivalents_at_end_of_year: 59_300_000_000,
    },
    ...over,
  };
}

/** An annual income statement; `scale` multiplies every amount (EPS too). */
export function buildIncome(year: number, scale = 1, over: Partial<IncomeStatementRecord> = {}): IncomeStatementRecord {
  const revenue = 171_200_000_000 * scale;
  const gross = 157_800_000_000 * scale;
  const operating = 116_600_000_000 * scale;
  const owners = 86_200_000_000 * scale;
  return {
    currency: 'CNY',
    endDate: `${year}-12-31`,
    symbol: '600519',
    fiscalYear: String(year),
    fiscalQuarter: 'FY',
    period: 'annual',
    filingDate: `${year + 1}-04-02`,
    lines: {
      revenue,
      cost_of_sales: revenue - gross,
      gross_profit: gross,
      operating_profit: operating,
      profit_before_tax: 116_300_000_000 * scale,
      income_tax_expense: 29_300_000_000 * scale,
      profit_for_the_period: 89_300_000_000 * scale,
      profit_attributable_to_owners_of_the_parent: owners,
      basic_earnings_per_share: 68.64 * scale,
      diluted_earnings_per_share: 68.64 * scale,
    },
    ...over,
  };
}

/** `n` trading days of US:AAPL, newest first, closing at 201.50 on 2025-06-30. */
export function buildStockPrices(n = 5): StockPriceItem[] {
  return Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2025, 5, 30 - i)).toISOString().slice(0, 10),
    symbol: 'US:AAPL',
    name: 'Apple',
    currency: 'USD',
    open: 200 - i,
    dayHigh: 203 - i,
    dayLow: 199 - i,
    close: 201.5 - i,
    changePercent: i % 2 ? -0.8 : 1.2,
    tradeAmount: 9.8e9,
    volume: 48_600_000,
    marketCap: 3.02e12,
    peTtm: 31.4,
    psTtm: 7.7,
    pb: 45.2,
  }));
}

export function buildEarningsEntry(over: Partial<EarningsCalendarEntry> = {}): EarningsCalendarEntry {
  return {
    date: '2026-11-25',
    symbol: 'NVDA',
    name: 'NVIDIA',
    market: 'us',
    fiscalYear: '2027',
    fiscalQuarter: 'Q3',
    periodEnd: '2026-10-31',
    ...over,
  };
}

export function buildRevenue(): RevenueBreakdown {
  return {
    currency: 'CNY',
    periods: [
      {
        endDate: '2024-12-31',
        period: 'FY',
        fiscalYear: 2024,
        product: [],
        area: [
          { name: '国内', revenue: 165_000_000_000 },
          { name: '国外', revenue: 5_000_000_000 },
        ],
        industry: [
          { name: '茅台酒', revenue: 145_900_000_000, revenuePercentage: 85.2 },
          { name: '系列酒', revenue: 24_700_000_000, revenuePercentage: 14.5 },
        ],
        industryTotalRevenue: 171_200_000_000,
      },
      {
        endDate: '2023-12-31',
        period: 'FY',
        fiscalYear: 2023,
        product: [],
        area: [{ name: '国内' }],
        industry: [
          { name: '茅台酒', revenue: 126_600_000_000, revenuePercentage: 86.9 },
          { name: '系列酒', revenue: 20_600_000_000, revenuePercentage: 13.1 },
        ],
      },
    ],
  };
}

export function buildIndexItems(n = 5): IndexPriceItem[] {
  return Array.from({ length: n }, (_, i) => ({
    date: `2025-06-${String(30 - i).padStart(2, '0')}`,
    symbol: 'SPX',
    name: 'S&P 500',
    open: 5200 - i * 10,
    dayHigh: 5230 - i * 12,
    dayLow: 5180 - i * 9,
    close: 5210 - i * 11,
    changePercent: i % 2 ? -0.42 : 0.53,
    tradeAmount: 4.1e11,
    peTtm: 24.1,
    pb: 4.62,
    // A fraction, as the service's samples give it: 1.38%.
    dividendYield: 0.0138,
    marketCap: 4.9e13,
  }));
}

export function buildConcept(i: number, over: Partial<Concept> = {}): Concept {
  return {
    conceptId: `cpt_${i}`,
    name: i === 0 ? '固态电池' : `Concept ${i}`,
    description:
      'Solid-state batteries replace the liquid electrolyte with a solid one. 产业化进度加快，多家车企公布装车计划。 Pilot lines ramp in 2026.',
    keywords: ['solid-state', '电解质', 'EV'],
    trendingScore: 10 - i,
    firstDetected: i === 0,
    scoredAtMs: Date.UTC(2025, 5, 30),
    stocks: [
      { market: 'sz', code: '300750', name: '宁德时代', description: 'Battery leader', relevance: 0.92 },
      { market: 'sh', code: '688005', name: '容百科技', relevance: 0.71 },
    ],
    docs: [{ docId: 'd9', title: 'Solid-state battery deep dive', url: 'https://research.example.com/docs/d9', relevance: 0.8 }],
    ...over,
  };
}

export function buildSubscription(over: Partial<DigestSubscription> = {}): DigestSubscription {
  return {
    teamId: 'T1',
    channelId: 'C0123ABC',
    cadence: 'weekly',
    weekday: 1,
    time: '09:00',
    timeZone: 'Asia/Shanghai',
    top: 10,
    createdBy: 'U1',
    createdAtMs: 0,
    paused: false,
    ...over,
  };
}
