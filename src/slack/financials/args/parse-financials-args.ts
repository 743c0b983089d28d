/**
 * /financials argument parser. Grammar (any order after the symbol is fine too):
 *
 *   /financials <SYMBOL> [balance|cashflow|income|revenue|prices] [annual|quarterly|cumulative]
 *               [limit:N] [fy:2024] [q:Q2] [since:YYYY-MM-DD] [until:YYYY-MM-DD] [last:1y]
 *               (一季报, 中报, 三季报 name quarters as q: does; 年报 and 季报 periods)
 *   /financials earnings [cn|hk|us] [this|next|last|YYYY-MM-DD]   (parse-earnings-args.ts)
 *   /financials compare <SYMBOL> <SYMBOL> [more] [balance|cashflow|income|revenue|prices]   (parse-compare-args.ts)
 *   /financials              → opens the modal
 *   /financials help
 *
 * No statement → a company snapshot, or the index card for index symbols (SPX, HSI, 000300).
 * `prices` gives a company's share prices, or an index's; since:/until:/last: choose the window.
 */
import { parseSymbol, type StockSymbol } from '../../../service/symbols.js';
import type {
  CompanyPricesRequest,
  IndexPricesRequest,
  RevenueBreakdownRequest,
  StatementPeriod,
  StatementRequest,
} from '../../../service/types.js';
import { addDateFilter, resolveWindow, type DateWindow } from '../../kit/commands/date-window.js';
import { COMPARE_WORDS, parseCompareArgs, type CompareArgs } from './parse-compare-args.js';
import { EARNINGS_EXAMPLE, EARNINGS_WORDS, parseEarningsArgs, type EarningsArgs } from './parse-earnings-args.js';
import { tokenize } from '../../kit/commands/tokenize.js';
import { closest, usage, type HelpResult, type UsageProblem, type UsageResult } from '../../kit/commands/usage-problem.js';

type FinancialStatementKind = 'balance' | 'cashflow' | 'income' | 'revenue' | 'prices';

export type FinancialsArgs =
  | HelpResult
  | UsageResult
  | { kind: 'modal' }
  | { kind: 'snapshot'; symbol: StockSymbol; period?: StatementPeriod; fiscalYear?: string; fiscalQuarter?: string }
  | { kind: 'balance'; symbol: StockSymbol; request: StatementRequest }
  | { kind: 'cashflow'; symbol: StockSymbol; request: StatementRequest }
  | { kind: 'income'; symbol: StockSymbol; request: StatementRequest }
  | { kind: 'revenue'; symbol: StockSymbol; request: RevenueBreakdownRequest }
  | { kind: 'index'; symbol: StockSymbol; request: IndexPricesRequest }
  | { kind: 'prices'; symbol: StockSymbol; request: CompanyPricesRequest }
  | EarningsArgs
  | CompareArgs;

const MAX_STATEMENT_LIMIT = 19; // one label column + 19 periods = Slack's 20 cells per row

const STATEMENT_WORDS: Record<string, FinancialStatementKind> = {
  balance: 'balance',
  'balance-sheet': 'balance',
  balancesheet: 'balance',
  bs: 'balance',
  资产负债表: 'balance',
  cashflow: 'cashflow',
  'cash-flow': 'cashflow',
  cf: 'cashflow',
  cash: 'cashflow',
  现金流量表: 'cashflow',
  现金流: 'cashflow',
  income: 'income',
  'income-statement': 'income',
  incomestatement: 'income',
  'p&l': 'income',
  profit: 'income',
  利润表: 'income',
  revenue: 'revenue',
  rev: 'revenue',
  segments: 'revenue',
  breakdown: 'revenue',
  营收: 'revenue',
  收入: 'revenue',
  prices: 'prices',
  price: 'prices',
  index: 'prices',
  行情: 'prices',
};
const PERIOD_WORDS: Record<string, StatementPeriod> = {
  annual: 'annual',
  yearly: 'annual',
  year: 'annual',
  年报: 'annual',
  quarterly: 'quarterly',
  quarter: 'quarterly',
  季报: 'quarterly',
  cumulative: 'cumulative quarterly',
  ytd: 'cumulative quarterly',
};
const QUARTERS: Record<string, string> = {
  Q1: 'Q1',
  Q2: 'Q2',
  Q3: 'Q3',
  Q4: 'Q4',
  FY: 'FY',
  H1: 'H1',
  '9M': 'Q3 (9 months)',
  Q3_9M: 'Q3 (9 months)',
};
/** A-share report names (the labels the service gives revenue periods) as quarter words. */
const REPORT_WORDS: Record<string, string> = { 一季报: 'Q1', 中报: 'Q2', 半年报: 'Q2', 三季报: 'Q3' };
const KEYS = ['limit', 'fy', 'q', 'since', 'until', 'last'];

