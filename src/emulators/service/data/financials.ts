/**
 * Balance sheets and cash flow statements that add up.
 *
 * Identities every record satisfies (the tests check them):
 * - total_current_assets = sum of the other current_assets members;
 * - total_non_current_assets = sum of the other non_current_assets members EXCEPT
 *   investments_in_associates and investments_in_joint_ventures, which break down
 *   interests_in_associates_and_joint_ventures;
 * - total_assets = total_current_assets + total_non_current_assets
 *               = total_liabilities + total_shareholders_equity;
 * - total_current_liabilities / total_non_current_liabilities = sums of their members,
 *   total_liabilities = their sum;
 * - total_shareholders_equity = total_equity_attributable_to_shareholders_and_other_equity_holders
 *   + non_controlling_interests; the attributable total = share_premium + treasury_shares +
 *   other_reserve + retained_earnings + shares_held_for_share_award_scheme, and equals
 *   total_equity_attributable_to_ordinary_shareholders (no other equity holders here);
 * - cash flow: beginning + net_increase + fx effect = end; net_increase = operating + investing +
 *   financing; end = the balance sheet's cash_and_cash_equivalents at the same end_date;
 *   quarterly records begin at the previous quarter's end, cumulative and annual ones at the
 *   previous fiscal year's end.
 * All amounts are integers in units of `currency`.
 */
import type { DemoCompany } from './companies.js';
import type { DatasetCalendar } from './dataset-calendar.js';
import { fiscalQuarters } from './fiscal-calendar.js';
import { createPrng, hashSeed, type Prng } from './prng.js';
import { reportDate } from './report-dates.js';

export type Section = Record<string, number>;

export interface StatementHeader {
  currency: string;
  end_date: string;
  symbol: string;
  fiscal_year: string;
  fiscal_quarter: string;
  period: string;
  filling_date: string;
}

export interface BalanceSheetRecord extends StatementHeader {
  current_assets: Section;
  non_current_assets: Section;
  current_liabilities: Section;
  non_current_liabilities: Section;
  owners_equity: Section;
}

export interface CashFlowRecord extends StatementHeader {
  cash_flows_from_operating_activities: Section;
  cash_flows_from_investing_activities: Section;
  cash_flows_from_financing_activities: Section;
}

export interface CompanyFinancials {
  /** Quarterly balance sheets (Q1..Q4) and annual ones (FY), newest first. */
  balanceSheets: BalanceSheetRecord[];
  /** Quarterly, cumulative quarterly and annual cash flow records, newest first. */
  cashFlows: CashFlowRecord[];
}

const round = (x: number): number => Math.round(x);
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** Liabilities as a share of assets: financials are highly leveraged, Moutai barely. */
function leverage(company: DemoCompany): number {
  if (company.industryEn === 'Banking' || company.industryEn === 'Insurance') return 0.9;
  if (company.code === '600519' || company.code === '000858') return 0.22;
  return 0.45;
}

