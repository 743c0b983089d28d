/**
 * /financials argument parser. Grammar (any order after the symbol is fine too):
 *
 *   /financials <SYMBOL> [a kind's word: income, balance, prices, overview…] [annual|quarterly|cumulative]
 *               [limit:N] [fy:2024] [q:Q2] [since:YYYY-MM-DD] [until:YYYY-MM-DD] [last:1y]
 *               (一季报, 中报, 三季报 name quarters as q: does; 年报 and 季报 periods)
 *   /financials <a lead kind's word: earnings, compare> …   (each parses the rest itself)
 *   /financials              → opens the modal
 *   /financials help
 *
 * The words are the kinds' own (kinds/registry.ts): no word gives what the symbol alone gives (a
 * company's snapshot, an index's card); `prices` gives a company's share prices, or an index's.
 * This module reads the options every symbol kind shares and says what is wrong with them; each
 * kind builds its request from them.
 */
import { parseSymbol, type StockSymbol } from '../../../service/symbols.js';
import type { StatementPeriod } from '../../../service/types.js';
import { addDateFilter, resolveWindow, type DateWindow } from '../../kit/commands/date-window.js';
import { tokenize } from '../../kit/commands/tokenize.js';
import { closest, type HelpResult, type UsageProblem, type UsageResult } from '../../kit/commands/usage-problem.js';
import { MAX_COMPARE_COMPANIES, MIN_COMPARE_COMPANIES } from './parse-compare-args.js';
import { symbolUsage, type SymbolToken, type SymbolUsage } from './symbol-usage.js';
import type { SymbolOptions } from '../kinds/financials-kind.js';
import { FINANCIALS_KINDS, type FinancialsRequest } from '../kinds/registry.js';

export type { FinancialsRequest } from '../kinds/registry.js';

export type { SymbolUsage } from './symbol-usage.js';

export type FinancialsArgs = HelpResult | UsageResult | SymbolUsage | { kind: 'modal' } | FinancialsRequest;

type KindWords = (typeof FINANCIALS_KINDS)[number]['words'];
type SymbolKindWords = Extract<KindWords, { grammar: 'symbol' }>;
type LeadKindWords = Extract<KindWords, { grammar: 'lead' }>;

const SYMBOL_KINDS: ReadonlyArray<{ id: string; words: SymbolKindWords }> = FINANCIALS_KINDS.flatMap((k) =>
  k.words.grammar === 'symbol' ? [{ id: k.id, words: k.words }] : [],
);
const LEAD_KINDS: readonly LeadKindWords[] = FINANCIALS_KINDS.flatMap((k) => (k.words.grammar === 'lead' ? [k.words] : []));
/** Every word that names a symbol kind, in list order (the order "did you mean" hints prefer). */
const KIND_WORDS: readonly string[] = [...new Set(SYMBOL_KINDS.flatMap((k) => k.words.words))];

const MAX_STATEMENT_LIMIT = 19; // one label column + 19 periods = Slack's 20 cells per row

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

const FINANCIALS_EXAMPLE = '/financials SH:600519 balance annual limit:4';
const HINT_WORDS: readonly string[] = [...KIND_WORDS, ...Object.keys(PERIOD_WORDS)];

