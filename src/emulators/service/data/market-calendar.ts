/**
 * The demo markets' own calendars: the zone each market dates its events in and the days its
 * exchange trades. The one rule for every date the emulator shows (a report date, a document's
 * day): the calendar day in the market's own zone.
 *
 * Closures come from libraries, not a hand list: `nyse-holidays` gives the NYSE's closures (Good
 * Friday included, Columbus and Veterans Day not); `date-holidays` gives the public holidays of
 * mainland China and Hong Kong, on which the Shanghai, Shenzhen and Hong Kong exchanges close.
 * No well-kept npm library publishes those exchanges' own calendars: the extra days the mainland
 * bridges onto Spring Festival and National Day are not covered.
 */
import Holidays from 'date-holidays';
import { getHolidays as nyseHolidays } from 'nyse-holidays';
import { addDays } from './add-days.js';
import type { DemoMarket } from './companies.js';

export const MARKET_TIME_ZONES: Readonly<Record<DemoMarket, string>> = {
  cn: 'Asia/Shanghai',
  hk: 'Asia/Hong_Kong',
  us: 'America/New_York',
};

const COUNTRY: Readonly<Record<'cn' | 'hk', string>> = { cn: 'CN', hk: 'HK' };
/** Built on first use: loading a country's rules is the costly step. */
const publicHolidays = new Map<'cn' | 'hk', Holidays>();

function holidaysOf(market: 'cn' | 'hk'): Holidays {
  let h = publicHolidays.get(market);
  if (!h) {
    h = new Holidays(COUNTRY[market], { types: ['public'] });
    publicHolidays.set(market, h);
  }
  return h;
}

/** Closed days per market and year, YYYY-MM-DD; computed once (date-holidays takes a few ms a year). */
const closedDays = new Map<string, ReadonlySet<string>>();

function closuresOf(market: DemoMarket, year: number): ReadonlySet<string> {
  const key = `${market}:${year}`;
  const known = closedDays.get(key);
  if (known) return known;
  const days =
    market === 'us'
      ? nyseHolidays(year).map((h) => h.dateString)
      : holidaysOf(market)
          .getHolidays(year)
          .filter((h) => h.type === 'public')
          .map((h) => h.date.slice(0, 10));
  const set = new Set(days);
  closedDays.set(key, set);
  return set;
}

/** Whether the market's exchange trades on a YYYY-MM-DD day (its own calendar day). */
export function isTradingDay(market: DemoMarket, date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !closuresOf(market, Number(date.slice(0, 4))).has(date);
}

/** The first trading day on or after `date`. */
export function tradingDayOnOrAfter(market: DemoMarket, date: string): string {
  let day = date;
  while (!isTradingDay(market, day)) day = addDays(day, 1);
  return day;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in the market's own zone. */
export function marketLocalDate(market: DemoMarket, ms: number): string {
  const zone = MARKET_TIME_ZONES[market];
  let format = dayFormats.get(zone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format.format(new Date(ms));
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes the market's zone is ahead of UTC at an instant (negative west of Greenwich). */
function zoneOffsetMinutes(market: DemoMarket, ms: number): number {
  const zone = MARKET_TIME_ZONES[market];
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  const name = format.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The instant of a local wall-clock time (HH:MM) on a YYYY-MM-DD day in the market's zone. */
export function marketInstantMs(market: DemoMarket, date: string, time: string): number {
  const naive = Date.parse(`${date}T${time}:00Z`);
  // Exchanges change their clocks at night, never at the times asked for here: one correction is exact.
  return naive - zoneOffsetMinutes(market, naive) * 60_000;
}
