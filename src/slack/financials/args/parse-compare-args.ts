/**
 * `/financials compare <symbol> <symbol> [more] [balance|cashflow|income|revenue|prices]
 * [annual|quarterly]`: 2 to 5 companies side by side. Symbols in any form /financials accepts
 * (SH:600519, 600519.SH, 0700.HK, $NVDA); `income` (revenue, net profit, margins) by default.
 */
import { parseSymbol, type StockSymbol } from '../../../service/symbols.js';
import type { Token } from '../../kit/commands/tokenize.js';
import { closest, usage, type UsageProblem, type UsageResult } from '../../kit/commands/usage-problem.js';

export type CompareMetric = 'income' | 'balance' | 'cashflow' | 'revenue' | 'prices';

export interface CompareArgs {
  kind: 'compare';
  symbols: StockSymbol[];
  metric: CompareMetric;
  period: 'annual' | 'quarterly';
  /** Today (YYYY-MM-DD, UTC) when the parser was given a clock: the end of the price window. */
  today?: string;
}

export const COMPARE_WORDS = new Set(['compare', 'vs', '比较', '对比']);
export const MIN_COMPARE_COMPANIES = 2;
/** Five columns of companies stay readable and keep a 5×5 metric table inside Slack's 100 rows. */
export const MAX_COMPARE_COMPANIES = 5;
export const COMPARE_EXAMPLE = '/financials compare SH:600519 HK:00700 US:NVDA income';

const METRIC_WORDS: Record<string, CompareMetric> = {
  income: 'income',
  profit: 'income',
  利润表: 'income',
  balance: 'balance',
  bs: 'balance',
  资产负债表: 'balance',
  cashflow: 'cashflow',
  'cash-flow': 'cashflow',
  cf: 'cashflow',
  现金流: 'cashflow',
  revenue: 'revenue',
  rev: 'revenue',
  营收: 'revenue',
  prices: 'prices',
  price: 'prices',
  行情: 'prices',
};
const PERIOD_WORDS: Record<string, CompareArgs['period']> = {
  annual: 'annual',
  yearly: 'annual',
  年报: 'annual',
  quarterly: 'quarterly',
  quarter: 'quarterly',
  季报: 'quarterly',
};

/** Parses the tokens after `compare`. Never throws. */
export function parseCompareArgs(tokens: Token[], now?: Date): CompareArgs | UsageResult {
  const problems: UsageProblem[] = [];
  const symbols: StockSymbol[] = [];
  /** Each symbol's token as typed, in the same order. */
  const typed: string[] = [];
  let metric: CompareMetric | undefined;
  let period: CompareArgs['period'] | undefined;
  for (const tok of tokens) {
    const word = tok.text.toLowerCase();
    if (!tok.literal && METRIC_WORDS[word]) {
      if (metric) problems.push({ token: tok.raw, message: 'Choose one thing to compare.', example: COMPARE_EXAMPLE });
      metric = METRIC_WORDS[word];
      continue;
    }
    if (!tok.literal && PERIOD_WORDS[word]) {
      if (period) problems.push({ token: tok.raw, message: 'Choose annual or quarterly, not both.', example: COMPARE_EXAMPLE });
      period = PERIOD_WORDS[word];
      continue;
    }
    if (tok.ref) {
      problems.push({ token: tok.raw, message: 'Mentions and channels are not symbols.', example: COMPARE_EXAMPLE });
      continue;
    }
    // A bare word one or two edits from a metric is a typo far more often than a ticker.
    const typo = /^[a-z]+$/i.test(tok.text) && !METRIC_WORDS[word] ? closest(word, Object.keys(METRIC_WORDS)) : undefined;
    if (typo && !tok.literal) {
      problems.push({
        token: tok.raw,
        message: `\`${tok.raw}\` — did you mean \`${typo}\`? For a ticker of that name write US:${tok.text.toUpperCase()}.`,
        example: COMPARE_EXAMPLE,
      });
      continue;
    }
    const parsed = parseSymbol(tok.text);
    if (!parsed.ok) {
      const hint = /\d/.test(word) ? undefined : closest(word, Object.keys(METRIC_WORDS));
      problems.push({
        token: tok.raw,
        message: hint ? `\`${tok.raw}\` is not a symbol — did you mean \`${hint}\`?` : `\`${tok.raw}\`: ${parsed.message}`,
        // Ambiguous: its first reading (the message names both), else the right shapes.
        example: parsed.candidates?.[0] ? `/financials compare ${parsed.candidates[0].canonical} US:NVDA` : COMPARE_EXAMPLE,
      });
      continue;
    }
    const symbol = parsed.symbol;
    if (symbol.isIndex) {
      problems.push({
        token: tok.raw,
        message: `${symbol.canonical} is an index; compare takes companies. See its prices with \`/financials ${symbol.code}\`.`,
        example: COMPARE_EXAMPLE,
      });
      continue;
    }
    if (symbols.some((s) => s.canonical === symbol.canonical)) {
      problems.push({ token: tok.raw, message: `${symbol.canonical} is given twice; name each company once.`, example: COMPARE_EXAMPLE });
      continue;
    }
    symbols.push(symbol);
    typed.push(tok.raw);
  }
  if (metric === 'prices' && period) {
    problems.push({
      token: period,
      message: 'Prices compare the latest close and its change, not periods.',
      example: '/financials compare 600519 NVDA prices',
    });
  }
  if (problems.length === 0 && symbols.length < MIN_COMPARE_COMPANIES) {
    problems.push({
      token: typed[0] ?? '',
      message: `Compare needs ${MIN_COMPARE_COMPANIES} to ${MAX_COMPARE_COMPANIES} companies; ${symbols.length === 0 ? 'none was' : 'only one was'} given.`,
      example: COMPARE_EXAMPLE,
    });
  }
  if (symbols.length > MAX_COMPARE_COMPANIES) {
    problems.push({
      token: typed.slice(MAX_COMPARE_COMPANIES).join(' '),
      message: `Compare takes at most ${MAX_COMPARE_COMPANIES} companies; ${symbols.length} were given. Drop ${symbols.length - MAX_COMPARE_COMPANIES}.`,
      example: COMPARE_EXAMPLE,
    });
  }
  if (problems.length) return usage('/financials', problems);
  const today = now && Number.isFinite(now.getTime()) ? now.toISOString().slice(0, 10) : undefined;
  return { kind: 'compare', symbols, metric: metric ?? 'income', period: period ?? 'annual', ...(today ? { today } : {}) };
}
