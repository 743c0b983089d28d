/**
 * A /financials usage result that keeps what was typed where a symbol goes, so the listener can
 * ask the service about it (fetch/unknown-symbol-problems.ts): the symbols read, whose refusal
 * becomes "not a symbol the research service knows" when the service does not know them, and the
 * words that are no symbol but may name a company (`nvidia`, `茅台`), for a name search.
 */
import type { StockSymbol } from '../../../service/symbols.js';
import { usage, type UsageProblem, type UsageResult } from '../../kit/commands/usage-problem.js';

export interface SymbolToken {
  /** As typed. */
  token: string;
  symbol: StockSymbol;
}

export type SymbolUsage = UsageResult & { symbols?: SymbolToken[]; names?: string[] };

export function symbolUsage(problems: UsageProblem[], read: readonly SymbolToken[], names: readonly string[], base: string): SymbolUsage {
  const symbols = read.filter((r, i) => read.findIndex((o) => o.symbol.canonical === r.symbol.canonical) === i);
  return {
    ...usage('/financials', problems, base),
    ...(symbols.length ? { symbols } : {}),
    ...(names.length ? { names: [...new Set(names)] } : {}),
  };
}
