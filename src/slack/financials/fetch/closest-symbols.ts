/**
 * The known symbols closest to what was typed, for "did you mean": by edit distance
 * (fastest-levenshtein) to the code when a symbol was typed (`ZZZZ` → the US codes nearest it),
 * to the names when a word was (`nvidai` → NVIDIA; a name that contains the word counts as
 * nearest). A candidate must share something with the input (distance below the longer length),
 * so nothing is offered rather than something unrelated.
 */
import { distance } from 'fastest-levenshtein';
import type { StockSymbol } from '../../../service/symbols.js';
import type { Constituent } from './known-symbols-schema.js';

export const MAX_SUGGESTIONS = 3;

const codeOf = (symbol: string): string => symbol.slice(symbol.indexOf(':') + 1);
const marketOf = (symbol: string): string => symbol.slice(0, symbol.indexOf(':'));
/** Shanghai and Shenzhen codes are one A-share market to the user. */
const sameMarket = (a: string, b: string): boolean => a === b || (['SH', 'SZ'].includes(a) && ['SH', 'SZ'].includes(b));

/** Names within this share of edits of the word are near (`nvidai` → NVIDIA is 2 of 6). */
const NAME_NEAR = 0.4;

/** 0 when a name contains the word, else the least share of edits from the word to a name. */
function nameScore(word: string, names: readonly string[]): number {
  const w = word.toLowerCase();
  const scores = names.map((n) => (n.toLowerCase().includes(w) ? 0 : distance(w, n.toLowerCase()) / Math.max(w.length, n.length)));
  return Math.min(1, ...scores);
}

/** Up to MAX_SUGGESTIONS of `known`, nearest first (ties keep the service's order). */
export function closestSymbols(typed: string, read: StockSymbol | undefined, known: readonly Constituent[]): Constituent[] {
  const scored = known.flatMap((c, i) => {
    if (read && (!sameMarket(read.market, marketOf(c.symbol)) || c.symbol === read.canonical)) return [];
    const byName = nameScore(typed, c.names);
    const scores = byName <= NAME_NEAR ? [byName] : [];
    if (read) {
      const code = codeOf(c.symbol);
      // Something in common with the code: fewer edits than the longer of the two.
      const byCode = distance(read.code, code) / Math.max(read.code.length, code.length);
      if (byCode < 1) scores.push(byCode);
    }
    return scores.length ? [{ c, score: Math.min(...scores), i }] : [];
  });
  return scored
    .sort((a, b) => a.score - b.score || a.i - b.i)
    .slice(0, MAX_SUGGESTIONS)
    .map((s) => s.c);
}
