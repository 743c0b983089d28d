/**
 * Income statements that agree with the rest of the demo data of the same company.
 *
 * What ties them (the tests check it):
 * - revenue: the two quarters of a first half add up to the revenue breakdown's H1
 *   industry_total_revenue, the four quarters of a fiscal year to its FY total; cumulative
 *   (Q1, H1, Q3 (9 months), FY) and annual records are the running sums of the quarters;
 * - header: currency, end_date, symbol, fiscal_year and filling_date are those of the balance
 *   sheet for the same quarter;
 * - lines: gross_profit = revenue − cost_of_sales; operating_profit = gross_profit − selling,
 *   administrative and R&D expenses + other_income_and_gains; profit_before_tax =
 *   operating_profit − finance_costs + share_of_profits_of_associates_and_joint_ventures;
 *   profit_for_the_period = profit_before_tax − income_tax_expense = profit attributable to
 *   owners + to non-controlling interests; basic EPS = owners' profit / shares outstanding
 *   (four decimals), diluted EPS a little lower.
 * Banks and insurers report no cost of sales, gross profit, selling or R&D lines, as in their
 * real statements. All amounts are integers in units of `currency`.
 */
import type { DemoCompany } from './companies.js';
import { incomeProfile, type IncomeProfile } from './income-profiles.js';
import type { CompanyFinancials, StatementHeader } from './financials.js';
import type { DatasetCalendar } from './dataset-calendar.js';
import { fiscalQuarters, type FiscalQuarter } from './fiscal-calendar.js';
import { createPrng, hashSeed, type Prng } from './prng.js';
import type { CompanyRevenue } from './revenue.js';

export type IncomeSection = Record<string, number>;

export interface IncomeStatementRecord extends StatementHeader {
  revenue_and_costs: IncomeSection;
  operating_results: IncomeSection;
  profit: IncomeSection;
  earnings_per_share: IncomeSection;
}

/** Raw quarter amounts before rounding into sections; summed for cumulative records. */
interface QuarterAmounts {
  revenue: number;
  cost_of_sales?: number;
  selling?: number;
  admin: number;
  rnd?: number;
  other: number;
  finance: number;
  associates: number;
  tax: number;
  minority: number;
}

const round = (x: number): number => Math.round(x);
const eps = (profit: number, shares: number): number => Math.round((profit / shares) * 10_000) / 10_000;

/** Revenue of every reported quarter, from the breakdown's H1 and FY totals where they exist. */
function quarterRevenues(prng: Prng, quarters: FiscalQuarter[], revenue: CompanyRevenue): Map<string, number> {
  const totals = new Map<string, number>();
  for (const p of revenue.list) totals.set(`${p.fiscal_year}:${p.kind}`, p.industry_total_revenue);
  const key = (fy: number, q: number): string => `${fy}:Q${q}`;
  const out = new Map<string, number>();
  let previous = 0;
  for (const { fiscalYear: fy, quarter: q } of quarters) {
    if (!out.has(key(fy, q))) {
      const h1 = totals.get(`${fy}:H1`);
      const full = totals.get(`${fy}:FY`);
      if (q === 1 && h1 !== undefined) {
        const first = round(h1 * prng.float(0.46, 0.52));
        out.set(key(fy, 1), first);
        out.set(key(fy, 2), h1 - first);
      } else if (q === 3 && h1 !== undefined && full !== undefined) {
        const third = round((full - h1) * prng.float(0.47, 0.53));
        out.set(key(fy, 3), third);
        out.set(key(fy, 4), full - h1 - third);
      } else {
        // A quarter whose half or year is not yet reported follows the quarter before it.
        out.set(key(fy, q), round(previous * prng.float(0.97, 1.08)));
      }
    }
    previous = out.get(key(fy, q)) ?? previous;
  }
  return out;
}

function quarterAmounts(prng: Prng, profile: IncomeProfile, revenue: number): QuarterAmounts {
  const f = (share: number): number => round(revenue * share * prng.float(0.9, 1.1));
  const costOfSales = profile.grossMargin === undefined ? undefined : round(revenue * (1 - profile.grossMargin * prng.float(0.97, 1.03)));
  const amounts: QuarterAmounts = {
    revenue,
    admin: f(profile.admin),
    other: round(revenue * prng.float(0, 0.02)),
    finance: f(profile.finance),
    associates: round(revenue * prng.float(0, 0.01)),
    tax: 0,
    minority: 0,
  };
  if (costOfSales !== undefined) amounts.cost_of_sales = costOfSales;
  if (profile.selling > 0) amounts.selling = f(profile.selling);
  if (profile.rnd > 0) amounts.rnd = f(profile.rnd);
  const pbt = profitBeforeTax(amounts);
  amounts.tax = round(Math.max(0, pbt) * profile.taxRate * prng.float(0.9, 1.1));
  amounts.minority = round((pbt - amounts.tax) * profile.minorityShare);
  return amounts;
}

