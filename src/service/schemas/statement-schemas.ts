import { z } from 'zod';
import { compact } from './compact.js';
import { optionalNumber, optionalString, wireString } from './wire-fields.js';

/**
 * Line name → amount, names as in the interface (e.g. total_current_assets). Members that are
 * not numbers (null for an unreported line) are left out rather than zeroed; a section that is
 * not an object reads as empty.
 */
export const statementSectionSchema = z
  .record(z.string(), optionalNumber)
  .catch({})
  .transform((section) => {
    const out: Record<string, number> = {};
    for (const [name, amount] of Object.entries(section)) if (amount !== undefined) out[name] = amount;
    return out;
  });

/** Top-level fields shared by every statement record (balance sheet, cash flow, income). */
export const statementHeaderSchema = z.object({
  currency: optionalString,
  end_date: wireString,
  symbol: optionalString,
  fiscal_year: optionalString,
  fiscal_quarter: optionalString,
  period: optionalString,
  /** The interface spells it filling_date; the correct spelling is accepted too. */
  filling_date: optionalString,
  filing_date: optionalString,
});

export function headerOf(r: z.output<typeof statementHeaderSchema>) {
  return compact({
    currency: r.currency ?? '',
    endDate: r.end_date,
    symbol: r.symbol ?? '',
    fiscalYear: r.fiscal_year ?? '',
    fiscalQuarter: r.fiscal_quarter ?? '',
    period: r.period ?? '',
    filingDate: r.filling_date ?? r.filing_date,
  });
}

export const balanceSheetRecordSchema = statementHeaderSchema
  .extend({
    current_assets: statementSectionSchema,
    non_current_assets: statementSectionSchema,
    current_liabilities: statementSectionSchema,
    non_current_liabilities: statementSectionSchema,
    owners_equity: statementSectionSchema,
  })
  .transform((r) => ({
    ...headerOf(r),
    currentAssets: r.current_assets,
    nonCurrentAssets: r.non_current_assets,
    currentLiabilities: r.current_liabilities,
    nonCurrentLiabilities: r.non_current_liabilities,
    ownersEquity: r.owners_equity,
  }));

export const cashFlowRecordSchema = statementHeaderSchema
  .extend({
    cash_flows_from_operating_activities: statementSectionSchema,
    cash_flows_from_investing_activities: statementSectionSchema,
    cash_flows_from_financing_activities: statementSectionSchema,
  })
  .transform((r) => ({
    ...headerOf(r),
    operating: r.cash_flows_from_operating_activities,
    investing: r.cash_flows_from_investing_activities,
    financing: r.cash_flows_from_financing_activities,
  }));

/** `data` of the balance sheet and cash flow endpoints: an array of records. */
export const balanceSheetListSchema = z.array(balanceSheetRecordSchema);
export const cashFlowListSchema = z.array(cashFlowRecordSchema);
