import type { DocumentSummary, Page } from './types.js';
import { normaliseDocumentSummary } from './normalise-document.js';
import { asArray, asRecord, join, optNumber, type Json } from './read-shape.js';

/** Which paging names a v1 response used; the client learns the request naming from it. */
export type PagingNaming = 'legacy' | 'schema';

/**
 * The oldest variant answers `total_num`, `page` (page number) and `page_num` (page size); the
 * others `total_count`, `total_page`, `page_num` (page number) and `page_size`. A response with
 * `page` or `total_num` is the legacy form, where `page_num` means the size.
 */
export function detectPagingNaming(body: Json): PagingNaming {
  return 'page' in body || 'total_num' in body ? 'legacy' : 'schema';
}

export function normaliseDocumentPage(raw: unknown): Page<DocumentSummary> & { naming: PagingNaming } {
  const body = asRecord(raw, '');
  const items = asArray(body.docs ?? [], 'docs').map((d, i) => normaliseDocumentSummary(d, join('docs', i)));
  const naming = detectPagingNaming(body);
  const totalCount = optNumber(body, naming === 'legacy' ? 'total_num' : 'total_count') ?? optNumber(body, 'total_count') ?? 0;
  const pageNum = (naming === 'legacy' ? optNumber(body, 'page') : optNumber(body, 'page_num')) ?? 1;
  const pageSize = (naming === 'legacy' ? optNumber(body, 'page_num') : optNumber(body, 'page_size')) ?? 10;
  const totalPages = optNumber(body, 'total_page') ?? (pageSize > 0 ? Math.ceil(totalCount / pageSize) : 0);
  return { items, totalCount, totalPages, pageNum, pageSize, naming };
}

/** Wire names for the paging request fields in each naming. */
export function pagingFields(naming: PagingNaming, pageNum: number | undefined, pageSize: number | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (naming === 'legacy') {
    if (pageNum !== undefined) out.page = pageNum;
    if (pageSize !== undefined) out.page_num = pageSize;
  } else {
    if (pageNum !== undefined) out.page_num = pageNum;
    if (pageSize !== undefined) out.page_size = pageSize;
  }
  return out;
}