/** Parses /financials text. `now` enables `last:`. Never throws. */
export function parseFinancialsArgs(text: string, now?: Date): FinancialsArgs {
  const tokens = tokenize(typeof text === 'string' ? text : '');
  if (tokens.length === 0) return { kind: 'modal' };
  const head = tokens[0]?.text.toLowerCase();
  if (head === 'help' || head === '--help' || head === '-h' || head === '?' || head === '帮助') return { kind: 'help' };
  const lead = head && !tokens[0]?.literal ? LEAD_KINDS.find((k) => k.words.has(head)) : undefined;
  if (lead) return lead.parse(tokens.slice(1), now);

  const problems: UsageProblem[] = [];
  const read: SymbolToken[] = [];
  const names: string[] = [];
  /** Symbols after the first, as typed. */
  const extras: string[] = [];
  let symbol: StockSymbol | undefined;
  /** The word that names the kind, as typed in lower case. */
  let kindWord: string | undefined;
  const options: SymbolOptions = {};
  const window: DateWindow = {};

  for (const tok of tokens) {
    const word = tok.text.toLowerCase();
    const misplaced = tok.literal ? undefined : LEAD_KINDS.find((k) => k.misplaced && k.words.has(word))?.misplaced;
    if (misplaced) {
      problems.push({ token: tok.raw, ...misplaced });
      continue;
    }
    if (!tok.literal && KIND_WORDS.includes(word)) {
      if (kindWord) problems.push({ token: tok.raw, message: 'Choose one statement.', example: FINANCIALS_EXAMPLE });
      kindWord = word;
      continue;
    }
    if (!tok.literal && REPORT_WORDS[word]) {
      if (options.fiscalQuarter) problems.push({ token: tok.raw, message: 'Choose one quarter.', example: 'q:Q3' });
      options.fiscalQuarter = REPORT_WORDS[word];
      continue;
    }
    if (!tok.literal && PERIOD_WORDS[word]) {
      if (options.period)
        problems.push({ token: tok.raw, message: 'Choose one period: annual, quarterly or cumulative.', example: `${FINANCIALS_EXAMPLE}` });
      options.period = PERIOD_WORDS[word];
      continue;
    }
    const kv = /^([A-Za-z]{1,10})[:：](.*)$/.exec(tok.text);
    const key = kv?.[1]?.toLowerCase() ?? '';
    if (kv && !/^(sh|sz|hk|us|ss)$/.test(key)) {
      readOption(key, (kv[2] ?? '').trim(), tok.raw, options, window, problems, now);
      continue;
    }
    if (tok.ref) {
      problems.push({ token: tok.raw, message: 'Mentions and channels are not symbols.', example: FINANCIALS_EXAMPLE });
      continue;
    }
    const parsed = parseSymbol(tok.text);
    if (!parsed.ok) {
      const hint = closest(word, HINT_WORDS);
      const message = hint && !/\d/.test(word) ? `\`${tok.raw}\` is not a symbol — did you mean \`${hint}\`?` : parsed.message;
      // Ambiguous: the first reading, the message names both.
      const example = parsed.candidates?.[0] ? `/financials ${parsed.candidates[0].canonical}` : FINANCIALS_EXAMPLE;
      problems.push({ token: tok.raw, message, example });
      if (!hint && parsed.reason === 'invalid' && /^[\p{L}][\p{L}\p{M} .&'-]*$/u.test(tok.text)) names.push(tok.text);
      continue;
    }
    read.push({ token: tok.raw, symbol: parsed.symbol });
    if (symbol) {
      // `NVDA incme` reads as two tickers; a second word close to a keyword is more likely a typo.
      const typo = /^[A-Za-z]+$/.test(tok.text) ? closest(word, HINT_WORDS) : undefined;
      if (typo) {
        problems.push({
          token: tok.raw,
          message: `\`${tok.raw}\` — did you mean \`${typo}\`? (One symbol at a time: \`/financials compare\` takes several.)`,
          example: `/financials ${symbol.canonical} ${typo}`,
        });
      } else extras.push(tok.raw);
    } else symbol = parsed.symbol;
  }
  if (symbol && extras.length) problems.push(...oneSymbolAtATime(symbol, read, extras));
  const done = (): SymbolUsage => symbolUsage(problems, read, names, exampleBase(symbol, kindWord));

  Object.assign(options, resolveWindow(window, problems));
  if (!symbol) {
    if (problems.length === 0)
      problems.push({ token: '', message: 'Which company or index? Give a symbol first.', example: FINANCIALS_EXAMPLE });
    return done();
  }
  const named = SYMBOL_KINDS.filter((k) => (kindWord === undefined ? k.words.isDefault : k.words.words.includes(kindWord)));
  const kind = named.find((k) => k.words.of === (symbol.isIndex ? 'index' : 'company'));
  if (!kind) problems.push(wrongSymbol(symbol, named[0]?.id ?? kindWord ?? ''));
  if (kind?.words.problems) problems.push(...kind.words.problems(symbol, options));
  periodProblems((kind ?? named[0])?.words.cumulative ?? false, symbol, options, problems);
  if (problems.length || !kind) return done();

  if (options.fiscalQuarter && !options.period && options.fiscalQuarter !== 'FY') options.period = 'quarterly';
  if (options.fiscalQuarter === 'FY' && !options.period) options.period = 'annual';
  return kind.words.request(symbol, options);
}

/** One complaint about every symbol after the first (usage() says it once, naming them all). */
function oneSymbolAtATime(first: StockSymbol, read: readonly SymbolToken[], extras: readonly string[]): UsageProblem[] {
  const companies = [...new Set(read.filter((r) => !r.symbol.isIndex).map((r) => r.symbol.canonical))];
  const compare = companies.length >= MIN_COMPARE_COMPANIES;
  const message = compare ? 'Give one symbol at a time; `/financials compare` puts companies side by side.' : 'Give one symbol at a time.';
  const example = compare ? `/financials compare ${companies.slice(0, MAX_COMPARE_COMPANIES).join(' ')}` : `/financials ${first.canonical}`;
  return extras.map((token) => ({ token, message, example }));
}

/** The command a fragment example (`limit:8`) follows: the user's company and statement when there are ones. */
function exampleBase(symbol: StockSymbol | undefined, kindWord: string | undefined): string {
  const company = symbol && !symbol.isIndex ? symbol.canonical : 'US:NVDA';
  const word = kindWord && SYMBOL_KINDS.some((k) => k.words.of === 'company' && k.words.words.includes(kindWord)) ? kindWord : 'income';
  return `/financials ${company} ${word}`;
}

/** The word names no kind for this kind of symbol (only indices have that problem: every index word is also a company's). */
function wrongSymbol(symbol: StockSymbol, kindId: string): UsageProblem {
  return symbol.isIndex
    ? { token: kindId, message: `${symbol.canonical} is an index: it has prices, not statements.`, example: `/financials ${symbol.code}` }
    : {
        token: kindId,
        message: `${symbol.canonical} is a company: \`${kindId}\` is for indices.`,
        example: `/financials ${symbol.canonical}`,
      };
}

/** Cumulative periods, and the H1 and 9M quarters, exist for the flow statements only. */
function periodProblems(cumulative: boolean, symbol: StockSymbol, o: SymbolOptions, problems: UsageProblem[]): void {
  if (cumulative) return;
  if (o.period === 'cumulative quarterly') {
    problems.push({
      token: 'cumulative',
      message: 'Cumulative periods exist for the cash-flow and income statements only.',
      example: `/financials ${symbol.canonical} income cumulative`,
    });
  }
  if (o.fiscalQuarter && (o.fiscalQuarter === 'H1' || o.fiscalQuarter.startsWith('Q3 ('))) {
    problems.push({
      token: `q:${o.fiscalQuarter}`,
      message: 'H1 and 9M exist for the cash-flow and income statements only.',
      example: 'q:Q2',
    });
  }
}

/** One `key:value` option. */
function readOption(
  key: string,
  value: string,
  raw: string,
  options: SymbolOptions,
  window: DateWindow,
  problems: UsageProblem[],
  now: Date | undefined,
): void {
  if (key === 'limit' || key === 'n') {
    const n = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
    if (!(n >= 1 && n <= MAX_STATEMENT_LIMIT))
      problems.push({ token: raw, message: `limit is a number of periods from 1 to ${MAX_STATEMENT_LIMIT}.`, example: 'limit:8' });
    else options.limit = n;
  } else if (key === 'fy' || key === 'year') {
    if (!/^(19|20)\d{2}$/.test(value)) problems.push({ token: raw, message: 'fy is a four-digit fiscal year.', example: 'fy:2024' });
    else options.fiscalYear = value;
  } else if (key === 'q' || key === 'quarter') {
    const q = QUARTERS[value.toUpperCase().replace(/^(\d)$/, 'Q$1')];
    if (!q) problems.push({ token: raw, message: 'q is one of Q1, Q2, Q3, Q4, FY (cash flow and income also H1, 9M).', example: 'q:Q2' });
    else options.fiscalQuarter = q;
  } else if (key === 'since' || key === 'until' || key === 'last') {
    addDateFilter(window, key, value, raw, problems, now);
  } else {
    const hint = closest(key, KEYS);
    problems.push({
      token: raw,
      message: `Unknown option \`${key}:\`${hint ? ` — did you mean \`${hint}:\`?` : ''}`,
      example: FINANCIALS_EXAMPLE,
    });
  }
}
