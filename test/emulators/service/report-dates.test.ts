/**
 * Issue 29, defect 5: AMD and Amazon "reported" on Thanksgiving 2026, when the NYSE is closed.
 * No report day, in the earnings calendar or a statement's filling_date, falls on a weekend or a
 * day its exchange is closed: the NYSE's closures (nyse-holidays) for US companies, the public
 * holidays of mainland China and Hong Kong (date-holidays) for the others.
 */
import Holidays from 'date-holidays';
import { isHoliday as isNyseHoliday } from 'nyse-holidays';
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';
import { earningsCalendar } from '../../../src/emulators/service/data/earnings-calendar.js';
import type { DemoMarket } from '../../../src/emulators/service/data/companies.js';

const HOLIDAYS = { cn: new Holidays('CN', { types: ['public'] }), hk: new Holidays('HK', { types: ['public'] }) };
const publicHolidays = new Map<string, Map<string, string>>();

/** Public holidays of a year by YYYY-MM-DD (their name): one look-up per year, not per day. */
function holidaysOf(market: 'cn' | 'hk', year: number): Map<string, string> {
  const key = `${market}${year}`;
  if (!publicHolidays.has(key))
    publicHolidays.set(
      key,
      new Map(
        HOLIDAYS[market]
          .getHolidays(year)
          .filter((h) => h.type === 'public')
          .map((h) => [h.date.slice(0, 10), h.name]),
      ),
    );
  return publicHolidays.get(key)!;
}

/** Why the exchange is closed on a YYYY-MM-DD day, or undefined when it trades. */
function closedBecause(market: DemoMarket, date: string): string | undefined {
  const day = new Date(`${date}T00:00:00Z`);
  if (day.getUTCDay() === 0 || day.getUTCDay() === 6) return 'weekend';
  if (market === 'us') return isNyseHoliday(day) ? 'NYSE holiday' : undefined;
  return holidaysOf(market, day.getUTCFullYear()).get(date);
}

describe('report days', () => {
  const ds = buildDataset({ anchorMs: Date.parse('2026-11-27T00:00:00Z') });

  it('keep US reports off Thanksgiving 2026', () => {
    const week = earningsCalendar(ds.companies, { market: 'us', startDate: '2026-11-23', endDate: '2026-11-27' });
    expect(week.filter((e) => e.filling_date === '2026-11-26')).toEqual([]);
  });

  it.each(['cn', 'hk', 'us'] as const)('in the %s calendar of 2022–2028 fall on days the exchange trades', (market) => {
    const entries = earningsCalendar(ds.companies, { market, startDate: '2022-01-01', endDate: '2028-12-31' });
    expect(entries.length).toBeGreaterThan(50);
    const closed = entries.flatMap((e) => {
      const why = closedBecause(market, e.filling_date);
      return why ? [`${e.symbol} ${e.fiscal_quarter} FY${e.fiscal_year} on ${e.filling_date} (${why})`] : [];
    });
    expect(closed).toEqual([]);
  });

  it('are the filling dates of the statements, which fall on trading days too', () => {
    for (const company of ds.companies) {
      const calendar = new Map(
        earningsCalendar(ds.companies, {
          market: company.market,
          symbol: company.symbol,
          startDate: '2020-01-01',
          endDate: '2026-11-26',
        }).map((e) => [e.end_date, e.filling_date]),
      );
      for (const r of ds.income.get(company.symbol) ?? []) {
        expect(closedBecause(company.market, r.filling_date), `${company.symbol} ${r.end_date} filed ${r.filling_date}`).toBeUndefined();
        expect(r.filling_date, `${company.symbol} ${r.end_date}`).toBe(calendar.get(r.end_date));
      }
    }
  });
});
