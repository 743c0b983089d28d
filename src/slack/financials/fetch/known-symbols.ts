/**
 * What the service can tell about symbols it knows, for the suggestions an unknown symbol gets:
 * - companies by name: `/v1/stock/company-overview` with `names` (2026-04: "comprehensive
 *   search of company information"; the 2025-12 schema requires a `symbol`, so there this finds
 *   nothing);
 * - the symbols of a market: `/v1/stock/index-constituents` of its benchmark indices (2026-04).
 * Both are niceties: a route the service does not have, or any failure, gives an empty list, logged.
 * @see /work/shared/spec/published-openapi-2026-04.yaml (CompanyOverviewInput, IndexConstituentsInput)
 */
import { isServiceError } from '../../../service/errors/service-error.js';
import type { Logger } from '../../../observability/logger.js';
import type { SymbolMarket } from '../../../service/symbol-market.js';
import type { CallOptions, ResearchService } from '../../../service/types.js';
import { companyOverviewsSchema } from '../kinds/overview-schema.js';
import { type Constituent, constituentsSchema } from './known-symbols-schema.js';

export type { Constituent } from './known-symbols-schema.js';

/** The indices whose members stand for a market's symbols (the broad ones: S&P 500, Nasdaq-100, Hang Seng, CSI 300). */
const BENCHMARKS: Record<SymbolMarket, readonly string[]> = { US: ['SPX', 'NDX'], HK: ['HSI'], SH: ['000300'], SZ: ['000300'] };

type Service = Pick<ResearchService, 'stockQuery'>;

async function orNothing<T>(work: Promise<T[]>, what: string, log: Logger): Promise<T[]> {
  try {
    return await work;
  } catch (error) {
    log.info('symbol suggestions: lookup failed', { what, kind: isServiceError(error) ? error.kind : 'unknown', error });
    return [];
  }
}

/** Companies whose name contains `name`, as the service finds them. */
export async function companiesNamed(service: Service, name: string, call: CallOptions, log: Logger): Promise<Constituent[]> {
  const found = await orNothing(
    service.stockQuery('/v1/stock/company-overview', { names: name }, companyOverviewsSchema, call),
    'company-overview',
    log,
  );
  return found.flatMap((c) => (c.symbol ? [{ symbol: c.symbol, names: [c.name, c.nameEn].filter((n): n is string => Boolean(n)) }] : []));
}

/** The symbols the service lists for these markets (members of their benchmark indices), each once. */
export async function marketSymbols(
  service: Service,
  markets: readonly SymbolMarket[],
  call: CallOptions,
  log: Logger,
): Promise<Constituent[]> {
  const indices = [...new Set(markets.flatMap((m) => BENCHMARKS[m]))];
  const lists = await Promise.all(
    indices.map((symbol) =>
      orNothing(
        service.stockQuery('/v1/stock/index-constituents', { symbol }, constituentsSchema, call),
        `index-constituents ${symbol}`,
        log,
      ),
    ),
  );
  const seen = new Map<string, Constituent>();
  for (const c of lists.flat()) if (!seen.has(c.symbol)) seen.set(c.symbol, c);
  return [...seen.values()];
}
