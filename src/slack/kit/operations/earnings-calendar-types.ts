/** earningsCalendar's input and output (desk-operations.ts). */

/** The markets `/financials earnings` shows, in its order when none is given. */
export const EARNINGS_MARKETS = ['cn', 'hk', 'us'] as const;
export type EarningsMarket = (typeof EARNINGS_MARKETS)[number];

/** The relative weeks `/financials earnings` takes; a YYYY-MM-DD date picks the week that contains it. */
export const EARNINGS_WEEKS = ['this', 'next', 'last'] as const;

export interface EarningsCalendarInput {
  /** cn, hk, us (or /financials' words for them: china, a-share, a股, 港股, 美股): a list or "hk, us"; all three when absent. */
  markets?: string | readonly string[];
  /** this (the default), next, last, or a YYYY-MM-DD date in the week. A week runs Monday to Sunday. */
  week?: string;
}

/** When in the day a report comes out, as the service gives it (the card's "Time" column). */
export type EarningsTiming = 'before_open' | 'after_close' | 'during_hours';

export interface EarningsReport {
  /** Which calendar lists it. */
  market: EarningsMarket;
  /** The company's name, when the service gives one (unescaped). */
  company?: string;
  /** `<MARKET>:<code>` as every command takes it (US:NVDA, SH:600519), else the service's own code. */
  symbol: string;
  /** The report day, YYYY-MM-DD, the exchange's own calendar day. */
  date: string;
  /** Unset when the service gives no time of day (never guessed). */
  timing?: EarningsTiming;
  /** The card's words for the timing: "Before open", "After close", "During hours", "Not given". */
  timingLabel: string;
  /** The fiscal period reported, as the card names it ("Q3 FY2025", "FY2024"); unset when the service gives none. */
  period?: string;
  fiscalYear?: string;
  fiscalQuarter?: string;
  /** The reported period's end, YYYY-MM-DD, when given. */
  periodEnd?: string;
}

export interface EarningsWeek {
  /** Monday, YYYY-MM-DD. */
  startDate: string;
  /** Sunday, YYYY-MM-DD. */
  endDate: string;
  /** Sorted by date then symbol, as the card's rows. */
  reports: EarningsReport[];
}

export interface EarningsMarketFailure {
  market: EarningsMarket;
  /** Why, in the card's words ("the service is unavailable right now"). */
  reason: string;
}

export interface EarningsCalendarOutput extends EarningsWeek {
  /** The markets asked for, in the order given. */
  markets: EarningsMarket[];
  reportCount: number;
  /** Markets whose calendar could not be fetched (the others are still given); when every market fails the operation throws. */
  failedMarkets: EarningsMarketFailure[];
  /**
   * Only when the week has no reports: the first later week that has some (within the card's
   * look-ahead, about a quarter), or the range looked at with no reports when none has. Unset when
   * the look-ahead failed, or the week has reports.
   */
  nextWeekWithReports?: EarningsWeek;
}
