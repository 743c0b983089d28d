import { parseSymbol } from '../../../service/symbols.js';
import type { CollectedFilters } from './collected-filters.js';
import type { UsageProblem } from './usage-problem.js';

/** Adds the symbol `text` names (once); text that names none becomes a usage problem. True when added. */
export function addSymbol(
  f: CollectedFilters,
  token: string,
  text: string,
  problems: UsageProblem[],
  context: 'standalone' | 'freeText',
): boolean {
  const r = parseSymbol(text, { context });
  if (r.ok) {
    if (!f.symbols.some((s) => s.canonical === r.symbol.canonical)) f.symbols.push(r.symbol);
    f.used.set('symbols', f.used.get('symbols') ?? token);
    return true;
  }
  problems.push({
    token,
    message: r.message,
    // Ambiguous: its first reading (the message names both).
    example: r.candidates?.[0]?.canonical ?? 'US:NVDA',
  });
  return false;
}
