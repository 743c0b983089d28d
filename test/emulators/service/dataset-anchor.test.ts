/**
 * The demo dataset anchored to a date: the newest data are recent relative to the anchor, and
 * the moved fiscal calendar stays consistent (real quarter ends, filings after their quarter and
 * before the anchor, year-to-date sums whole, trading days on weekdays).
 */
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';
import { BASE_END_MS, datasetCalendar } from '../../../src/emulators/service/data/dataset-calendar.js';
import { earningsCalendar } from '../../../src/emulators/service/data/earnings-calendar.js';
import { addDays } from '../../../src/emulators/service/data/add-days.js';
import { DEMO_COMPANIES } from '../../../src/emulators/service/data/companies.js';
import { fiscalQuarter, fiscalQuarters } from '../../../src/emulators/service/data/fiscal-calendar.js';
import { reportDate } from '../../../src/emulators/service/data/report-dates.js';

const DAY = 86_400_000;
const isMonthEnd = (date: string): boolean => addDays(date, 1).endsWith('-01');
const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

// A fixed day, the day before a quarter counts as reported, and today (what the playground uses).
const ANCHORS = ['2026-05-06', '2025-08-28', new Date().toISOString().slice(0, 10)];

describe.each(ANCHORS)('the demo dataset anchored at %s', (day) => {
  const anchorMs = Date.parse(`${day}T00:00:00Z`);
  const ds = buildDataset({ anchorMs });

  it('publishes its newest documents and concept scores in the days before the anchor, none after', () => {
    const newest = Math.max(...ds.documents.map((d) => d.publishedAtMs));
    expect(newest).toBeLessThanOrEqual(anchorMs);
    expect(newest).toBeGreaterThan(anchorMs - 2 * DAY);
    expect(ds.documents.filter((d) => d.publishedAtMs > anchorMs - 90 * DAY).length).toBeGreaterThan(20);
    for (const c of ds.concepts) {
      expect(c.scored_at).toBeLessThanOrEqual(anchorMs);
      expect(c.published_at).toBeLessThan(c.scored_at);
    }
  });

  it('ends the index history on the last weekday up to the anchor, on weekdays only', () => {
    expect(ds.indexPrices.size).toBeGreaterThan(0);
    for (const history of ds.indexPrices.values()) {
      const dates = history.map((i) => i.date);
      expect(dates[0]! <= day && addDays(dates[0]!, 3) >= day).toBe(true);
      expect(dates.every((d) => weekday(d) !== 0 && weekday(d) !== 6)).toBe(true);
    }
  });

  it('files every statement after its quarter ends and on or before the anchor, quarters ending on month ends', () => {
    for (const company of ds.companies) {
      const { balanceSheets, cashFlows } = ds.financials.get(company.symbol)!;
      const income = ds.income.get(company.symbol)!;
      for (const r of [...balanceSheets, ...cashFlows, ...income]) {
        expect(isMonthEnd(r.end_date), `${company.symbol} ${r.end_date}`).toBe(true);
        expect(r.filling_date > r.end_date && r.filling_date <= day, `${company.symbol} ${r.end_date} filed ${r.filling_date}`).toBe(true);
      }
      // The newest statement is at most about five months old: the calendar moved with the anchor.
      expect(income[0]!.end_date > addDays(day, -155)).toBe(true);
      // Year-to-date sums start at a Q1: the first fiscal year is whole.
      const quarterly = income.filter((r) => r.period === 'quarterly');
      expect(quarterly.at(-1)!.fiscal_quarter).toBe('Q1');
      const revenue = ds.revenue.get(company.symbol)!.list;
      expect(revenue.length).toBeGreaterThan(0);
      // The revenue mix covers reported periods only: none newer than the newest statement.
      for (const p of revenue) expect(p.end_date <= income[0]!.end_date).toBe(true);
    }
  });

  it('quotes shares on weekdays up to the anchor day, the walk unbroken', () => {
    const company = ds.companies[0]!;
    const prices = ds.stockPrices.upTo(company, day);
    expect(prices.at(-1)!.date <= day && addDays(prices.at(-1)!.date, 3) >= day).toBe(true);
    expect(prices.every((p) => weekday(p.date) !== 0 && weekday(p.date) !== 6)).toBe(true);
    const jumps = prices.slice(1).map((p, i) => Math.abs(p.stock_price / prices[i]!.stock_price - 1));
    expect(Math.max(...jumps)).toBeLessThan(0.25);
  });

  it('has reporting companies in the earnings calendar around the anchor', () => {
    const entries = (['cn', 'hk', 'us'] as const).flatMap((market) =>
      earningsCalendar(ds.companies, { market, startDate: addDays(day, -45), endDate: addDays(day, 45) }),
    );
    expect(entries.length).toBeGreaterThan(0);
  });

  it('labels the theme pieces with the anchor’s calendar quarter', () => {
    const month = Number(day.slice(5, 7));
    const themes = ds.documents.filter((d) => d.report_scope === 2);
    expect(themes.length).toBeGreaterThan(0);
    for (const d of themes) expect(d.metadatas.period).toBe(`${day.slice(0, 4)}Q${Math.ceil(month / 3)}`);
  });
});

describe('the dataset calendar', () => {
  it('is the data’s own calendar without an anchor', () => {
    expect(datasetCalendar()).toMatchObject({ endMs: BASE_END_MS, monthShift: 0, firstFiscalYear: 2021, currentPeriod: '2025Q2' });
    expect(buildDataset().documents.map((d) => d.publishedAtMs)).toEqual(
      buildDataset({ anchorMs: BASE_END_MS }).documents.map((d) => d.publishedAtMs),
    );
  });

  it('reports a quarter from the day after its report day (report-dates.ts), not before', () => {
    const company = DEMO_COMPANIES.find((c) => c.symbol === 'US:NVDA')!;
    const q3 = fiscalQuarter(company, 2027, 3);
    const day = reportDate(company, q3);
    const reported = (anchorDay: string) =>
      fiscalQuarters(company, datasetCalendar(Date.parse(`${anchorDay}T00:00:00Z`))).some((q) => q.endDate === q3.endDate);
    expect(reported(day)).toBe(false);
    expect(reported(addDays(day, 1))).toBe(true);
  });

  it('starts the history and the shareholder registers 60 days before the anchor', () => {
    const at = (day: string) => datasetCalendar(Date.parse(`${day}T00:00:00Z`));
    // 2025-06-30 + 60 days = 2025-08-29.
    expect(at('2025-08-28').lastReportedEnd < '2025-06-30').toBe(true);
    expect(at('2025-08-29').lastReportedEnd >= '2025-06-30').toBe(true);
    expect(at('2027-01-15')).toMatchObject({ monthShift: 19, firstFiscalYear: 2022, currentPeriod: '2027Q1' });
    expect(at('2024-01-01')).toMatchObject({ monthShift: -17, firstFiscalYear: 2019 });
  });
});
