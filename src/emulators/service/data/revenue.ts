/**
 * Revenue breakdowns by business segment (industry), region (area) and product, for each fiscal
 * year (FY), first half (H1), first quarter (Q1) and first three quarters (Q3, cumulative, as
 * the A-share 三季报 reports it). Segment revenues add up to industry_total_revenue and their
 * percentages to 100 (within rounding to two decimals).
 */
import type { DemoCompany } from './companies.js';
import type { DatasetCalendar } from './dataset-calendar.js';
import { fiscalQuarters } from './fiscal-calendar.js';
import { createPrng, hashSeed, type Prng } from './prng.js';

export interface RevenueSegment {
  name: string;
  revenue: number;
  revenue_percentage: number;
}

export type RevenueKind = 'FY' | 'H1' | 'Q1' | 'Q3';

/** The labels the service's real samples give periods (年报, 中报, 三季报, 一季报). */
export const CHINESE_PERIOD_LABELS: Record<RevenueKind, string> = { FY: '年报', H1: '中报', Q3: '三季报', Q1: '一季报' };

export interface RevenuePeriod {
  end_date: string;
  period: string;
  fiscal_year: number;
  /** What the request's period filter matches (Q1 and Q3 are year-to-date). */
  kind: RevenueKind;
  product: RevenueSegment[];
  area: RevenueSegment[];
  industry: RevenueSegment[];
  industry_total_revenue: number;
}

export interface CompanyRevenue {
  currency: string;
  /** Newest first. */
  list: RevenuePeriod[];
}

function revenueRatio(company: DemoCompany): number {
  if (company.industryEn === 'Banking' || company.industryEn === 'Insurance') return 0.03;
  if (company.code === 'NVDA') return 1.1;
  return 0.55;
}

/** Splits `total` into parts by random weights; the last part absorbs rounding. */
function split(prng: Prng, names: string[], total: number): RevenueSegment[] {
  const weights = names.map((_, i) => prng.float(0.3, 1) * (i === 0 ? 2.5 : 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  let left = total;
  let percentLeft = 100;
  return names.map((name, i) => {
    const last = i === names.length - 1;
    const revenue = last ? left : Math.round((total * (weights[i] ?? 0)) / weightSum);
    left -= revenue;
    const pct = last ? Math.round(percentLeft * 100) / 100 : Math.round((revenue / total) * 10_000) / 100;
    percentLeft -= pct;
    return { name, revenue, revenue_percentage: pct };
  });
}

function periodOf(
  prng: Prng,
  company: DemoCompany,
  total: number,
  base: Omit<RevenuePeriod, 'product' | 'area' | 'industry' | 'industry_total_revenue'>,
): RevenuePeriod {
  const productNames = company.products.length > 0 ? company.products : [];
  // Products cover part of the revenue only, as in real disclosures.
  const productTotal = Math.round(total * prng.float(0.4, 0.8));
  return {
    ...base,
    product:
      productNames.length > 0
        ? split(prng, productNames, productTotal).map((p) => ({
            ...p,
            revenue_percentage: Math.round((p.revenue / total) * 10_000) / 100,
          }))
        : [],
    area: split(prng, company.areas, total),
    industry: split(prng, company.segments, total),
    industry_total_revenue: total,
  };
}

export function buildCompanyRevenue(company: DemoCompany, calendar: DatasetCalendar): CompanyRevenue {
  const prng = createPrng(hashSeed(`revenue:${company.symbol}`));
  const list: RevenuePeriod[] = [];
  const yearTotals = new Map<number, number>();
  let annual = company.assetScale * revenueRatio(company) * 0.7;
  const quarters = fiscalQuarters(company, calendar);
  for (const fq of quarters) {
    if (fq.quarter !== 2 && fq.quarter !== 4) continue;
    const kind = fq.quarter === 4 ? 'FY' : 'H1';
    if (kind === 'FY') annual *= prng.float(1.02, 1.3);
    const total = Math.round(kind === 'FY' ? annual : annual * prng.float(0.45, 0.55));
    yearTotals.set(fq.fiscalYear, kind === 'FY' ? total : (yearTotals.get(fq.fiscalYear) ?? total * 2));
    list.push(
      periodOf(prng, company, total, {
        end_date: fq.endDate,
        period: kind === 'FY' ? `FY${fq.fiscalYear}` : `H1 FY${fq.fiscalYear}`,
        fiscal_year: fq.fiscalYear,
        kind,
      }),
    );
  }
  // Q1 and Q3 come from a PRNG of their own, so the FY and H1 figures stay what they always were.
  const quarterPrng = createPrng(hashSeed(`revenue-quarters:${company.symbol}`));
  for (const fq of quarters) {
    if (fq.quarter !== 1 && fq.quarter !== 3) continue;
    const year = yearTotals.get(fq.fiscalYear) ?? yearTotals.get(fq.fiscalYear - 1) ?? annual;
    const share = fq.quarter === 1 ? quarterPrng.float(0.22, 0.27) : quarterPrng.float(0.7, 0.77);
    list.push(
      periodOf(quarterPrng, company, Math.round(year * share), {
        end_date: fq.endDate,
        period: `Q${fq.quarter} FY${fq.fiscalYear}`,
        fiscal_year: fq.fiscalYear,
        kind: fq.quarter === 1 ? 'Q1' : 'Q3',
      }),
    );
  }
  list.sort((a, b) => b.end_date.localeCompare(a.end_date));
  return { currency: company.currency, list };
}
