/**
 * Intl formatters for cards, each built once per set of options: building one costs far more than
 * using it (a search card formats five dates and several numbers). Options that Intl refuses
 * (an unknown time zone, out-of-range digits) throw RangeError and are not kept.
 */

/** Real option sets are few; the cap only stops endless spellings (time zone case) from growing it. */
const MAX_KEPT = 500;

function keptBy<F>(build: (key: string) => F): (key: string) => F {
  const kept = new Map<string, F>();
  return (key) => {
    let formatter = kept.get(key);
    if (formatter === undefined) {
      formatter = build(key);
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, formatter);
    }
    return formatter;
  };
}

const dayFormatterByZone = keptBy(
  (timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
);

/** Formats an instant as `YYYY-MM-DD` in `timeZone`. */
export const dayFormatter = (timeZone: string): Intl.DateTimeFormat => dayFormatterByZone(timeZone);

const groupingByDecimals = keptBy((decimals) => {
  const digits = Number(decimals);
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
});

/** en-US thousands separators with exactly `decimals` fraction digits. */
export const groupingFormatter = (decimals: number): Intl.NumberFormat => groupingByDecimals(String(decimals));
