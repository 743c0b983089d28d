/**
 * Revenue breakdowns by business segment (industry), region (area) and product, for each fiscal
 * year (FY) and first half (H1). Segment revenues add up to industry_total_revenue and their
 * percentages to 100 (within rounding to two decimals).
 */
import type { DemoCompany } from './companies.js';
import { fiscalQuarters } from './fiscal-calendar.js';
import { createPrng, hashSeed, type Prng } from './prng.js';

export interface RevenueSegment {
  name: string;
  revenue: number;
  revenue_percentage: number;
}

export interface RevenuePeriod {
  end_date: string;
  period: string;
  fiscal_year: number;
  /** 'FY' or 'H1': what the request's period filter matches. */
  kind: 'FY' | 'H1';
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

export function buildCompanyRevenue(company: DemoCompany): CompanyRevenue {
  const prng = createPrng(hashSeed(`revenue:${company.symbol}`));
  const list: RevenuePeriod[] = [];
  let annual = company.assetScale * revenueRatio(company) * 0.7;
  for (const fq of fiscalQuarters(company)) {
    if (fq.quarter !== 2 && fq.quarter !== 4) continue;
    const kind = fq.quarter === 4 ? 'FY' : 'H1';
    if (kind === 'FY') annual *= prng.float(1.02, 1.3);
    const total = Math.round(kind === 'FY' ? annual : annual * prng.float(0.45, 0.55));
    const productNames = company.products.length > 0 ? company.products : [];
    // Products cover part of the revenue only, as in real disclosures.
    const productTotal = Math.round(total * prng.float(0.4, 0.8));
    list.push({
      end_date: fq.endDate,
      period: kind === 'FY' ? `FY${fq.fiscalYear}` : `H1 FY${fq.fiscalYear}`,
      fiscal_year: fq.fiscalYear,
      kind,
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
    });
  }
  list.reverse();
  return { currency: company.currency, list };
}
