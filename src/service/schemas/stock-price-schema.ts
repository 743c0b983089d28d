import { z } from 'zod';
import { compact } from './compact.js';
import { listOf, optionalNumber, optionalString, wireString } from './wire-fields.js';

/**
 * One trading day of a company's stock (`/v1/stock/company-prices`, renamed
 * `/v1/stock/stock-quote` in the 2026-04 schema). The schemas leave `data` untyped; the
 * 2026-04 description names prices, volumes, market capitalisation, P/E and P/S, which is the
 * index price item's vocabulary (interface document, "Index price item"), so the same wire
 * names are read, plus `volume` and the trading `currency` when given.
 */
export const stockPriceItemSchema = z
  .object({
    date: wireString,
    symbol: optionalString,
    name: optionalString,
    currency: optionalString,
    stock_open: optionalNumber,
    day_high: optionalNumber,
    day_low: optionalNumber,
    stock_price: optionalNumber,
    stock_change_percent: optionalNumber,
    trade_amount: optionalNumber,
    volume: optionalNumber,
    ps_ttm: optionalNumber,
    pb: optionalNumber,
    pe_ttm: optionalNumber,
    dividend_yield: optionalNumber,
    market_capitalization: optionalNumber,
  })
  .transform((r) =>
    compact({
      date: r.date,
      symbol: r.symbol ?? '',
      name: r.name ?? '',
      currency: r.currency,
      open: r.stock_open,
      dayHigh: r.day_high,
      dayLow: r.day_low,
      close: r.stock_price,
      changePercent: r.stock_change_percent,
      tradeAmount: r.trade_amount,
      volume: r.volume,
      psTtm: r.ps_ttm,
      pb: r.pb,
      peTtm: r.pe_ttm,
      dividendYield: r.dividend_yield,
      marketCap: r.market_capitalization,
    }),
  );

/** `data` of the company price endpoints: `{items: [...]}` as for index prices, or the bare list. */
export const stockPricesSchema = z.preprocess(
  (data) => (Array.isArray(data) ? { items: data } : data),
  z.object({ items: listOf(stockPriceItemSchema) }).transform((d) => d.items),
);
