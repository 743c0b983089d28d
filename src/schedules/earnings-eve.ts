/**
 * The earnings-eve alert of a symbol watch: the service's earnings calendar is read once a day,
 * and a report dated tomorrow (in the market's own time zone) becomes an alert.
 */
import { marketDate } from '../service/dates.js';
import type { CallOptions, Market, ResearchService } from '../service/types.js';
import type { WatchAlert } from '../store/records.js';

const DAY_MS = 24 * 60 * 60_000;
const MARKETS: Record<string, Market> = { SH: 'cn', SZ: 'cn', BJ: 'cn', CN: 'cn', HK: 'hk', US: 'us' };

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The calendar's market for a `<MARKET>:<code>` symbol; undefined for indices and the unknown. */
export function marketOfSymbol(symbol: string): Market | undefined {
  return MARKETS[symbol.split(':')[0]?.toUpperCase() ?? ''];
}

export async function findEarningsEve(
  service: Pick<ResearchService, 'earningsCalendar'>,
  symbol: string,
  nowMs: number,
  call: CallOptions,
): Promise<Extract<WatchAlert, { kind: 'earnings_eve' }> | undefined> {
  const market = marketOfSymbol(symbol);
  if (!market) return undefined;
  const today = marketDate(nowMs, market, symbol) ?? utcDay(nowMs);
  const tomorrow = utcDay(Date.parse(`${today}T00:00:00Z`) + DAY_MS);
  const entries = await service.earningsCalendar({ market, startDate: today, endDate: tomorrow, symbol }, call);
  const code = symbol.split(':')[1] ?? symbol;
  const entry = entries.find((e) => e.date === tomorrow && (e.symbol === code || e.symbol === symbol || e.symbol === ''));
  if (!entry) return undefined;
  return {
    kind: 'earnings_eve',
    date: entry.date,
    ...(entry.fiscalYear ? { fiscalYear: entry.fiscalYear } : {}),
    ...(entry.fiscalQuarter ? { fiscalQuarter: entry.fiscalQuarter } : {}),
    ...(entry.name ? { name: entry.name } : {}),
  };
}
