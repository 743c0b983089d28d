/**
 * Refusals in terms of what the service knows. A symbol the service does not know is said to
 * be one ("`ZZZZ` is not a symbol the research service knows. Did you mean US:AMZN (Amazon)?"),
 * with the closest symbols it does know, instead of a not-found card or "one symbol at a time"
 * about a word that is no symbol at all; a company's name typed for its symbol (`nvidia`, `茅台`)
 * gets the symbol. When the service cannot be asked, the parser's own words stand.
 */
import type { Logger } from '../../../observability/logger.js';
import { parseSymbol, type StockSymbol } from '../../../service/symbols.js';
import type { CallOptions, ResearchService } from '../../../service/types.js';
import { tokenize } from '../../kit/commands/tokenize.js';
import { usage, type UsageProblem, type UsageResult } from '../../kit/commands/usage-problem.js';
import type { SymbolUsage } from '../args/symbol-usage.js';
import { checkSymbolKnown } from './check-symbol-known.js';
import { closestSymbols } from './closest-symbols.js';
import { type Constituent, companiesNamed, marketSymbols } from './known-symbols.js';

/** Symbols (and names) asked about per refusal: each costs the service a call or two. */
const MAX_CHECKED = 3;
const ANY_EXAMPLE = '/financials US:NVDA';
const SHAPES = 'Symbols are <MARKET>:<code>, e.g. US:AAPL, SH:600519, HK:00700.';

export interface SymbolAskDeps {
  service: ResearchService;
  call: CallOptions;
  log: Logger;
}

const described = (c: Constituent): string => (c.names[0] ? `${c.symbol} (${c.names[0]})` : c.symbol);
const orList = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

/**
 * The refusal of a symbol the service does not know; `exampleWith` writes a command around a
 * suggestion. `suggestions`: the symbols it offers, nearest first (the operations list them).
 */
export async function unknownSymbolProblem(
  deps: SymbolAskDeps,
  typed: string,
  symbol: StockSymbol,
  exampleWith: (suggestion: string) => string,
): Promise<UsageProblem & { suggestions: string[] }> {
  const [named, listed] = await Promise.all([
    /^\p{L}{2,}$/u.test(typed) ? companiesNamed(deps.service, typed, deps.call, deps.log) : Promise.resolve([]),
    marketSymbols(deps.service, [symbol.market], deps.call, deps.log),
  ]);
  const near = closestSymbols(typed, symbol, [...named, ...listed]);
  const readAs = typed.toUpperCase() === symbol.canonical ? '' : ` (read as ${symbol.canonical})`;
  const head = `\`${typed}\` is not a symbol the research service knows${readAs}.`;
  return {
    token: typed,
    message: near.length ? `${head} Did you mean ${orList(near.map(described))}?` : `${head} ${SHAPES}`,
    example: near[0] ? exampleWith(near[0].symbol) : ANY_EXAMPLE,
    suggestions: near.map((c) => c.symbol),
  };
}

/** A word that is no symbol but may be a company's name: the company's symbol, found by name or by closeness. */
async function nameProblem(deps: SymbolAskDeps, word: string): Promise<(UsageProblem & { suggestions: string[] }) | undefined> {
  const named = await companiesNamed(deps.service, word, deps.call, deps.log);
  const near = named.length
    ? named.slice(0, 3)
    : closestSymbols(word, undefined, await marketSymbols(deps.service, ['US', 'HK', 'SH'], deps.call, deps.log));
  if (near.length === 0) return undefined;
  return {
    token: word,
    message: `\`${word}\` is not a symbol. Did you mean ${orList(near.map(described))}?`,
    example: `/financials ${near[0]?.symbol}`,
    suggestions: near.map((c) => c.symbol),
  };
}

/** `problems` without any complaint about `token` (a problem naming several tokens keeps the others). */
function withoutToken(problems: readonly UsageProblem[], token: string): UsageProblem[] {
  return problems.flatMap((p) => {
    const tokens = [p.token, ...(p.alsoTokens ?? [])].filter((t) => t !== token);
    if (tokens.length === [p.token, ...(p.alsoTokens ?? [])].length) return [p];
    if (tokens.length === 0) return [];
    const [first = '', ...rest] = tokens;
    return [{ token: first, message: p.message, example: p.example, ...(rest.length ? { alsoTokens: rest } : {}) }];
  });
}

/**
 * The parser's refusal, told what the service knows: each symbol read that the service does not
 * know, and each name-like word it can place, replaces the parser's complaints about that token.
 */
export async function teachSymbols(deps: SymbolAskDeps, refusal: SymbolUsage): Promise<UsageResult> {
  const symbols = (refusal.symbols ?? []).filter((s) => !(s.symbol.isIndex && s.symbol.name)).slice(0, MAX_CHECKED);
  const names = (refusal.names ?? []).slice(0, MAX_CHECKED);
  const checks = await Promise.all(symbols.map((s) => checkSymbolKnown(deps.service, s.symbol, deps.call)));
  const unknown = symbols.filter((_, i) => checks[i]?.kind === 'unknown');
  const taught = (
    await Promise.all([
      ...unknown.map((s) => unknownSymbolProblem(deps, s.token, s.symbol, (suggestion) => `/financials ${suggestion}`)),
      ...names.map((n) => nameProblem(deps, n)),
    ])
  ).filter((p): p is UsageProblem & { suggestions: string[] } => p !== undefined);
  if (taught.length === 0) return refusal;
  const rest = taught.reduce((left, p) => withoutToken(left, p.token), refusal.problems);
  return usage('/financials', [...taught, ...rest]);
}

/** A request's symbol the service does not know, as typed in `text` (the /financials text without the command). */
export async function unknownRequestSymbol(deps: SymbolAskDeps, text: string, symbol: StockSymbol): Promise<UsageResult> {
  const token = tokenize(text).find((t) => {
    const parsed = parseSymbol(t.text);
    return parsed.ok && parsed.symbol.canonical === symbol.canonical;
  });
  const typed = token?.raw ?? symbol.canonical;
  const problem = await unknownSymbolProblem(deps, typed, symbol, (suggestion) =>
    token ? `/financials ${text.replace(token.raw, suggestion)}`.trim() : `/financials ${suggestion}`,
  );
  return usage('/financials', [problem]);
}
