import type { Concept, ConceptDoc, ConceptStock } from './types.js';
import {
  asArray,
  asRecord,
  compact,
  isRecord,
  join,
  optArray,
  optBoolean,
  optNumber,
  optString,
  reqString,
  stringList,
} from './read-shape.js';

/** The latest-concepts response is documented as a bare array; a `{concepts|data|items: [...]}` wrapper is tolerated. */
export function normaliseConcepts(raw: unknown): Concept[] {
  const list = isRecord(raw) ? (raw.concepts ?? raw.data ?? raw.items) : raw;
  return asArray(list, '').map((c, i) => normaliseConcept(c, join('', i)));
}

function normaliseConcept(raw: unknown, at: string): Concept {
  const c = asRecord(raw, at);
  return compact<Concept>({
    conceptId: reqString(c, 'concept_id', at),
    code: optString(c, 'concept_code'),
    name: reqString(c, 'concept_name', at),
    description: optString(c, 'concept_desc'),
    keywords: stringList(c.concept_keywords),
    conceptScore: optNumber(c, 'concept_score'),
    trendingScore: optNumber(c, 'trending_score') ?? 0,
    scoredAtMs: optNumber(c, 'scored_at'),
    publishedAtMs: optNumber(c, 'published_at'),
    firstDetected: optBoolean(c, 'first_detected') ?? false,
    stocks: optArray(c, 'stocks', at)
      .filter(isRecord)
      .map(
        (s): ConceptStock =>
          compact<ConceptStock>({
            market: optString(s, 'market') ?? '',
            code: optString(s, 'code') ?? '',
            name: optString(s, 'name') ?? '',
            description: optString(s, 'description'),
            relevance: optNumber(s, 'relevance'),
          }),
      ),
    docs: optArray(c, 'docs', at)
      .filter(isRecord)
      .map(
        (d): ConceptDoc =>
          compact<ConceptDoc>({
            docId: optString(d, 'doc_id') ?? optString(d, 'id') ?? '',
            title: optString(d, 'title') ?? '',
            url: optString(d, 'url'),
            relevance: optNumber(d, 'relevance'),
          }),
      ),
  });
}
