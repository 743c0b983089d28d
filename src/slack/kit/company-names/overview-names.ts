/**
 * Both names of several companies in one call: the service's company overview
 * (`POST /v1/stock/company-overview`) answers `name` (the local name: 贵州茅台, NVIDIA) and
 * `name_en` for every symbol of CompanyOverviewInput's comma-separated `symbols` (2026-04). The
 * 2025-12 schema took one `symbol`: it is sent too when there is only one, and each version ignores
 * the other's field; with several, 2025-12 refuses the call and the caller keeps its names.
 * Only the names are read here; the overview kind (financials) reads the whole profile.
 * @see /work/shared/spec/published-openapi-2026-04.yaml (CompanyOverviewInput)
 */
import { z } from 'zod';
import { isServiceError } from '../../../service/errors/service-error.js';
import { isRecord } from '../../../service/read-shape.js';
import { optionalString, recordsIn } from '../../../service/schemas/wire-fields.js';
import type { CallOptions, ResearchService } from '../../../service/types.js';

const namesSchema = z
  .object({
    symbol: optionalString,
    name: optionalString,
    company_name: optionalString,
    short_name: optionalString,
    name_en: optionalString,
    english_name: optionalString,
    en_name: optionalString,
  })
  .transform((r) => ({
    symbol: r.symbol,
    names: [r.name_en ?? r.english_name ?? r.en_name, r.name ?? r.company_name ?? r.short_name].filter(
      (n): n is string => typeof n === 'string' && n.trim() !== '',
    ),
  }));

/** One company, a list of them or `{items}`: always a list. */
const overviewNamesSchema = z.preprocess(
  (data) => (Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.items) ? data.items : data == null ? [] : [data]),
  recordsIn(namesSchema),
);

/** Each asked symbol the service knows, with its names (English first); one request for all of them. */
export async function overviewNames(
  service: Pick<ResearchService, 'stockQuery'>,
  symbols: readonly string[],
  call: CallOptions,
): Promise<Map<string, string[]>> {
  const items = await askOverview(service, symbols, call);
  const found = new Map<string, string[]>();
  for (const item of items) {
    // A 2025-12 answer may leave the symbol out: the one company asked for is then that symbol's.
    const symbol = item.symbol ?? (symbols.length === 1 && items.length === 1 ? symbols[0] : undefined);
    if (symbol && symbols.includes(symbol) && item.names.length > 0) found.set(symbol, item.names);
  }
  return found;
}

/** The 2026-04 form (`symbols`), then for one symbol the 2025-12 form (`symbol`) when the first is refused as invalid. */
async function askOverview(
  service: Pick<ResearchService, 'stockQuery'>,
  symbols: readonly string[],
  call: CallOptions,
): Promise<z.output<typeof overviewNamesSchema>> {
  try {
    return await service.stockQuery('/v1/stock/company-overview', { symbols: symbols.join(',') }, overviewNamesSchema, call);
  } catch (error) {
    const [only] = symbols;
    if (symbols.length !== 1 || only === undefined || !isServiceError(error) || error.kind !== 'validation') throw error;
    return service.stockQuery('/v1/stock/company-overview', { symbol: only }, overviewNamesSchema, call);
  }
}
