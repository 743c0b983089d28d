/**
 * `/financials earnings [cn|hk|us …] [this|next|last|YYYY-MM-DD]`: the earnings calendar of one
 * or more markets for one week.
 *
 * A week runs Monday to Sunday. `this` (the default) is the week of today's date in the market's
 * time zone (the first market's when several are named), `next` and `last` the weeks after and
 * before it, and a date the week that contains it. `market:` and `week:` prefixes are accepted,
 * and so are 本周 / 下周 / 上周 and A股 / 港股 / 美股. Without a market, all three are shown.
 */
import { calendarDay, formatDate, parseDate } from '../../../service/dates.js';
import type { Market } from '../../../service/types.js';
import type { Token } from '../../kit/commands/tokenize.js';
import { closest, usage, type UsageProblem, type UsageResult } from '../../kit/commands/usage-problem.js';

export interface EarningsArgs {
  kind: 'earnings';
  /** In the order given; all three when none was. */
  markets: Market[];
  /** Monday of the week, YYYY-MM-DD. */
  startDate: string;
  /** Sunday of the week, YYYY-MM-DD. */
  endDate: string;
}

export const EARNINGS_WORDS = new Set(['earnings', 'earnings-calendar', 'calendar', '财报', '财报日历']);
export const EARNINGS_EXAMPLE = '/financials earnings us next';

const ALL_MARKETS: readonly Market[] = ['cn', 'hk', 'us'];
const MARKET_WORDS: Record<string, Market> = {
  cn: 'cn',
  china: 'cn',
  'a-share': 'cn',
  a股: 'cn',
  hk: 'hk',
  港股: 'hk',
  us: 'us',
  美股: 'us',
};
type RelativeWeek = 'this' | 'next' | 'last';
const WEEK_WORDS: Record<string, RelativeWeek> = {
  this: 'this',
  current: 'this',
  本周: 'this',
  next: 'next',
  下周: 'next',
  last: 'last',
  previous: 'last',
  prev: 'last',
  上周: 'last',
};
const WEEK_OFFSET: Record<RelativeWeek, number> = { this: 0, next: 7, last: -7 };

/** Where "today" is decided for a market's week. */
export const MARKET_TIME_ZONES: Record<Market, string> = { cn: 'Asia/Shanghai', hk: 'Asia/Hong_Kong', us: 'America/New_York' };

const DAY_MS = 86_400_000;

/** Monday..Sunday of the week containing `day` (a UTC-midnight date). */
export function weekOf(day: Date): { startDate: string; endDate: string } {
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  return { startDate: formatDate(monday), endDate: formatDate(new Date(monday.getTime() + 6 * DAY_MS)) };
}

/** Parses the tokens after the `earnings` word. `now` is needed for this/next/last (the default). Never throws. */
export function parseEarningsArgs(tokens: Token[], now: Date | undefined): EarningsArgs | UsageResult {
  const problems: UsageProblem[] = [];
  const markets: Market[] = [];
  let week: { token: string; relative?: RelativeWeek; date?: string } | undefined;

  for (const tok of tokens) {
    const kv = /^(market|week)[:：](.*)$/i.exec(tok.text);
    const key = kv?.[1]?.toLowerCase();
    const word = (kv ? (kv[2] ?? '') : tok.text).trim().toLowerCase();
    const market = key !== 'week' ? MARKET_WORDS[word] : undefined;
    if (market) {
      if (!markets.includes(market)) markets.push(market);
      continue;
    }
    const relative = key !== 'market' ? WEEK_WORDS[word] : undefined;
    const isDate = key !== 'market' && /^\d{4}-\d{1,2}-\d{1,2}$/.test(word);
    if (relative || isDate) {
      if (week) {
        problems.push({ token: tok.raw, message: 'Choose one week: this, next, last or a date.', example: EARNINGS_EXAMPLE });
        continue;
      }
      if (relative) {
        week = { token: tok.raw, relative };
        continue;
      }
      const date = parseDate(word);
      if (!date.ok) problems.push({ token: tok.raw, message: date.message, example: '/financials earnings cn 2025-08-25' });
      else week = { token: tok.raw, date: date.value };
      continue;
    }
    problems.push(unknownToken(tok, key));
  }

  let range: { startDate: string; endDate: string } | undefined;
  const zone = MARKET_TIME_ZONES[markets[0] ?? 'cn'];
  if (week?.date) range = weekOf(new Date(`${week.date}T00:00:00Z`));
  else if (!now) {
    problems.push({
      token: week?.token ?? '',
      message: 'Which week? Give a date: this and next need today’s date, which is not available here.',
      example: '/financials earnings us 2025-08-25',
    });
  } else {
    const today = calendarDay(now, zone);
    range = weekOf(new Date(today.getTime() + WEEK_OFFSET[week?.relative ?? 'this'] * DAY_MS));
  }
  if (problems.length > 0 || !range) return usage('/financials', problems);
  return { kind: 'earnings', markets: markets.length ? markets : [...ALL_MARKETS], ...range };
}

function unknownToken(tok: Token, key: string | undefined): UsageProblem {
  if (key === 'market') return { token: tok.raw, message: 'market is one of cn, hk or us.', example: '/financials earnings market:hk' };
  if (key === 'week')
    return { token: tok.raw, message: 'week is this, next, last or a date (YYYY-MM-DD).', example: '/financials earnings week:next' };
  const hint = closest(tok.text.toLowerCase(), [...Object.keys(MARKET_WORDS), ...Object.keys(WEEK_WORDS)]);
  return {
    token: tok.raw,
    message: `\`${tok.raw}\` is neither a market (cn, hk, us) nor a week (this, next, last or a date)${hint ? ` — did you mean \`${hint}\`?` : '.'}`,
    example: EARNINGS_EXAMPLE,
  };
}
