/**
 * Dates as the service takes them: `YYYY-MM-DD` (real calendar dates only) and
 * `YYYY-MM-DD HH:MM:SS`, plus relative windows (`30d`, `12w`, `6m`, `1y`) resolved against an
 * injected clock. Calendar arithmetic is done on UTC dates; pass a time zone to decide which
 * calendar day "today" is.
 */

export type DateResult = { ok: true; value: string } | { ok: false; message: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const RELATIVE = /^(\d{1,4})([dwmy])$/i;
/** Oldest and newest years accepted: the service has no data outside and typos stay visible. */
export const MIN_YEAR = 1990;
export const MAX_YEAR = 2100;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** UTC midnight of a calendar date → `YYYY-MM-DD`. */
export function formatDate(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

export function parseDate(input: string): DateResult {
  const m = DATE.exec(input.trim());
  if (!m) return { ok: false, message: `\`${input}\` is not a date; write YYYY-MM-DD, e.g. 2024-06-30.` };
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < MIN_YEAR || y > MAX_YEAR) return { ok: false, message: `\`${input}\`: the year must be between ${MIN_YEAR} and ${MAX_YEAR}.` };
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) {
    return { ok: false, message: `\`${input}\` is not a real calendar date.` };
  }
  return { ok: true, value: `${m[1]}-${m[2]}-${m[3]}` };
}

export const isValidDate = (input: string): boolean => parseDate(input).ok;

/** `YYYY-MM-DD HH:MM:SS` (24-hour). */
export function parseDateTime(input: string): DateResult {
  const m = DATETIME.exec(input.trim());
  if (!m) return { ok: false, message: `\`${input}\` is not a date-time; write YYYY-MM-DD HH:MM:SS.` };
  const date = parseDate(m[1] ?? '');
  if (!date.ok) return date;
  const [h, mi, s] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (h > 23 || mi > 59 || s > 59) return { ok: false, message: `\`${input}\` has an impossible time of day.` };
  return { ok: true, value: `${date.value} ${m[2]}:${m[3]}:${m[4]}` };
}

/** Either form the v2 endpoints accept. */
export function parseDateOrDateTime(input: string): DateResult {
  return input.trim().includes(' ') ? parseDateTime(input) : parseDate(input);
}

/**
 * Building an Intl.DateTimeFormat costs far more than using one, and every search result asks
 * for a date: one formatter per time zone, built on first use. A zone that does not exist throws
 * (RangeError) and is not kept; the cap only guards against endless spellings of real zones.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const MAX_DAY_FORMATTERS = 1000;

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormatters.size >= MAX_DAY_FORMATTERS) dayFormatters.clear();
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day of `now` in `timeZone` (default UTC), as a UTC-midnight Date. */
export function calendarDay(now: Date, timeZone = 'UTC'): Date {
  // UTC needs no time-zone data, and formatToParts is the costliest step of a search card.
  if (timeZone === 'UTC') {
    if (Number.isNaN(now.getTime())) throw new RangeError('Invalid time value');
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  }
  const ms = now.getTime();
  const key = ms >= QUARTER_HOUR_ZONES_SINCE_MS ? `${timeZone}|${Math.floor(ms / QUARTER_HOUR_MS)}` : undefined;
  const known = key === undefined ? undefined : zoneDays.get(key);
  if (known !== undefined) return new Date(known);
  const day = zoneDayStart(now, timeZone);
  if (key !== undefined) {
    if (zoneDays.size >= MAX_ZONE_DAYS) zoneDays.clear();
    zoneDays.set(key, day);
  }
  return new Date(day);
}

/** UTC ms of the midnight that starts `now`'s day in `timeZone` (Intl: ~10 µs a call). */
function zoneDayStart(now: Date, timeZone: string): number {
  // en-CA spells the day YYYY-MM-DD: reading the string costs half of formatToParts.
  const formatter = dayFormatter(timeZone);
  const day = DATE.exec(formatter.format(now));
  if (day) return Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  const parts = formatter.formatToParts(now);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'));
}

