import type { SearchDocument, V2SearchResult } from './types.js';
import { normaliseCompanies } from './normalise-company.js';
import { asArray, asRecord, compact, join, optNumber, optRecord, optString, reqString } from './read-shape.js';
import { ShapeError } from './errors/shape-error.js';

/** Response of /v2/search and /v2/search/news. */
export function normaliseV2SearchResult(raw: unknown): V2SearchResult {
  const body = asRecord(raw, '');
  const docs = asArray(body.docs ?? [], 'docs').map((d, i) => normaliseSearchDocument(d, join('docs', i)));
  return { docs, totalCount: optNumber(body, 'total_count') ?? docs.length, tookMs: optNumber(body, 'took_ms') ?? 0 };
}

export function normaliseSearchDocument(raw: unknown, at: string): SearchDocument {
  const d = asRecord(raw, at);
  const docId = optString(d, 'doc_id') ?? optString(d, 'id');
  if (docId === undefined) throw new ShapeError(join(at, 'doc_id'), 'string', d.doc_id);
  const publishedAt = d.published_at;
  return compact<SearchDocument>({
    docId,
    title: reqString(d, 'title', at),
    url: optString(d, 'url'),
    summary: optString(d, 'summary'),
    category: optString(d, 'category'),
    publishedAtMs:
      typeof publishedAt === 'string' && !/^\d+$/.test(publishedAt)
        ? finiteOrUndefined(Date.parse(publishedAt))
        : optNumber(d, 'published_at'),
    companies: normaliseCompanies(d, 'companies', at),
    metadata: optRecord(d, 'metadata') ?? {},
    score: optNumber(d, 'score'),
  });
}

function finiteOrUndefined(n: number): number | undefined {
  return Number.isFinite(n) ? n : undefined;
}
