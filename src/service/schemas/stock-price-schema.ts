import { z } from 'zod';
import { compact } from './compact.js';
import { quoteDay, quoteDayFields } from './quote-day-fields.js';
import { listOf, optionalNumber, optionalString } from './wire-fields.js';

/**
 * One trading day of a company's stock (`/v1/stock/company-prices`, renamed
 * `/v1/stock/stock-quote` in the 2026-04 schema). The schemas leave `data` untyped; the
 * 2026-04 description names prices, volumes, market capitalisation, P/E and P/S, which is the
 * index price item's vocabulary (interface document, "Index price item"), so the same wire
 * names are read, plus `volume` and the trading `currency` when given.
 */
export const stockPriceItemSchema = z
  .object({ ...quoteDayFields, currency: optionalString, volume: optionalNumber })
  .transform((r) => compact({ ...quoteDay(r), currency: r.currency, volume: r.volume }));

/** `data` of the company price endpoints: `{items: [...]}` as for index prices, or the bare list. */
export const stockPricesSchema = z.preprocess(
  (data) => (Array.isArray(data) ? { items: data } : data),
  z.object({ items: listOf(stockPriceItemSchema) }).transform((d) => d.items),
);
