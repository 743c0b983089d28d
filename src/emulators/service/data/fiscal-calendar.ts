/** Fiscal quarters of a company: which calendar month ends each quarter. */
import type { DemoCompany } from './companies.js';
import type { DatasetCalendar } from './dataset-calendar.js';
import { reportDate } from './report-dates.js';

export interface FiscalQuarter {
  fiscalYear: number;
  /** 1..4 */
  quarter: number;
  /** YYYY-MM-DD, last day of the quarter's last month. */
  endDate: string;
}

export function monthEnd(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The quarter `quarter` (1..4) of fiscal year `fiscalYear`, which ends in the company's year-end month. */
export function fiscalQuarter(company: DemoCompany, fiscalYear: number, quarter: number): FiscalQuarter {
  let month = company.fiscalYearEndMonth - 3 * (4 - quarter);
  let year = fiscalYear;
  if (month <= 0) {
    month += 12;
    year -= 1;
  }
  return { fiscalYear, quarter, endDate: monthEnd(year, month) };
}

/**
 * Every reported fiscal quarter, oldest first: from the calendar's first fiscal year's Q1 up to
 * the last one whose report day (report-dates.ts) is before the dataset's end day. A report on
 * the end day itself is not out yet: the data end at that day's start.
 */
export function fiscalQuarters(company: DemoCompany, calendar: DatasetCalendar): FiscalQuarter[] {
  const out: FiscalQuarter[] = [];
  for (let fy = calendar.firstFiscalYear; ; fy++) {
    for (let q = 1; q <= 4; q++) {
      const fq = fiscalQuarter(company, fy, q);
      // Report days follow quarter order: a quarter's report comes after the one before's.
      if (reportDate(company, fq) >= calendar.endDate) return out;
      out.push(fq);
    }
  }
}

export function calendarQuarterOf(endDate: string): { year: number; quarter: number } {
  const year = Number(endDate.slice(0, 4));
  const month = Number(endDate.slice(5, 7));
  return { year, quarter: Math.ceil(month / 3) };
}