function buildBalanceSheet(
  company: DemoCompany,
  prng: Prng,
  totalAssetsTarget: number,
  cash: number,
): Omit<BalanceSheetRecord, keyof StatementHeader> {
  const A = totalAssetsTarget;
  const f = (lo: number, hi: number): number => round(A * prng.float(lo, hi));
  const current: Section = {
    cash_and_cash_equivalents: cash,
    restricted_cash_and_cash_equivalents: f(0.002, 0.01),
    inventories: f(0.02, 0.12),
    accounts_receivable: f(0.02, 0.08),
    financial_investments_at_fair_value_through_profit_or_loss_current: f(0.01, 0.05),
    financial_investments_at_fair_value_through_other_comprehensive_income_current: f(0.005, 0.03),
    prepayments_deposits_other_receivables_current: f(0.01, 0.03),
  };
  current.total_current_assets = sum(Object.values(current));
  const associates = f(0.01, 0.04);
  const jointVentures = f(0.002, 0.01);
  const nonCurrent: Section = {
    time_deposits_non_current: f(0.01, 0.04),
    property_plant_and_equipment: f(0.08, 0.2),
    land_use_rights: f(0.005, 0.02),
    right_of_use_asset: f(0.005, 0.02),
    construction_in_progress: f(0.005, 0.03),
    investment_property: f(0, 0.01),
    interests_in_associates_and_joint_ventures: associates + jointVentures,
    intangible_assets: f(0.01, 0.05),
    deferred_tax_assets: f(0.003, 0.01),
    financial_investments_at_fair_value_through_profit_or_loss_non_current: f(0.02, 0.08),
    financial_investments_at_fair_value_through_other_comprehensive_income_non_current: f(0.01, 0.04),
    prepayments_deposits_other_receivables_non_current: f(0.002, 0.01),
  };
  nonCurrent.total_non_current_assets = sum(Object.values(nonCurrent));
  // Breakdown members are added after the total so they are not counted twice.
  nonCurrent.investments_in_associates = associates;
  nonCurrent.investments_in_joint_ventures = jointVentures;
  const totalAssets = (current.total_current_assets ?? 0) + (nonCurrent.total_non_current_assets ?? 0);
  nonCurrent.total_assets = totalAssets;

  const L = totalAssets * leverage(company) * prng.float(0.93, 1.07);
  const l = (lo: number, hi: number): number => round(L * prng.float(lo, hi));
  const currentLiabilities: Section = {
    short_term_borrowings: l(0.05, 0.15),
    taxes_payable: l(0.02, 0.05),
    other_tax_liabilities: l(0.005, 0.02),
    notes_payable: l(0.02, 0.08),
    accounts_payable: l(0.1, 0.25),
    current_portion_of_deferred_income: l(0.002, 0.01),
    lease_liabilities_current: l(0.005, 0.015),
    receipts_in_advance_deposits_received_accrued_expenses_other_payables_and_other_liabilities_current: l(0.15, 0.3),
  };
  currentLiabilities.total_current_liabilities = sum(Object.values(currentLiabilities));
  const nonCurrentLiabilities: Section = {
    long_term_borrowings: l(0.1, 0.25),
    deferred_tax_liabilities: l(0.01, 0.03),
    deferred_income_non_current: l(0.005, 0.02),
    lease_liabilities_non_current: l(0.01, 0.03),
  };
  nonCurrentLiabilities.total_non_current_liabilities = sum(Object.values(nonCurrentLiabilities));
  const totalLiabilities = (currentLiabilities.total_current_liabilities ?? 0) + (nonCurrentLiabilities.total_non_current_liabilities ?? 0);
  nonCurrentLiabilities.total_liabilities = totalLiabilities;

  const equity = totalAssets - totalLiabilities;
  const nci = round(equity * prng.float(0.01, 0.06));
  const attributable = equity - nci;
  const sharePremium = round(attributable * prng.float(0.05, 0.2));
  const treasury = -round(attributable * prng.float(0, 0.01));
  const otherReserve = round(attributable * prng.float(-0.02, 0.08));
  const awardScheme = -round(attributable * prng.float(0, 0.004));
  const retained = attributable - sharePremium - treasury - otherReserve - awardScheme;
  const ownersEquity: Section = {
    share_premium: sharePremium,
    treasury_shares: treasury,
    other_reserve: otherReserve,
    retained_earnings: retained,
    shares_held_for_share_award_scheme: awardScheme,
    total_equity_attributable_to_shareholders_and_other_equity_holders: attributable,
    total_equity_attributable_to_ordinary_shareholders: attributable,
    non_controlling_interests: nci,
    total_shareholders_equity: equity,
  };
  return {
    current_assets: current,
    non_current_assets: nonCurrent,
    current_liabilities: currentLiabilities,
    non_current_liabilities: nonCurrentLiabilities,
    owners_equity: ownersEquity,
  };
}

interface QuarterFlows {
  operating: number;
  investing: number;
  financing: number;
  fx: number;
}

