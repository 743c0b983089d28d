/**
 * After an empty week of the earnings calendar, the first later week with reports (within
 * LOOK_AHEAD_DAYS), so the card can show it instead of suggesting another week that may be just as
 * empty; the whole look-ahead range with no entries when none is scheduled. Undefined when the
 * look-ahead fails (logged): the card then suggests other weeks itself.
 */
import { isServiceError } from '../../../service/errors/service-error.js';
import type { Logger } from '../../../observability/logger.js';
import type { CallOptions, EarningsCalendarEntry, Market, ResearchService } from '../../../service/types.js';
import { weekOf } from '../args/parse-earnings-args.js';

/** How far an empty week looks ahead for the next reports: a quarter covers a reporting season. */
const LOOK_AHEAD_DAYS = 91;

export interface WeekOfReports {
  startDate: string;
  endDate: string;
  markets: Array<{ market: Market; entries: EarningsCalendarEntry[] }>;
}

export async function nextWeekWithReports(
  service: ResearchService,
  week: { endDate: string; markets: readonly Market[] },
  call: CallOptions,
  log: Logger,
): Promise<WeekOfReports | undefined> {
  const day = (date: string, plus: number): Date => new Date(Date.parse(`${date}T00:00:00Z`) + plus * 86_400_000);
  const from = weekOf(day(week.endDate, 1)).startDate;
  const until = weekOf(day(week.endDate, LOOK_AHEAD_DAYS)).endDate;
  try {
    const ahead = await Promise.all(
      week.markets.map(async (market) => ({
        market,
        entries: await service.earningsCalendar({ market, startDate: from, endDate: until }, call),
      })),
    );
    const first = ahead
      .flatMap((m) => m.entries.map((e) => e.date))
      .filter((d) => d >= from)
      .sort()[0];
    if (!first) return { startDate: from, endDate: until, markets: ahead.map((m) => ({ market: m.market, entries: [] })) };
    const next = weekOf(new Date(`${first}T00:00:00Z`));
    return {
      ...next,
      markets: ahead.map((m) => ({
        market: m.market,
        entries: m.entries.filter((e) => e.date >= next.startDate && e.date <= next.endDate),
      })),
    };
  } catch (error) {
    log.warn('earnings look-ahead failed', { kind: isServiceError(error) ? error.kind : 'unknown', error });
    return undefined;
  }
}
