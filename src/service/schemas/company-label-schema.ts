import { z } from 'zod';
import { listOf, optionalString, recordsIn } from './wire-fields.js';

/** A company's stock; `symbol` is canonical `<MARKET>:<code>` (built from market and code when absent). */
const stockRefSchema = z.object({ symbol: optionalString, market: optionalString, code: optionalString }).transform((s) => {
  const market = s.market ?? '';
  const code = s.code ?? '';
  return { symbol: s.symbol ?? (market && code ? `${market.toUpperCase()}:${code}` : code), market, code };
});

export const companyLabelSchema = z
  .object({ name: optionalString, logo: optionalString, stocks: listOf(stockRefSchema) })
  .transform((c) => ({ name: c.name ?? '', ...(c.logo ? { logo: c.logo } : {}), stocks: c.stocks }));

/** Company labels of v2 search documents and document detail; members that are not objects are skipped. */
export const companyLabelsSchema = recordsIn(companyLabelSchema);
