/**
 * A company's name for card titles when the request only had a symbol: the statement and revenue
 * routes answer without one, the service's daily quote carries it (`name`, interface "Index price
 * item"; the company price item has the same fields). A few recent weeks are asked for, enough to
 * span a market holiday (Golden Week closes Shanghai for a week). The quote's name is the local
 * one (贵州茅台); when it is not in the card's language the company overview's names are added,
 * one call for all the card's companies (kit/company-names), and the glossary picks, so a company
 * reads the same here as on /concepts. The name is a nicety: a failed or empty lookup leaves the
 * title on the names found so far, or on the symbol, logged, never failing the card.
 */
import { glossary } from '../../../language/glossary.js';
import { isServiceError } from '../../../service/errors/service-error.js';
import type { Logger } from '../../../observability/logger.js';
import type { CallOptions, ResearchService } from '../../../service/types.js';
import { withServiceNames } from '../../kit/company-names/company-names-lookup.js';

const LOOKBACK_DAYS = 21;
const DAY_MS = 86_400_000;
/** Financials cards are in English. */
const CARD_LANGUAGE = 'en';

type NameServices = Pick<ResearchService, 'companyPrices' | 'stockQuery'>;

async function quotedName(
  service: NameServices,
  symbol: string,
  nowMs: number,
  call: CallOptions,
  log: Logger,
): Promise<string | undefined> {
  const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
  try {
    const items = await service.companyPrices({ symbol, startDate: day(nowMs - LOOKBACK_DAYS * DAY_MS), endDate: day(nowMs) }, call);
    const name = items.map((i) => i.name?.trim()).find((n): n is string => Boolean(n));
    return name || undefined;
  } catch (error) {
    log.warn('company name lookup failed', { symbol, kind: isServiceError(error) ? error.kind : 'unknown', error });
    return undefined;
  }
}

/** Each symbol's name in the card's language where the service has one, else the name it has, else undefined. */
export async function lookupCompanyNames(
  service: NameServices,
  symbols: readonly string[],
  nowMs: number,
  call: CallOptions,
  log: Logger,
): Promise<Array<string | undefined>> {
  const quoted = await Promise.all(symbols.map((symbol) => quotedName(service, symbol, nowMs, call, log)));
  const companies = await withServiceNames(
    service,
    symbols.map((symbol, i) => ({ symbol, names: [quoted[i]] })),
    { lang: CARD_LANGUAGE, call, log },
  );
  return companies.map((c) => glossary(CARD_LANGUAGE).companyName(c));
}

export async function lookupCompanyName(
  service: NameServices,
  symbol: string,
  nowMs: number,
  call: CallOptions,
  log: Logger,
): Promise<string | undefined> {
  return (await lookupCompanyNames(service, [symbol], nowMs, call, log))[0];
}
