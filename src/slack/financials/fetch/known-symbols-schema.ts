/**
 * What `/v1/stock/index-constituents` answers (2026-04 schema, IndexConstituentsInput): "stock
 * symbols and market areas" of an index's stocks. The schema types `data` only as "structure
 * varies by endpoint" (StockAPIResponse), so a list or `{items}` / `{list}` / `{constituents}` is
 * read, with a symbol either `<MARKET>:<code>` or a code beside its market area (`cn`, `hk`, `us`,
 * or the exchange), and a name when there is one. Members whose symbol cannot be made are left out.
 * @see /work/shared/spec/published-openapi-2026-04.yaml (/v1/stock/index-constituents)
 */
import { z } from 'zod';
import { isRecord } from '../../../service/read-shape.js';
import { optionalString, recordsIn } from '../../../service/schemas/wire-fields.js';
import { symbolOfRecord } from '../../../service/symbols.js';

const constituentSchema = z
  .object({
    symbol: optionalString,
    code: optionalString,
    stock_code: optionalString,
    market: optionalString,
    area: optionalString,
    exchange: optionalString,
    name: optionalString,
    stock_name: optionalString,
    short_name: optionalString,
    name_en: optionalString,
    name_zh: optionalString,
  })
  .transform((r) => {
    const raw = r.symbol ?? r.code ?? r.stock_code ?? '';
    const symbol = raw ? symbolOfRecord(raw, r.market ?? r.area ?? r.exchange) : undefined;
    const names = [r.name, r.stock_name, r.short_name, r.name_en, r.name_zh].filter((n): n is string => Boolean(n?.trim()));
    return symbol ? { symbol, names: [...new Set(names)] } : undefined;
  });

export type Constituent = { symbol: string; names: string[] };

export const constituentsSchema = z
  .preprocess(
    (data) => (isRecord(data) ? (data.items ?? data.list ?? data.constituents ?? data.data) : data == null ? [] : data),
    recordsIn(constituentSchema),
  )
  .transform((list) => list.filter((c): c is Constituent => c !== undefined));
