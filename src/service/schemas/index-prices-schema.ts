import { z } from 'zod';
import { compact } from './compact.js';
import { quoteDay, quoteDayFields } from './quote-day-fields.js';
import { listOf, optionalNumber } from './wire-fields.js';

/** One day of an index: the shared quote fields, plus the A-share market capitalisation. */
export const indexPriceItemSchema = z
  .object({ ...quoteDayFields, market_capitalization_a_share: optionalNumber })
  .transform((r) => compact({ ...quoteDay(r), marketCapAShare: r.market_capitalization_a_share }));

/** `data` of the index prices endpoint: `{items: [...]}`. */
export const indexPricesSchema = z.object({ items: listOf(indexPriceItemSchema) }).transform((d) => d.items);