/**
 * Every zone's offset and every change of it since 1990 falls on a quarter hour of UTC (offsets
 * are whole quarter hours: +05:45, +08:45, −03:30), so a zone's local day cannot change inside a
 * UTC quarter hour: one Intl call answers for the whole quarter hour, and a search card's five
 * dates (usually the same few publications again) cost a map lookup. Earlier times (local mean
 * times of seconds) always ask Intl.
 * @see https://data.iana.org/time-zones/tz-link.html
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const QUARTER_HOUR_ZONES_SINCE_MS = Date.UTC(MIN_YEAR, 0, 1);
const zoneDays = new Map<string, number>();
const MAX_ZONE_DAYS = 4096;

export function todayIn(now: Date, timeZone = 'UTC'): string {
  return formatDate(calendarDay(now, timeZone));
}

/** Adds whole months, clamping the day (Mar 31 − 1 month → Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const target = new Date(Date.UTC(y, m, 1));
  const day = Math.min(date.getUTCDate(), daysInMonth(target.getUTCFullYear(), target.getUTCMonth() + 1));
  return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), day));
}

const MAX_SPAN_DAYS = 36_600;

/**
 * `30d`, `12w`, `6m`, `1y` (an optional `last:` prefix is accepted) → the start date of that
 * window ending today. Today counts as the last day, so `1d` is yesterday's date.
 */
export function parseRelativeStart(input: string, now: Date, timeZone = 'UTC'): DateResult {
  const m = RELATIVE.exec(input.trim().replace(/^last:/i, ''));
  if (!m) return { ok: false, message: `\`${input}\` is not a window; write last:30d, last:12w, last:6m or last:1y.` };
  const n = Number(m[1]);
  const unit = (m[2] ?? 'd').toLowerCase();
  const approxDays = n * ({ d: 1, w: 7, m: 31, y: 366 }[unit] ?? 1);
  if (n < 1 || approxDays > MAX_SPAN_DAYS) return { ok: false, message: `\`${input}\`: choose a window between 1 day and 100 years.` };
  const today = calendarDay(now, timeZone);
  let start: Date;
  if (unit === 'd' || unit === 'w') start = new Date(today.getTime() - n * (unit === 'w' ? 7 : 1) * 86_400_000);
  else start = addMonths(today, -(unit === 'y' ? 12 * n : n));
  if (start.getUTCFullYear() < MIN_YEAR) return { ok: false, message: `\`${input}\` reaches before ${MIN_YEAR}.` };
  return { ok: true, value: formatDate(start) };
}

/** Milliseconds epoch → `YYYY-MM-DD` in a time zone; undefined for missing or absurd values. */
export function dateFromMs(ms: number | undefined, timeZone = 'UTC'): string | undefined {
  if (ms === undefined || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return undefined;
  try {
    return todayIn(new Date(ms), timeZone);
  } catch {
    return undefined;
  }
}

/** An ISO-ish string (`2024-06-30T08:00:00.000Z` or `2024-06-30`) → `YYYY-MM-DD`, or undefined. */
export function dateFromIso(value: string | undefined, timeZone = 'UTC'): string | undefined {
  if (!value) return undefined;
  if (DATE.test(value)) return parseDate(value).ok ? value : undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : dateFromMs(ms, timeZone);
}

/** IANA zones of the service's markets and exchanges. */
const MARKET_ZONES: Record<string, string> = {
  cn: 'Asia/Shanghai',
  sh: 'Asia/Shanghai',
  ss: 'Asia/Shanghai',
  sz: 'Asia/Shanghai',
  hk: 'Asia/Hong_Kong',
  us: 'America/New_York',
};

/**
 * The time zone of a document's market, from the first hint that names one: a market (`cn`,
 * `hk`, `us`), an exchange (`SH`, `SZ`, …) or a symbol (`SH:600519`). Undefined when none does.
 */
export function marketTimeZone(...hints: Array<string | undefined>): string | undefined {
  for (const hint of hints) {
    const market = hint?.trim().toLowerCase().split(':')[0];
    const zone = market ? MARKET_ZONES[market] : undefined;
    if (zone) return zone;
  }
  return undefined;
}

/**
 * The calendar day of a publication in its market's own zone: a Shanghai filing at 00:30 local
 * time (16:30 UTC the day before) is that day. Undefined without a time or a known market.
 */
export function marketDate(ms: number | undefined, ...marketHints: Array<string | undefined>): string | undefined {
  const zone = marketTimeZone(...marketHints);
  return zone ? dateFromMs(ms, zone) : undefined;
}
