import type { z } from 'zod';
import { optionalNumber, optionalString, wireString } from './wire-fields.js';

/**
 * The wire fields of one trading day, shared by the index and company price items (the service
 * names both after its stock quote: stock_price is the close). `dividendYield` is a fraction
 * (0.0343 = 3.43%), as the service's samples give it; `changePercent` a percentage.
 */
export const quoteDayFields = {
  date: wireString,
  symbol: optionalString,
  name: optionalString,
  stock_open: optionalNumber,
  day_high: optionalNumber,
  day_low: optionalNumber,
  stock_price: optionalNumber,
  stock_change_percent: optionalNumber,
  trade_amount: optionalNumber,
  ps_ttm: optionalNumber,
  pb: optionalNumber,
  pe_ttm: optionalNumber,
  dividend_yield: optionalNumber,
  market_capitalization: optionalNumber,
};

type QuoteDayWire = z.output<z.ZodObject<typeof quoteDayFields>>;

/** The shared fields under the app's names (pass the result through `compact`). */
export function quoteDay(r: QuoteDayWire) {
  return {
    date: r.date,
    symbol: r.symbol ?? '',
    name: r.name ?? '',
    open: r.stock_open,
    dayHigh: r.day_high,
    dayLow: r.day_low,
    close: r.stock_price,
    changePercent: r.stock_change_percent,
    tradeAmount: r.trade_amount,
    psTtm: r.ps_ttm,
    pb: r.pb,
    peTtm: r.pe_ttm,
    dividendYield: r.dividend_yield,
    marketCap: r.market_capitalization,
  };
}
