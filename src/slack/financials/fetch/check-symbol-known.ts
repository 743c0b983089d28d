/**
 * Whether the service knows a symbol, asked before the /financials modal closes so an unknown
 * one is reported in the modal (under its field) instead of turning into a "not found" card
 * later. A known index needs no call; a company is known when its income statement or its
 * prices come back with data. The real service answers an unknown symbol with 404 (interface)
 * or with empty lists (published schema): both mean unknown. Anything else is an outage.
 */
import { isServiceError } from '../../../service/errors/service-error.js';
import type { StockSymbol } from '../../../service/symbols.js';
import type { CallOptions, ResearchService } from '../../../service/types.js';

export type SymbolCheck = { kind: 'known' } | { kind: 'unknown' } | { kind: 'unavailable'; error: unknown };

/** A failure that says "no such symbol" rather than "could not ask". */
const meansUnknown = (error: unknown): boolean => isServiceError(error) && (error.kind === 'not_found' || error.kind === 'validation');

function verdict(results: Array<PromiseSettledResult<readonly unknown[]>>): SymbolCheck {
  if (results.some((r) => r.status === 'fulfilled' && r.value.length > 0)) return { kind: 'known' };
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected' && !meansUnknown(r.reason));
  return failure ? { kind: 'unavailable', error: failure.reason } : { kind: 'unknown' };
}

export async function checkSymbolKnown(service: ResearchService, symbol: StockSymbol, call: CallOptions): Promise<SymbolCheck> {
  const symbolText = symbol.canonical;
  if (symbol.isIndex) {
    if (symbol.name !== undefined) return { kind: 'known' }; // one of the indices we list in help
    return verdict(await Promise.allSettled([service.indexPrices({ symbol: symbol.code }, call)]));
  }
  return verdict(
    await Promise.allSettled([
      service.incomeStatement({ symbol: symbolText, limit: 1 }, call),
      service.companyPrices({ symbol: symbolText }, call),
    ]),
  );
}
