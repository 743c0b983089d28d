/**
 * A company's name for card titles when the request only had a symbol: the statement and revenue
 * routes answer without one, the service's daily quote carries it (`name`, interface "Index price
 * item"; the company price item has the same fields). A few recent weeks are asked for, enough to
 * span a market holiday (Golden Week closes Shanghai for a week). The name is a nicety: a failed
 * or empty lookup leaves the title on the symbol, logged, never failing the card.
 */
import { isServiceError } from '../../../service/errors/service-error.js';
import type { Logger } from '../../../observability/logger.js';
import type { CallOptions, ResearchService } from '../../../service/types.js';

const LOOKBACK_DAYS = 21;
const DAY_MS = 86_400_000;

export async function lookupCompanyName(
  service: Pick<ResearchService, 'companyPrices'>,
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