/** Periods shown when no limit:N is given (the service's own default is 8). */
const DEFAULT_STATEMENT_PERIODS = 5;
const FINANCIALS_EXAMPLE = '/financials SH:600519 balance annual limit:4';

/** Parses /financials text. `now` enables `last:`. Never throws. */
export function parseFinancialsArgs(text: string, now?: Date): FinancialsArgs {
  const tokens = tokenize(typeof text === 'string' ? text : '');
  if (tokens.length === 0) return { kind: 'modal' };
  const head = tokens[0]?.text.toLowerCase();
  if (head === 'help' || head === '--help' || head === '-h' || head === '?' || head === '帮助') return { kind: 'help' };
  if (head && !tokens[0]?.literal && EARNINGS_WORDS.has(head)) return parseEarningsArgs(tokens.slice(1), now);
  if (head && !tokens[0]?.literal && COMPARE_WORDS.has(head)) return parseCompareArgs(tokens.slice(1), now);

  const problems: UsageProblem[] = [];
  let symbol: StockSymbol | undefined;
  let statement: FinancialStatementKind | undefined;
  let period: StatementPeriod | undefined;
  let limit: number | undefined;
  let fiscalYear: string | undefined;
  let fiscalQuarter: string | undefined;
  const window: DateWindow = {};

  for (const tok of tokens) {
    const word = tok.text.toLowerCase();
    if (!tok.literal && EARNINGS_WORDS.has(word)) {
      problems.push({
        token: tok.raw,
        message: 'The earnings calendar is by market and week; start with `earnings`.',
        example: EARNINGS_EXAMPLE,
      });
      continue;
    }
    if (!tok.literal && STATEMENT_WORDS[word]) {
      if (statement) problems.push({ token: tok.raw, message: 'Choose one statement.', example: FINANCIALS_EXAMPLE });
      statement = STATEMENT_WORDS[word];
      continue;
    }
    if (!tok.literal && REPORT_WORDS[word]) {
      if (fiscalQuarter) problems.push({ token: tok.raw, message: 'Choose one quarter.', example: 'q:Q3' });
      fiscalQuarter = REPORT_WORDS[word];
      continue;
    }
    if (!tok.literal && PERIOD_WORDS[word]) {
      if (period)
        problems.push({ token: tok.raw, message: 'Choose one period: annual, quarterly or cumulative.', example: `${FINANCIALS_EXAMPLE}` });
      period = PERIOD_WORDS[word];
      continue;
    }
    const kv = /^([A-Za-z]{1,10})[:：](.*)$/.exec(tok.text);
    const key = kv?.[1]?.toLowerCase() ?? '';
    if (kv && !/^(sh|sz|hk|us|ss)$/.test(key)) {
      const value = (kv[2] ?? '').trim();
      if (key === 'limit' || key === 'n') {
        const n = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
        if (!(n >= 1 && n <= MAX_STATEMENT_LIMIT))
          problems.push({ token: tok.raw, message: `limit is a number of periods from 1 to ${MAX_STATEMENT_LIMIT}.`, example: 'limit:8' });
        else limit = n;
      } else if (key === 'fy' || key === 'year') {
        if (!/^(19|20)\d{2}$/.test(value))
          problems.push({ token: tok.raw, message: 'fy is a four-digit fiscal year.', example: 'fy:2024' });
        else fiscalYear = value;
      } else if (key === 'q' || key === 'quarter') {
        const q = QUARTERS[value.toUpperCase().replace(/^(\d)$/, 'Q$1')];
        if (!q)
          problems.push({ token: tok.raw, message: 'q is one of Q1, Q2, Q3, Q4, FY (cash flow and income also H1, 9M).', example: 'q:Q2' });
        else fiscalQuarter = q;
      } else if (key === 'since' || key === 'until' || key === 'last') {
        addDateFilter(window, key, value, tok.raw, problems, now);
      } else {
        const hint = closest(key, KEYS);
        problems.push({
          token: tok.raw,
          message: `Unknown option \`${key}:\`${hint ? ` — did you mean \`${hint}:\`?` : ''}`,
          example: FINANCIALS_EXAMPLE,
        });
      }
      continue;
    }
    if (tok.ref) {
      problems.push({ token: tok.raw, message: 'Mentions and channels are not symbols.', example: FINANCIALS_EXAMPLE });
      continue;
    }
    const parsed = parseSymbol(tok.text);
    if (!parsed.ok) {
      const hint = closest(word, Object.keys(STATEMENT_WORDS).concat(Object.keys(PERIOD_WORDS)));
      const message = hint && !/\d/.test(word) ? `\`${tok.raw}\` is not a symbol — did you mean \`${hint}\`?` : parsed.message;
      problems.push({
        token: tok.raw,
        message,
        example: parsed.candidates?.map((c) => `/financials ${c.canonical}`).join('  or  ') ?? FINANCIALS_EXAMPLE,
      });
      continue;
    }
    if (symbol) {
      // `NVDA incme` reads as two tickers; a second word close to a keyword is more likely a typo.
      const typo = /^[A-Za-z]+$/.test(tok.text) ? closest(word, Object.keys(STATEMENT_WORDS).concat(Object.keys(PERIOD_WORDS))) : undefined;
      problems.push({
        token: tok.raw,
        message: typo
          ? `\`${tok.raw}\` — did you mean \`${typo}\`? (One symbol at a time: \`/financials compare\` takes several.)`
          : 'Give one symbol at a time.',
        example: typo ? `/financials ${symbol.canonical} ${typo}` : FINANCIALS_EXAMPLE,
      });
    } else symbol = parsed.symbol;
  }

  const dates = resolveWindow(window, problems);
  if (!symbol) {
    if (problems.length === 0)
      problems.push({ token: '', message: 'Which company or index? Give a symbol first.', example: FINANCIALS_EXAMPLE });
    return usage('/financials', problems);
  }
  if (symbol.isIndex && statement && statement !== 'prices') {
    problems.push({
      token: statement,
      message: `${symbol.canonical} is an index: it has prices, not statements.`,
      example: `/financials ${symbol.code}`,
    });
  }
  if (!symbol.isIndex && statement === 'prices' && (period || limit || fiscalYear || fiscalQuarter)) {
    problems.push({
      token: 'prices',
      message: 'Prices take a window of dates (last:, since:, until:), not periods, limit:, fy: or q:.',
      example: `/financials ${symbol.canonical} prices last:6m`,
    });
  }
  const cumulativeOk = statement === 'cashflow' || statement === 'income';
  if (period === 'cumulative quarterly' && !cumulativeOk) {
    problems.push({
      token: 'cumulative',
      message: 'Cumulative periods exist for the cash-flow and income statements only.',
      example: `/financials ${symbol.canonical} income cumulative`,
    });
  }
  if (fiscalQuarter && (fiscalQuarter === 'H1' || fiscalQuarter.startsWith('Q3 (')) && !cumulativeOk) {
    problems.push({
      token: `q:${fiscalQuarter}`,
      message: 'H1 and 9M exist for the cash-flow and income statements only.',
      example: 'q:Q2',
    });
  }
  if (problems.length) return usage('/financials', problems);

  if (fiscalQuarter && !period && fiscalQuarter !== 'FY') period = 'quarterly';
  if (fiscalQuarter === 'FY' && !period) period = 'annual';

  if (symbol.isIndex) {
    const request: IndexPricesRequest = { symbol: symbol.code };
    if (dates.startDate) request.startDate = dates.startDate;
    if (dates.endDate) request.endDate = dates.endDate;
    return { kind: 'index', symbol, request };
  }
  if (statement === 'prices') {
    const request: CompanyPricesRequest = { symbol: symbol.canonical };
    if (dates.startDate) request.startDate = dates.startDate;
    if (dates.endDate) request.endDate = dates.endDate;
    return { kind: 'prices', symbol, request };
  }
  if (statement === 'revenue') {
    const request: RevenueBreakdownRequest = { symbol: symbol.canonical };
    const p = fiscalQuarter ?? (period === 'annual' ? 'FY' : undefined);
    if (p) request.period = p;
    if (limit) request.limit = limit;
    if (fiscalYear) request.fiscalYear = fiscalYear;
    if (dates.startDate) request.startDate = dates.startDate;
    if (dates.endDate) request.endDate = dates.endDate;
    return { kind: 'revenue', symbol, request };
  }
  if (statement === 'balance' || statement === 'cashflow' || statement === 'income') {
    // Five periods fit a Slack table without sideways scrolling; limit:N asks for more.
    const request: StatementRequest = { symbol: symbol.canonical, limit: limit ?? DEFAULT_STATEMENT_PERIODS };
    if (period) request.period = period;
    if (fiscalYear) request.fiscalYear = fiscalYear;
    if (fiscalQuarter) request.fiscalQuarter = fiscalQuarter;
    if (dates.startDate) request.startDate = dates.startDate;
    if (dates.endDate) request.endDate = dates.endDate;
    return { kind: statement, symbol, request };
  }
  const snap: FinancialsArgs = { kind: 'snapshot', symbol };
  if (period) snap.period = period;
  if (fiscalYear) snap.fiscalYear = fiscalYear;
  if (fiscalQuarter) snap.fiscalQuarter = fiscalQuarter;
  return snap;
}
