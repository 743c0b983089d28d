/**
 * How each demo company's income statement is shaped (margins, expense ratios, tax, minority
 * share) and how many shares it has: demo figures in the rough shape of the real companies'
 * accounts, used by income.ts and, for the valuation, stock-prices.ts.
 */
import type { DemoCompany } from './companies.js';

/** Shares of revenue (gross margin, expenses), tax rate, minority share, share count, valuation. */
export interface IncomeProfile {
  /** Undefined for banks and insurers: no cost of sales. */
  grossMargin?: number;
  selling: number;
  admin: number;
  rnd: number;
  finance: number;
  taxRate: number;
  minorityShare: number;
  sharesOutstanding: number;
  /** The P/E the demo share price gravitates to (stock-prices.ts). */
  targetPe: number;
}

/** Rough shapes of the real companies' accounts; demo data, not their figures. */
export const INCOME_PROFILES: Record<string, IncomeProfile> = {
  '600519': {
    grossMargin: 0.915,
    selling: 0.04,
    admin: 0.15,
    rnd: 0.002,
    finance: 0,
    taxRate: 0.25,
    minorityShare: 0.05,
    sharesOutstanding: 1.256e9,
    targetPe: 28,
  },
  '300750': {
    grossMargin: 0.24,
    selling: 0.03,
    admin: 0.035,
    rnd: 0.055,
    finance: 0.005,
    taxRate: 0.15,
    minorityShare: 0.06,
    sharesOutstanding: 4.4e9,
    targetPe: 22,
  },
  '000858': {
    grossMargin: 0.76,
    selling: 0.1,
    admin: 0.045,
    rnd: 0.003,
    finance: 0,
    taxRate: 0.25,
    minorityShare: 0.04,
    sharesOutstanding: 3.88e9,
    targetPe: 18,
  },
  '601318': { selling: 0, admin: 0.72, rnd: 0, finance: 0.02, taxRate: 0.12, minorityShare: 0.12, sharesOutstanding: 1.82e10, targetPe: 8 },
  '600036': { selling: 0, admin: 0.5, rnd: 0, finance: 0, taxRate: 0.16, minorityShare: 0.005, sharesOutstanding: 2.52e10, targetPe: 6.5 },
  '00700': {
    grossMargin: 0.53,
    selling: 0.055,
    admin: 0.07,
    rnd: 0.11,
    finance: 0.01,
    taxRate: 0.18,
    minorityShare: 0.03,
    sharesOutstanding: 9.3e9,
    targetPe: 18,
  },
  '09988': {
    grossMargin: 0.39,
    selling: 0.14,
    admin: 0.05,
    rnd: 0.07,
    finance: 0.005,
    taxRate: 0.2,
    minorityShare: 0.02,
    sharesOutstanding: 1.9e10,
    targetPe: 12,
  },
  '03690': {
    grossMargin: 0.38,
    selling: 0.2,
    admin: 0.03,
    rnd: 0.07,
    finance: 0.003,
    taxRate: 0.15,
    minorityShare: 0,
    sharesOutstanding: 6.1e9,
    targetPe: 25,
  },
  '01810': {
    grossMargin: 0.21,
    selling: 0.08,
    admin: 0.02,
    rnd: 0.06,
    finance: 0.002,
    taxRate: 0.15,
    minorityShare: 0.01,
    sharesOutstanding: 2.5e10,
    targetPe: 25,
  },
  NVDA: {
    grossMargin: 0.75,
    selling: 0,
    admin: 0.04,
    rnd: 0.1,
    finance: 0.002,
    taxRate: 0.15,
    minorityShare: 0,
    sharesOutstanding: 2.45e10,
    targetPe: 45,
  },
  AAPL: {
    grossMargin: 0.46,
    selling: 0,
    admin: 0.065,
    rnd: 0.08,
    finance: 0.003,
    taxRate: 0.16,
    minorityShare: 0,
    sharesOutstanding: 1.5e10,
    targetPe: 30,
  },
  TSLA: {
    grossMargin: 0.18,
    selling: 0,
    admin: 0.05,
    rnd: 0.045,
    finance: 0.003,
    taxRate: 0.2,
    minorityShare: 0.01,
    sharesOutstanding: 3.2e9,
    targetPe: 70,
  },
  MSFT: {
    grossMargin: 0.69,
    selling: 0.08,
    admin: 0.02,
    rnd: 0.12,
    finance: 0.004,
    taxRate: 0.18,
    minorityShare: 0,
    sharesOutstanding: 7.43e9,
    targetPe: 33,
  },
  AMZN: {
    grossMargin: 0.49,
    selling: 0.22,
    admin: 0.02,
    rnd: 0.14,
    finance: 0.006,
    taxRate: 0.18,
    minorityShare: 0,
    sharesOutstanding: 1.05e10,
    targetPe: 40,
  },
  AMD: {
    grossMargin: 0.5,
    selling: 0,
    admin: 0.1,
    rnd: 0.24,
    finance: 0.004,
    taxRate: 0.12,
    minorityShare: 0,
    sharesOutstanding: 1.62e9,
    targetPe: 38,
  },
  '002594': {
    grossMargin: 0.2,
    selling: 0.035,
    admin: 0.025,
    rnd: 0.06,
    finance: 0.002,
    taxRate: 0.17,
    minorityShare: 0.08,
    sharesOutstanding: 2.91e9,
    targetPe: 20,
  },
};

const FALLBACK_PROFILE: IncomeProfile = {
  grossMargin: 0.4,
  selling: 0.08,
  admin: 0.06,
  rnd: 0.04,
  finance: 0.005,
  taxRate: 0.2,
  minorityShare: 0.02,
  sharesOutstanding: 5e9,
  targetPe: 20,
};

export function incomeProfile(company: DemoCompany): IncomeProfile {
  return INCOME_PROFILES[company.code] ?? FALLBACK_PROFILE;
}
