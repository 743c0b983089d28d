import { z } from 'zod';
import { compact } from './compact.js';
import { isRecord } from '../read-shape.js';
import { symbolOfListing } from '../symbols.js';
import { lenientListOf } from './lenient-list.js';
import { looseStringList, optionalBoolean, optionalNumber, optionalString, recordsIn, wireString } from './wire-fields.js';

/**
 * A concept's related stock. The real samples give the exchange as its market (`SH`, `SZ`), the
 * interface's era a market (`cn`); `symbol` is the `<MARKET>:<code>` every command accepts.
 */
export const conceptStockSchema = z
  .object({ market: optionalString, code: optionalString, name: optionalString, description: optionalString, relevance: optionalNumber })
  .transform((s) =>
    compact({
      market: s.market ?? '',
      code: s.code ?? '',
      symbol: symbolOfListing(s.market ?? '', s.code ?? ''),
      name: s.name ?? '',
      description: s.description,
      relevance: s.relevance,
    }),
  );

export const conceptDocSchema = z
  .object({ doc_id: optionalString, id: optionalString, title: optionalString, url: optionalString, relevance: optionalNumber })
  .transform((d) => compact({ docId: d.doc_id ?? d.id ?? '', title: d.title ?? '', url: d.url, relevance: d.relevance }));

/** An item of the latest-concepts list; `docs` is there when include_docs is true. */
export const conceptSchema = z
  .object({
    concept_id: wireString,
    concept_code: optionalString,
    concept_name: wireString,
    concept_desc: optionalString,
    concept_keywords: looseStringList,
    concept_score: optionalNumber,
    trending_score: optionalNumber,
    scored_at: optionalNumber,
    published_at: optionalNumber,
    first_detected: optionalBoolean,
    stocks: recordsIn(conceptStockSchema),
    docs: recordsIn(conceptDocSchema),
  })
  .transform((c) =>
    compact({
      conceptId: c.concept_id,
      code: c.concept_code,
      name: c.concept_name,
      description: c.concept_desc,
      keywords: c.concept_keywords,
      conceptScore: c.concept_score,
      trendingScore: c.trending_score ?? 0,
      scoredAtMs: c.scored_at,
      publishedAtMs: c.published_at,
      firstDetected: c.first_detected ?? false,
      stocks: c.stocks,
      docs: c.docs,
    }),
  );

/**
 * The list is documented as a bare array; a `{concepts|data|items: [...]}` wrapper is tolerated.
 * Unreadable concepts are left out and counted (`skipped`).
 */
export const conceptListSchema = z.preprocess(
  (raw) => (isRecord(raw) ? (raw.concepts ?? raw.data ?? raw.items) : raw),
  lenientListOf(conceptSchema, { required: true }),
);
