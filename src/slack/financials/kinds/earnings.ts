/**
 * `/financials earnings [cn|hk|us …] [this|next|last|YYYY-MM-DD]` (parse-earnings-args.ts): the
 * reports scheduled in one week, a calendar per market fetched in parallel. A market that fails is
 * named under the card; an empty week shows the next week that has reports.
 */
import type { Market } from '../../../service/types.js';
import { EARNINGS_EXAMPLE, EARNINGS_WORDS, parseEarningsArgs, type EarningsArgs } from '../args/parse-earnings-args.js';
import { renderEarningsCalendar } from '../cards/earnings-calendar-card.js';
import { withNotShown } from '../cards/with-not-shown.js';
import { earningsTable, type EarningsExportData } from '../export/earnings-export.js';
import { nextWeekWithReports, type WeekOfReports } from '../fetch/next-week-with-reports.js';
import { failedParts, throwWhenAllFailed } from '../fetch/settle-parts.js';
import type { FinancialsKind } from './financials-kind.js';

export interface EarningsData extends EarningsExportData {
  /** When the week is empty: the next week with reports (card only; unset when the look-ahead failed). */
  next?: WeekOfReports;
  /** Why each market in `missing` is missing, in the user's words. */
  reasons?: Partial<Record<Market, string>>;
}

/** Markets in the user's words, for notices: "US", "Hong Kong". */
const MARKET_LABELS: Record<Market, string> = { cn: 'China A-share', hk: 'Hong Kong', us: 'US' };
const calendarOf = (market: Market): string => `${MARKET_LABELS[market]} calendar`;

export const earningsKind: FinancialsKind<EarningsArgs, EarningsData> = {
  id: 'earnings',
  words: {
    grammar: 'lead',
    words: EARNINGS_WORDS,
    parse: parseEarningsArgs,
    misplaced: { message: 'The earnings calendar is by market and week; start with `earnings`.', example: EARNINGS_EXAMPLE },
  },
  help: {
    section: {
      title: 'Earnings calendar',
      form: '/financials earnings [cn|hk|us] [this|next|last|YYYY-MM-DD]',
      note: 'A week runs Monday to Sunday; a date shows the week that contains it. Without a market, all three.',
    },
    examples: ['/financials earnings us', '/financials earnings hk next', '/financials earnings cn 2025-08-25'],
  },
  describe: (args) => `the earnings calendar (${args.markets.map((m) => MARKET_LABELS[m]).join(', ')}, week of ${args.startDate})`,
  async fetch(args, ctx) {
    const results = await Promise.allSettled(
      args.markets.map((market) => ctx.service.earningsCalendar({ market, startDate: args.startDate, endDate: args.endDate }, ctx.call)),
    );
    const parts = args.markets.map((market, i) => ({ market, name: calendarOf(market), result: results[i] as (typeof results)[number] }));
    throwWhenAllFailed(parts);
    const failed = new Map(
      failedParts(parts, 'earnings calendar part failed', ctx.log, { purpose: ctx.purpose }).map((p) => [p.name, p.reason]),
    );
    const markets = parts.flatMap((p) => (p.result.status === 'fulfilled' ? [{ market: p.market, entries: p.result.value }] : []));
    const empty = markets.every((m) => m.entries.length === 0);
    // Only the card suggests another week; a file holds the week asked for.
    const next =
      empty && ctx.purpose === 'card'
        ? await nextWeekWithReports(ctx.service, { endDate: args.endDate, markets: markets.map((m) => m.market) }, ctx.call, ctx.log)
        : undefined;
    const missing = parts.filter((p) => failed.has(p.name)).map((p) => p.market);
    return {
      kind: 'earnings',
      startDate: args.startDate,
      endDate: args.endDate,
      markets,
      missing,
      reasons: Object.fromEntries(missing.map((m) => [m, failed.get(calendarOf(m))])),
      ...(next ? { next } : {}),
    };
  },
  card(data) {
    const card = renderEarningsCalendar({
      startDate: data.startDate,
      endDate: data.endDate,
      markets: data.markets,
      ...(data.next ? { next: data.next } : {}),
    });
    return withNotShown(
      card,
      data.missing.map((m) => `the ${calendarOf(m)}${data.reasons?.[m] ? ` (${data.reasons[m]})` : ''}`),
    );
  },
  export: (data) => ({ table: earningsTable(data) }),
};
