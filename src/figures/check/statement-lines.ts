/**
 * The statement lines of each metric, as the service names them. The income statement's wire
 * names are not documented, so a concept goes by several names and the first one a record has is
 * read (the same lists as the income card, src/slack/financials/cards/statement-card.ts, copied
 * here: src/figures may not import src/slack). Balance-sheet and cash-flow names are the
 * interface's.
 */
import type { StatementRecordsOf } from './statement-reader.js';
import type { StatementKind } from '../figure-types.js';

/** Every amount of one record, by line name (sections flattened: names do not repeat across them). */
export type LineSet = Readonly<Record<string, number>>;

export const LINES = {
  revenue: ['revenue', 'total_revenue', 'operating_revenue', 'total_operating_revenue'],
  costOfSales: ['cost_of_sales', 'cost_of_revenue'],
  grossProfit: ['gross_profit'],
  selling: ['selling_and_distribution_expenses', 'selling_expenses'],
  admin: ['administrative_expenses', 'general_and_administrative_expenses'],
  rnd: ['research_and_development_expenses', 'research_and_development'],
  operatingProfit: ['operating_profit', 'operating_income', 'profit_from_operations'],
  profitBeforeTax: ['profit_before_tax', 'income_before_tax'],
  netProfit: ['profit_for_the_period', 'net_income', 'net_profit', 'profit_for_the_year'],
  ownersProfit: [
    'profit_attributable_to_owners_of_the_parent',
    'profit_attributable_to_owners',
    'net_income_attributable_to_parent',
    'net_income_attributable_to_common_shareholders',
  ],
  epsBasic: ['basic_earnings_per_share', 'basic_eps', 'eps'],
  epsDiluted: ['diluted_earnings_per_share', 'diluted_eps'],
  cash: ['cash_and_cash_equivalents'],
  totalAssets: ['total_assets'],
  totalLiabilities: ['total_liabilities'],
  totalEquity: ['total_shareholders_equity', 'total_equity'],
  ownersEquity: [
    'total_equity_attributable_to_ordinary_shareholders',
    'total_equity_attributable_to_shareholders_and_other_equity_holders',
  ],
  operatingCashFlow: ['net_cash_flows_from_operating_activities'],
  investingCashFlow: ['net_cash_flows_from_investing_activities'],
  financingCashFlow: ['net_cash_flows_from_financing_activities'],
} as const satisfies Record<string, readonly string[]>;

/** The first of a concept's names the record has, with its amount. */
export function lineOf(lines: LineSet, names: readonly string[]): { name: string; value: number } | undefined {
  for (const name of names) {
    const value = lines[name];
    if (typeof value === 'number' && Number.isFinite(value)) return { name, value };
  }
  return undefined;
}

/** A record's amounts by line name, whichever statement it is. */
export function lineSetOf<K extends StatementKind>(statement: K, record: StatementRecordsOf[K]): LineSet {
  const sections: Array<Record<string, number> | undefined> = [];
  if (statement === 'income') sections.push((record as StatementRecordsOf['income']).lines);
  else if (statement === 'balance_sheet') {
    const r = record as StatementRecordsOf['balance_sheet'];
    sections.push(r.currentAssets, r.nonCurrentAssets, r.currentLiabilities, r.nonCurrentLiabilities, r.ownersEquity);
  } else {
    const r = record as StatementRecordsOf['cash_flow'];
    sections.push(r.operating, r.investing, r.financing);
  }
  const out: Record<string, number> = {};
  for (const section of sections) {
    for (const [name, value] of Object.entries(section ?? {})) if (!(name in out) && typeof value === 'number') out[name] = value;
  }
  return out;
}