function operatingProfit(a: QuarterAmounts): number {
  return a.revenue - (a.cost_of_sales ?? 0) - (a.selling ?? 0) - a.admin - (a.rnd ?? 0) + a.other;
}

function profitBeforeTax(a: QuarterAmounts): number {
  return operatingProfit(a) - a.finance + a.associates;
}

function sumAmounts(list: QuarterAmounts[]): QuarterAmounts {
  const total: QuarterAmounts = { revenue: 0, admin: 0, other: 0, finance: 0, associates: 0, tax: 0, minority: 0 };
  for (const a of list) {
    for (const k of Object.keys(a) as Array<keyof QuarterAmounts>) total[k] = (total[k] ?? 0) + (a[k] ?? 0);
  }
  return total;
}

function sections(a: QuarterAmounts, shares: number): Omit<IncomeStatementRecord, keyof StatementHeader> {
  const revenueAndCosts: IncomeSection = { revenue: a.revenue };
  if (a.cost_of_sales !== undefined) {
    revenueAndCosts.cost_of_sales = a.cost_of_sales;
    revenueAndCosts.gross_profit = a.revenue - a.cost_of_sales;
  }
  const operating: IncomeSection = {};
  if (a.selling !== undefined) operating.selling_and_distribution_expenses = a.selling;
  operating.administrative_expenses = a.admin;
  if (a.rnd !== undefined) operating.research_and_development_expenses = a.rnd;
  operating.other_income_and_gains = a.other;
  operating.operating_profit = operatingProfit(a);
  const pbt = profitBeforeTax(a);
  const profitForPeriod = pbt - a.tax;
  const owners = profitForPeriod - a.minority;
  return {
    revenue_and_costs: revenueAndCosts,
    operating_results: operating,
    profit: {
      finance_costs: a.finance,
      share_of_profits_of_associates_and_joint_ventures: a.associates,
      profit_before_tax: pbt,
      income_tax_expense: a.tax,
      profit_for_the_period: profitForPeriod,
      profit_attributable_to_owners_of_the_parent: owners,
      profit_attributable_to_non_controlling_interests: a.minority,
    },
    earnings_per_share: {
      basic_earnings_per_share: eps(owners, shares),
      diluted_earnings_per_share: eps(owners, shares * 1.006),
    },
  };
}

const CUMULATIVE_LABELS = ['Q1', 'H1', 'Q3 (9 months)', 'FY'] as const;

/** Quarterly, cumulative quarterly and annual income statements, newest first. */
export function buildCompanyIncome(
  company: DemoCompany,
  calendar: DatasetCalendar,
  financials: CompanyFinancials,
  revenue: CompanyRevenue,
): IncomeStatementRecord[] {
  const prng = createPrng(hashSeed(`income:${company.symbol}`));
  const profile = incomeProfile(company);
  const quarters = fiscalQuarters(company, calendar);
  const revenues = quarterRevenues(prng, quarters, revenue);
  const filed = new Map(financials.balanceSheets.filter((b) => b.period === 'quarterly').map((b) => [b.end_date, b.filling_date]));
  const out: IncomeStatementRecord[] = [];
  let yearToDate: QuarterAmounts[] = [];
  for (const fq of quarters) {
    const header = (fiscalQuarter: string, period: string): StatementHeader => ({
      currency: company.currency,
      end_date: fq.endDate,
      symbol: company.code,
      fiscal_year: String(fq.fiscalYear),
      fiscal_quarter: fiscalQuarter,
      period,
      filling_date: filed.get(fq.endDate) ?? fq.endDate,
    });
    const amounts = quarterAmounts(prng, profile, revenues.get(`${fq.fiscalYear}:Q${fq.quarter}`) ?? 0);
    if (fq.quarter === 1) yearToDate = [];
    yearToDate.push(amounts);
    const shares = profile.sharesOutstanding;
    out.push({ ...header(`Q${fq.quarter}`, 'quarterly'), ...sections(amounts, shares) });
    const cumulative = sections(sumAmounts(yearToDate), shares);
    out.push({ ...header(CUMULATIVE_LABELS[fq.quarter - 1] ?? 'FY', 'cumulative quarterly'), ...cumulative });
    if (fq.quarter === 4) out.push({ ...header('FY', 'annual'), ...structuredClone(cumulative) });
  }
  return out.sort((a, b) => (a.end_date < b.end_date ? 1 : a.end_date > b.end_date ? -1 : 0));
}
