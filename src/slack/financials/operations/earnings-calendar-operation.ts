/**
 * earningsCalendar (src/slack/kit/operations/desk-operations.ts): what `/financials earnings
 * [cn|hk|us] [this|next|last|YYYY-MM-DD]` shows, as data. The inputs are written as that command's
 * `market:` and `week:` words and read by the earnings kind's own parser (so "this week" is decided
 * in the first market's time zone, as the command decides it), then fetched by the kind's own
 * descriptor for its card: a market that fails is named with the card's reason, an empty week comes
 * with the next week that has reports.
 */
import { periodLabel } from '../../../periods/period-label.js';
import type { EarningsCalendarEntry, Market } from '../../../service/types.js';
import type { Token } from '../../kit/commands/tokenize.js';
import { closest } from '../../kit/commands/usage-problem.js';
import type { DeskOperations } from '../../kit/operations/desk-operations.js';
import {
  EARNINGS_MARKETS,
  EARNINGS_WEEKS,
  type EarningsCalendarInput,
  type EarningsReport,
  type EarningsWeek,
} from '../../kit/operations/earnings-calendar-types.js';
import { operationContext } from '../../kit/operations/operation-context.js';
import { OperationInputError } from '../../kit/operations/operation-input-error.js';
import { parseEarningsArgs, type EarningsArgs } from '../args/parse-earnings-args.js';
import { timingLabel } from '../cards/report-timing-label.js';
import { kindContext } from '../financials-card.js';
import { earningsKind } from '../kinds/earnings.js';

const MARKETS_HINT = `Choose from ${EARNINGS_MARKETS.join(', ')} (several may be given, e.g. "hk, us"), or leave it empty for all three.`;
const WEEK_HINT = 'Give this, next, last, or a date in the week as YYYY-MM-DD (e.g. 2025-08-25), or leave it empty for this week.';

const token = (text: string): Token => ({ raw: text, text, literal: false });

/** The words of a markets input: a list, or text separated by commas or spaces. */
function marketWords(input: unknown): string[] {
  if (input === undefined || input === null) return [];
  const items = Array.isArray(input) ? input : [input];
  if (items.some((item) => typeof item !== 'string')) {
    throw new OperationInputError({ code: 'bad_format', field: 'markets', message: `markets is text or a list of texts. ${MARKETS_HINT}` });
  }
  return (items as string[]).flatMap((item) => item.split(/[\s,;，、]+/)).filter((w) => w !== '');
}

/** Each market word as the command reads it (`market:<word>`), refused with the nearest market when it is none. */
function marketTokens(input: unknown, now: Date): Token[] {
  return marketWords(input).map((word) => {
    const read = parseEarningsArgs([token(`market:${word}`)], now);
    if (read.kind === 'earnings') return token(`market:${word}`);
    const hint = closest(word.toLowerCase(), EARNINGS_MARKETS);
    throw new OperationInputError({
      code: 'not_allowed',
      field: 'markets',
      message: `Unknown market “${word}”${hint ? ` — did you mean ${hint}?` : '.'} ${MARKETS_HINT}`,
      allowed: EARNINGS_MARKETS,
    });
  });
}

function weekTokens(input: unknown, now: Date): Token[] {
  if (input === undefined || input === null) return [];
  if (typeof input !== 'string')
    throw new OperationInputError({ code: 'bad_format', field: 'week', message: `week is text. ${WEEK_HINT}` });
  const word = input.trim();
  if (!word) return [];
  const read = parseEarningsArgs([token(`week:${word}`)], now);
  if (read.kind === 'earnings') return [token(`week:${word}`)];
  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(word)) {
    // The command's own words about the date (a day that does not exist, a year out of range), without its backquotes.
    const said = read.problems[0]?.message.replace(/`/g, '') ?? `${word} is not a date.`;
    throw new OperationInputError({ code: 'bad_format', field: 'week', message: `${said} ${WEEK_HINT}` });
  }
  const hint = closest(word.toLowerCase(), EARNINGS_WEEKS);
  throw new OperationInputError({
    code: 'bad_format',
    field: 'week',
    message: `Unknown week “${word}”${hint ? ` — did you mean ${hint}?` : '.'} ${WEEK_HINT}`,
    allowed: EARNINGS_WEEKS,
  });
}

function readInput(input: EarningsCalendarInput, now: Date): EarningsArgs {
  const read = parseEarningsArgs([...marketTokens(input.markets, now), ...weekTokens(input.week, now)], now);
  // Each word was checked alone above; together they can only fail on a bug.
  if (read.kind !== 'earnings') throw new TypeError(`earningsCalendar: ${read.problems[0]?.message ?? 'no request'}`);
  return read;
}

const TIMINGS = { 'before-open': 'before_open', 'after-close': 'after_close', 'during-hours': 'during_hours' } as const;

function report(market: Market, e: EarningsCalendarEntry): EarningsReport {
  const period = periodLabel({
    fiscalYear: e.fiscalYear,
    fiscalQuarter: e.fiscalQuarter || (e.fiscalYear ? 'FY' : undefined),
    endDate: e.periodEnd,
  });
  return {
    market,
    ...(e.name ? { company: e.name } : {}),
    symbol: e.symbol,
    date: e.date,
    ...(e.timing ? { timing: TIMINGS[e.timing] } : {}),
    timingLabel: timingLabel(e.timing),
    ...(period !== '—' ? { period } : {}),
    ...(e.fiscalYear ? { fiscalYear: e.fiscalYear } : {}),
    ...(e.fiscalQuarter ? { fiscalQuarter: e.fiscalQuarter } : {}),
    ...(e.periodEnd ? { periodEnd: e.periodEnd } : {}),
  };
}

/** The card's rows: every market's entries, by date then symbol. */
function week(w: {
  startDate: string;
  endDate: string;
  markets: Array<{ market: Market; entries: EarningsCalendarEntry[] }>;
}): EarningsWeek {
  const reports = w.markets
    .flatMap((m) => m.entries.map((e) => report(m.market, e)))
    .sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
  return { startDate: w.startDate, endDate: w.endDate, reports };
}

export const earningsCalendar: DeskOperations['earningsCalendar'] = async (deps, workspace, input, call) => {
  const now = new Date(deps.clock());
  const args = readInput(input ?? {}, now);
  const ctx = operationContext(deps, 'earningsCalendar', call);
  const service = await deps.workspaces.service(workspace);
  const data = await earningsKind.fetch(args, { ...kindContext(service, { ...ctx, now: deps.clock() }, 'card'), call: ctx.call });
  const shown = week(data);
  const failedMarkets = data.missing.map((market) => ({ market, reason: data.reasons?.[market] ?? 'it could not be loaded' }));
  ctx.log.info('operation done', {
    markets: args.markets,
    startDate: args.startDate,
    reports: shown.reports.length,
    failed: data.missing,
  });
  return {
    ...shown,
    markets: args.markets,
    reportCount: shown.reports.length,
    failedMarkets,
    ...(data.next ? { nextWeekWithReports: week(data.next) } : {}),
  };
};
