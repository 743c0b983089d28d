import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alignComparison,
  periodLabelOf,
  rowsToShow,
  spanOf,
  type CompanyFigures,
  type CompanyPeriodFigures,
} from '../../../../src/slack/financials/compare/align-comparison.js';
import { minMonthsInCommon, monthsInCommon } from '../../../../src/periods/period-span.js';

const METRICS = ['revenue', 'net', 'margin'];

const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A company's fiscal years: its year-end month, a 52/53-week end up to 6 days before the month end, some ends not given. */
const companyArb = fc
  .record({
    symbol: fc.constantFrom('SH:600519', 'HK:00700', 'US:NVDA', 'US:AAPL', 'SZ:000858', 'HK:09988', 'US:MSFT', 'US:AMD'),
    currency: fc.constantFrom('CNY', 'HKD', 'USD', ''),
    yearEndMonth: fc.integer({ min: 1, max: 12 }),
    years: fc.uniqueArray(fc.integer({ min: 2019, max: 2026 }), { maxLength: 6 }),
    daysEarly: fc.integer({ min: 0, max: 6 }),
    unknownEnd: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    values: fc.array(
      fc.record(
        {
          revenue: fc.option(fc.double({ noNaN: true }), { nil: undefined }),
          net: fc.option(fc.integer(), { nil: undefined }),
          margin: fc.option(fc.double({ min: -100, max: 100, noNaN: true }), { nil: undefined }),
        },
        { requiredKeys: [] },
      ),
      { minLength: 6, maxLength: 6 },
    ),
  })
  .map(
    (c): CompanyFigures => ({
      symbol: c.symbol,
      currency: c.currency,
      periods: [...c.years]
        .sort((a, b) => b - a)
        .map((year, i): CompanyPeriodFigures => {
          const end = iso(Date.UTC(year, c.yearEndMonth, 0) - c.daysEarly * 86_400_000);
          return { fiscalYear: String(year), periodType: 'FY', ...(c.unknownEnd[i] ? {} : { endDate: end }), values: c.values[i] ?? {} };
        }),
    }),
  );
const companiesArb = fc.uniqueArray(companyArb, { minLength: 1, maxLength: 5, selector: (c) => c.symbol });

describe('alignComparison on the calendar', () => {
  it('pairs only periods sharing at least 9 months, one per company a row, each value with its own period', () => {
    fc.assert(
      fc.property(companiesArb, (companies) => {
        const a = alignComparison(companies, METRICS);
        expect(a.companies.map((c) => c.symbol)).toEqual(companies.map((c) => c.symbol));
        a.rows.forEach((row, j) => {
          expect(row.periods).toHaveLength(companies.length);
          const spans = row.periods.flatMap((p, i) => {
            if (!p) return [];
            const input = companies[i]?.periods.find((q) => periodLabelOf(q.fiscalYear, q.periodType) === p.label) as CompanyPeriodFigures;
            // The row's period is the company's own, with the end the service gave (or none).
            expect(p.endDate).toBe(input.endDate);
            for (const metric of METRICS) expect(a.companies[i]?.values[metric]?.[j]).toBe(input.values[metric]);
            return row.kind === 'calendar' ? [spanOf(input)] : [];
          });
          spans.forEach((s, x) => {
            for (const t of spans.slice(x + 1)) {
              if (s && t) expect(monthsInCommon(s, t)).toBeGreaterThanOrEqual(minMonthsInCommon(12));
            }
          });
          if (row.kind === 'calendar' && spans.length > 1) expect(row.monthsInCommon).toBeGreaterThanOrEqual(9);
          expect(row.common).toBe(row.periods.every(Boolean));
          // A gap holds no value.
          row.periods.forEach((p, i) => {
            if (!p) for (const metric of METRICS) expect(a.companies[i]?.values[metric]?.[j]).toBeUndefined();
          });
        });
        // Every period is somewhere: on the calendar when its end is known, apart when not.
        companies.forEach((c, i) => {
          for (const p of c.periods) {
            const kind = p.endDate ? 'calendar' : 'unplaced';
            const label = periodLabelOf(p.fiscalYear, p.periodType);
            expect(a.rows.filter((r) => r.kind === kind && r.periods[i]?.label === label)).toHaveLength(1);
          }
        });
        // Calendar rows newest first.
        const newest = a.rows
          .filter((r) => r.kind === 'calendar')
          .map((r) => r.periods.reduce((m, p) => (p?.endDate && p.endDate > m ? p.endDate : m), ''));
        expect(newest).toEqual([...newest].sort().reverse());
        expect(a.mixedCurrencies).toBe(new Set(companies.map((c) => c.currency).filter(Boolean)).size > 1);
      }),
      { numRuns: 200 },
    );
  });

  it('shows the rows most companies share first, every company at least once when there is room, in calendar order', () => {
    fc.assert(
      fc.property(companiesArb, fc.integer({ min: 0, max: 8 }), (companies, max) => {
        const a = alignComparison(companies, METRICS);
        const shown = rowsToShow(a, max);
        const calendar = a.rows.filter((r) => r.kind === 'calendar');
        const shownCalendar = shown.filter((r) => r.kind === 'calendar');
        expect(shownCalendar.length).toBe(Math.min(max, calendar.length));
        const present = companies.map((_, i) => calendar.some((r) => r.periods[i]));
        if (max >= companies.length) {
          present.forEach((has, i) => {
            if (has) expect(shownCalendar.some((r) => r.periods[i])).toBe(true);
          });
        }
        // A row left out has no more companies than the fullest row shown.
        const members = (r: (typeof calendar)[number]): number => r.periods.filter(Boolean).length;
        if (shownCalendar.length > 0) {
          const fullestShown = Math.max(...shownCalendar.map(members));
          for (const r of calendar.filter((x) => !shownCalendar.includes(x))) expect(members(r)).toBeLessThanOrEqual(fullestShown);
        }
        expect(shown.map((r) => a.rows.indexOf(r))).toEqual([...shown.map((r) => a.rows.indexOf(r))].sort((x, y) => x - y));
        expect(shown.some((r) => r.kind === 'unplaced')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
