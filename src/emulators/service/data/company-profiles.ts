/**
 * Who each demo company is and who owns it: the company overview and the top shareholders of the
 * 2026-04 schema's `/v1/stock/company-overview` and `/v1/stock/company-shareholders`. Names,
 * industry, currency, people and share counts are the company's own (companies.ts,
 * income-profiles.ts), so the overview agrees with the statements and prices; listing dates,
 * addresses and holdings are demo figures in the rough shape of the real ones. The holders'
 * report date is the calendar quarter end of the company's newest reported quarter (its report
 * lists the holders as of then; fiscal-calendar.ts says which quarters are reported).
 */
import type { DemoCompany } from './companies.js';
import type { DatasetCalendar } from './dataset-calendar.js';
import { fiscalQuarters } from './fiscal-calendar.js';
import { incomeProfile } from './income-profiles.js';
import { createPrng, hashSeed } from './prng.js';
import { COMPANY_FACTS, type CompanyFacts } from './company-facts.js';

/** A company overview as the service answers it (the schema leaves `data` untyped: these are the emulator's names). */
export interface CompanyOverviewRecord {
  symbol: string;
  name: string;
  name_en: string;
  market: string;
  exchange: string;
  industry: string;
  currency: string;
  listing_date: string;
  established_date: string;
  employees: number;
  website: string;
  headquarters: string;
  chairman?: string;
  ceo?: string;
  description: string;
  total_shares: number;
  float_shares: number;
}

export interface ShareholderRecord {
  holder_name: string;
  holder_type: string;
  hold_num: number;
  /** Per cent of all shares. */
  hold_ratio: number;
  /** Shares more (or fewer) than at the report before. */
  hold_change: number;
  end_date: string;
}

const EXCHANGES: Record<DemoCompany['exchange'], string> = {
  SH: 'Shanghai Stock Exchange',
  SZ: 'Shenzhen Stock Exchange',
  HK: 'Hong Kong Stock Exchange',
  US: 'NASDAQ',
};

/** Holders after the named ones, by market: funds and custodians that hold a little of everything. */
const OTHER_HOLDERS: Record<DemoCompany['market'], Array<[string, string]>> = {
  cn: [
    ['中国证券金融股份有限公司', '境内法人'],
    ['中央汇金资产管理有限责任公司', '国有法人'],
    ['全国社保基金一零三组合', '基金、理财产品等'],
    ['华泰柏瑞沪深300交易型开放式指数证券投资基金', '基金、理财产品等'],
    ['易方达沪深300交易型开放式指数发起式证券投资基金', '基金、理财产品等'],
    ['中国人寿保险股份有限公司－传统－普通保险产品', '基金、理财产品等'],
    ['华夏沪深300交易型开放式指数证券投资基金', '基金、理财产品等'],
  ],
  hk: [
    ['BlackRock', 'Institution'],
    ['JPMorgan Chase', 'Institution'],
    ['Norges Bank', 'Institution'],
    ['State Street', 'Institution'],
    ['Capital Research and Management', 'Institution'],
    ['Fidelity (FMR)', 'Institution'],
    ['Schroders', 'Institution'],
  ],
  us: [
    ['State Street', 'Institution'],
    ['Fidelity (FMR)', 'Institution'],
    ['Geode Capital Management', 'Institution'],
    ['Morgan Stanley', 'Institution'],
    ['T. Rowe Price', 'Institution'],
    ['Norges Bank', 'Institution'],
    ['JPMorgan Chase', 'Institution'],
  ],
};

const FALLBACK_FACTS: CompanyFacts = {
  listed: '2010-01-04',
  founded: '2000-01-01',
  headquarters: '',
  website: '',
  employees: 10_000,
  lockedShare: 0,
  holders: [],
};

const factsOf = (company: DemoCompany): CompanyFacts => COMPANY_FACTS[company.code] ?? FALLBACK_FACTS;

/** The name the stock routes give a company (stock-prices.ts, earnings-calendar.ts do the same). */
const nameOf = (company: DemoCompany): string => (company.market === 'us' ? company.nameEn : company.nameZh);

function describe(company: DemoCompany): string {
  if (company.market === 'us') {
    return `${company.nameEn} is a ${company.industryEn.toLowerCase()} company. Its businesses are ${company.segments.join(', ')}; its products include ${company.products.join(', ')}.`;
  }
  return `${company.nameZh}主要从事${company.industryZh}业务，业务板块包括${company.segments.join('、')}，主要产品包括${company.products.join('、')}。`;
}

export function companyOverview(company: DemoCompany): CompanyOverviewRecord {
  const facts = factsOf(company);
  const shares = incomeProfile(company).sharesOutstanding;
  const leader = company.people[0];
  return {
    symbol: company.symbol,
    name: nameOf(company),
    name_en: company.nameEn,
    market: company.market,
    exchange: EXCHANGES[company.exchange],
    industry: company.market === 'us' ? company.industryEn : company.industryZh,
    currency: company.currency,
    listing_date: facts.listed,
    established_date: facts.founded,
    employees: facts.employees,
    website: facts.website,
    headquarters: facts.headquarters,
    ...(leader ? (company.market === 'us' ? { ceo: leader } : { chairman: leader }) : {}),
    description: describe(company),
    total_shares: shares,
    float_shares: Math.round(shares * (1 - facts.lockedShare)),
  };
}

/** The last calendar quarter end on or before a YYYY-MM-DD date: shareholder registers are reported per quarter. */
function quarterEndOnOrBefore(date: string): string {
  const year = Number(date.slice(0, 4));
  const ends = [`${year - 1}-12-31`, `${year}-03-31`, `${year}-06-30`, `${year}-09-30`, `${year}-12-31`];
  return ends.filter((end) => end <= date).pop() ?? ends[0] ?? date;
}

/**
 * The top `limit` holders of all shares (the schema's default 10), largest first: the company's
 * known holders, then funds and custodians with shrinking stakes. Seeded by the company and the
 * report date, so a report's list is stable and the next report's changes a little.
 */
export function topShareholders(company: DemoCompany, calendar: DatasetCalendar, limit = 10): ShareholderRecord[] {
  const facts = factsOf(company);
  const shares = incomeProfile(company).sharesOutstanding;
  const endDate = quarterEndOnOrBefore(fiscalQuarters(company, calendar).at(-1)?.endDate ?? calendar.lastReportedEnd);
  const prng = createPrng(hashSeed(`${company.symbol}:holders:${endDate}`));
  const smallest = Math.min(...facts.holders.map(([, , pct]) => pct), 3);
  let next = smallest * 0.8;
  const others = OTHER_HOLDERS[company.market].map(([name, type]): [string, string, number] => {
    const pct = Math.round(next * 100) / 100;
    next *= prng.float(0.6, 0.9);
    return [name, type, pct];
  });
  return [...facts.holders, ...others]
    .filter(([name], i, all) => all.findIndex(([n]) => n === name) === i)
    .sort((a, b) => b[2] - a[2])
    .slice(0, Math.max(0, limit))
    .map(([name, type, pct]) => {
      const held = Math.round((shares * pct) / 100);
      return {
        holder_name: name,
        holder_type: type,
        hold_num: held,
        hold_ratio: pct,
        hold_change: prng.chance(0.4) ? 0 : Math.round(held * prng.float(-0.03, 0.03)),
        end_date: endDate,
      };
    });
}
