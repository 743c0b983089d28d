/** companyFinancials' input and output (desk-operations.ts). */

/** The statements `/financials` shows (src/slack/financials/kinds/statement-kinds.ts). */
export const STATEMENT_KINDS = ['income', 'balance', 'cashflow'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** `/financials`' period words: cumulative is year-to-date quarters (income and cash flow only). */
export const STATEMENT_PERIODS = ['annual', 'quarterly', 'cumulative'] as const;
export type StatementPeriodWord = (typeof STATEMENT_PERIODS)[number];

/** The most periods /financials' `limit:` takes (one label column and 19 periods fill a Slack table's 20 columns). */
export const STATEMENT_MAX_PERIODS = 19;

export interface CompanyFinancialsInput {
  /** Any form /financials reads: SH:600519, 600519, HK:700, US:NVDA, $NVDA. */
  symbol: string;
  /** income, balance, cashflow, or any word /financials takes for them (`cash flow`, `p&l`, `balance-sheet` …). */
  statement: string;
  /** The service's default (as /financials) when absent. */
  period?: string;
  /** Periods, newest first, 1–STATEMENT_MAX_PERIODS; /financials' default (5) when absent. */
  limit?: number;
}

export interface StatementRow {
  /** The line's label as the card shows it, e.g. "Revenue", "Total assets". */
  label: string;
  /** One per period (as `periods`), at full precision in the reported currency; null when not reported. */
  values: Array<number | null>;
  /** amount (currency), per_share (currency per share) or percent (a margin, 0–100). */
  kind: 'amount' | 'per_share' | 'percent';
}

/** The statement's headline figures for the newest period, by stable name (null when not reported). */
export type KeyFigures = Readonly<Record<string, number | null>>;

/** The names KeyFigures has for each statement. */
export const KEY_FIGURE_NAMES: Readonly<Record<StatementKind, readonly string[]>> = {
  income: ['revenue', 'grossProfit', 'operatingProfit', 'netProfit', 'netProfitToOwners', 'epsBasic'],
  balance: ['totalAssets', 'totalLiabilities', 'totalEquity', 'cashAndEquivalents'],
  cashflow: ['operatingCashFlow', 'investingCashFlow', 'financingCashFlow', 'netChangeInCash'],
};

export interface CompanyFinancialsOutput {
  /** The company's name, when the service gives one. */
  companyName?: string;
  /** Canonical `<MARKET>:<code>`, e.g. SH:600519. */
  symbol: string;
  statement: StatementKind;
  /** "Income statement", "Balance sheet", "Cash flow" (the card's words). */
  statementTitle: string;
  /** The periods' labels, newest first, as the card's columns (e.g. "FY2024", "2025 Q1"). */
  periods: string[];
  /** The period ends, YYYY-MM-DD, one per period. */
  periodEnds: string[];
  rows: StatementRow[];
  /** The reported currency (ISO code), when the service gives one. */
  currency?: string;
  /** How the card and the Markdown table scale amounts, e.g. "Amounts in CNY millions" (`rows` are never scaled). */
  unit: string;
  keyFigures: KeyFigures;
  /** The statement as a Markdown table (periods as columns), with a title line and the unit. */
  markdownTable: string;
}
