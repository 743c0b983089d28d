/**
 * Every name the service has for the companies a card shows, so the glossary can pick the one in
 * the card's language and a company reads the same on every card (/concepts' stock lists give
 * Chinese names even for US companies, /financials' quotes give the local name). Cheap by design:
 * no call when each company already has a name in the card's script, else ONE overview call for
 * all the others (overview-names.ts), and found names are kept per service client in a bounded LRU.
 * The service client is per workspace connection (workspaces/), so the cache is keyed by team and
 * symbol, and a changed connection starts afresh. A failed lookup never fails a card: the names it
 * already had are kept and a warning logged.
 */
import { LRUCache } from 'lru-cache';
import type { AnswerLanguage } from '../../../language/answer-language.js';
import { type CompanyNames, inScript } from '../../../language/company-names.js';
import type { Logger } from '../../../observability/logger.js';
import { isServiceError } from '../../../service/errors/service-error.js';
import type { CallOptions, ResearchService } from '../../../service/types.js';
import { overviewNames } from './overview-names.js';

/** Companies remembered per workspace: names hardly change, and a card shows a few dozen at most. */
const MAX_COMPANIES = 2000;
/** The symbols the overview takes (CompanyOverviewInput: <MARKET>:<code>); anything else would fail the whole call. */
const OVERVIEW_SYMBOL = /^(SH|SZ|HK|US):[A-Z0-9.]+$/;

const caches = new WeakMap<object, LRUCache<string, string[]>>();

function cacheOf(service: object): LRUCache<string, string[]> {
  let cache = caches.get(service);
  if (!cache) {
    cache = new LRUCache<string, string[]>({ max: MAX_COMPANIES });
    caches.set(service, cache);
  }
  return cache;
}

const hasNameIn = (names: CompanyNames['names'], lang: AnswerLanguage): boolean =>
  names.some((n) => typeof n === 'string' && inScript(n.trim(), lang));

/** The same companies, each with the service's names (English first) before the ones it had. */
export async function withServiceNames(
  service: Pick<ResearchService, 'stockQuery'>,
  companies: readonly CompanyNames[],
  options: { lang: AnswerLanguage; call: CallOptions; log: Logger },
): Promise<CompanyNames[]> {
  const cache = cacheOf(service);
  const missing = [
    ...new Set(
      companies
        .filter((c) => !hasNameIn(c.names, options.lang) && OVERVIEW_SYMBOL.test(c.symbol) && !cache.has(c.symbol))
        .map((c) => c.symbol),
    ),
  ];
  if (missing.length > 0) {
    try {
      for (const [symbol, names] of await overviewNames(service, missing, options.call)) cache.set(symbol, names);
    } catch (error) {
      options.log.warn('company names lookup failed', {
        symbols: missing.join(','),
        kind: isServiceError(error) ? error.kind : 'unknown',
        error,
      });
    }
  }
  return companies.map((c) => {
    const found = cache.get(c.symbol);
    return found ? { symbol: c.symbol, names: [...found, ...c.names] } : c;
  });
}
