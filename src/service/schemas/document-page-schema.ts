import { z } from 'zod';
import type { PagingNaming } from '../paging-naming.js';
import { documentSummarySchema } from './document-summary-schema.js';
import { lenientListOf } from './lenient-list.js';
import { optionalNumber } from './wire-fields.js';

/**
 * A page of v1 search or documents by tag, in either paging naming. The oldest variant answers
 * `total_num`, `page` (page number) and `page_num` (page size); the others `total_count`,
 * `total_page`, `page_num` (page number) and `page_size`. A response with `page` or `total_num`
 * is the legacy form, where `page_num` means the size; the client learns the request naming
 * from it. Unreadable documents are left out and counted (`skipped`).
 */
export const documentPageSchema = z
  .object({
    docs: lenientListOf(documentSummarySchema),
    total_num: optionalNumber,
    total_count: optionalNumber,
    total_page: optionalNumber,
    page: optionalNumber,
    page_num: optionalNumber,
    page_size: optionalNumber,
  })
  .transform((body) => {
    // Absent keys stay absent in the parsed body, so `in` tells which names the service used.
    const naming: PagingNaming = 'page' in body || 'total_num' in body ? 'legacy' : 'schema';
    const totalCount = (naming === 'legacy' ? body.total_num : body.total_count) ?? body.total_count ?? 0;
    const pageNum = (naming === 'legacy' ? body.page : body.page_num) ?? 1;
    const pageSize = (naming === 'legacy' ? body.page_num : body.page_size) ?? 10;
    const totalPages = body.total_page ?? (pageSize > 0 ? Math.ceil(totalCount / pageSize) : 0);
    return { items: body.docs.items, totalCount, totalPages, pageNum, pageSize, naming, skipped: body.docs.skipped };
  });