function cashFlowRecord(header: StatementHeader, begin: number, end: number, flows: QuarterFlows): CashFlowRecord {
  const netIncrease = flows.operating + flows.investing + flows.financing;
  return {
    ...header,
    cash_flows_from_operating_activities: { net_cash_flows_from_operating_activities: flows.operating },
    cash_flows_from_investing_activities: { net_cash_flows_from_investing_activities: flows.investing },
    cash_flows_from_financing_activities: {
      net_cash_flows_from_financing_activities: flows.financing,
      effect_of_exchange_rate_changes_on_cash_and_cash_equivalents: flows.fx,
      net_increase_in_cash_and_cash_equivalents: netIncrease,
      cash_and_cash_equivalents_at_beginning_of_year: begin,
      cash_and_cash_equivalents_at_end_of_year: end,
    },
  };
}

const CUMULATIVE_LABELS = ['Q1', 'H1', 'Q3 (9 months)', 'FY'] as const;

export function buildCompanyFinancials(company: DemoCompany, calendar: DatasetCalendar): CompanyFinancials {
  const prng = createPrng(hashSeed(`financials:${company.symbol}`));
  const quarters = fiscalQuarters(company, calendar);
  const balanceSheets: BalanceSheetRecord[] = [];
  const cashFlows: CashFlowRecord[] = [];

  let assets = company.assetScale * 0.75;
  let cash = round(assets * prng.float(0.08, 0.2));
  // Cash at the end of the quarter before the first one: the first record's beginning.
  let previousCash = cash;
  let fiscalYearStartCash = cash;
  let ytd: QuarterFlows = { operating: 0, investing: 0, financing: 0, fx: 0 };

  for (const fq of quarters) {
    assets *= prng.float(1.005, 1.045);
    cash = Math.max(round(assets * 0.02), round(previousCash * prng.float(0.88, 1.14)));
    // The report day is report-dates.ts's; this draw is kept so the amounts drawn after it stay as they were.
    prng.int(25, 60);
    const filling = reportDate(company, fq);
    const header = (fiscalQuarter: string, period: string): StatementHeader => ({
      currency: company.currency,
      end_date: fq.endDate,
      symbol: company.code,
      fiscal_year: String(fq.fiscalYear),
      fiscal_quarter: fiscalQuarter,
      period,
      filling_date: filling,
    });
    const body = buildBalanceSheet(company, prng, assets, cash);
    balanceSheets.push({ ...header(`Q${fq.quarter}`, 'quarterly'), ...body });
    if (fq.quarter === 4) balanceSheets.push({ ...header('FY', 'annual'), ...structuredClone(body) });

    const operating = round(assets * prng.float(0.01, 0.05));
    const investing = -round(assets * prng.float(0.005, 0.035));
    const fx = company.currency === 'USD' ? round(assets * prng.float(-0.0008, 0.0004)) : round(assets * prng.float(-0.0004, 0.0008));
    const financing = cash - previousCash - fx - operating - investing;
    const flows: QuarterFlows = { operating, investing, financing, fx };
    cashFlows.push(cashFlowRecord(header(`Q${fq.quarter}`, 'quarterly'), previousCash, cash, flows));

    if (fq.quarter === 1) {
      fiscalYearStartCash = previousCash;
      ytd = { operating: 0, investing: 0, financing: 0, fx: 0 };
    }
    ytd = {
      operating: ytd.operating + operating,
      investing: ytd.investing + investing,
      financing: ytd.financing + financing,
      fx: ytd.fx + fx,
    };
    const label = CUMULATIVE_LABELS[fq.quarter - 1] ?? 'FY';
    cashFlows.push(cashFlowRecord(header(label, 'cumulative quarterly'), fiscalYearStartCash, cash, { ...ytd }));
    if (fq.quarter === 4) cashFlows.push(cashFlowRecord(header('FY', 'annual'), fiscalYearStartCash, cash, { ...ytd }));
    previousCash = cash;
  }
  const newestFirst = (a: StatementHeader, b: StatementHeader): number => (a.end_date < b.end_date ? 1 : a.end_date > b.end_date ? -1 : 0);
  balanceSheets.sort(newestFirst);
  cashFlows.sort(newestFirst);
  return { balanceSheets, cashFlows };
}
