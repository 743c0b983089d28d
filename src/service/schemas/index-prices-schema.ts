import { z } from 'zod';
import { compact } from './compact.js';
import { listOf, optionalNumber, optionalString, wireString } from './wire-fields.js';

/**
 * One day of an index; the wire names are the stock quote's (stock_price is the close).
 * `dividendYield` is a fraction (0.0343 = 3.43%), as the service's samples give it;
 * `changePercent` a percentage.
 */
export const indexPriceItemSchema = z
  .object({
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
    market_capitalization_a_share: optionalNumber,
  })
  .transform((r) =>
    compact({
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
      marketCapAShare: r.market_capitalization_a_share,
    }),
  );

/** `data` of the index prices endpoint: `{items: [...]}`. */
export const indexPricesSchema = z.object({ items: listOf(indexPriceItemSchema) }).transform((d) => d.items);
