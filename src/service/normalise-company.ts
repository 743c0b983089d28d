import type { CompanyLabel, StockRef } from './types.js';
import { asRecord, isRecord, join, optArray, optString, type Json } from './read-shape.js';

/** Company labels of v2 search documents and document detail. */
export function normaliseCompanies(obj: Json, key: string, at: string): CompanyLabel[] {
  return optArray(obj, key, at)
    .filter(isRecord)
    .map((c, i) => normaliseCompany(c, join(join(at, key), i)));
}

function normaliseCompany(c: Json, at: string): CompanyLabel {
  const stocks = optArray(c, 'stocks', at).map((s, i) => normaliseStock(asRecord(s, join(join(at, 'stocks'), i))));
  const logo = optString(c, 'logo');
  return { name: optString(c, 'name') ?? '', ...(logo ? { logo } : {}), stocks };
}

function normaliseStock(s: Json): StockRef {
  const market = optString(s, 'market') ?? '';
  const code = optString(s, 'code') ?? '';
  const symbol = optString(s, 'symbol') ?? (market && code ? `${market.toUpperCase()}:${code}` : code);
  return { symbol, market, code };
}
