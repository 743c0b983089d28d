import type { CallOptions, DocumentSummary, Page } from './types.js';
import type { Requester } from './request.js';
import { pagingFields, type PagingNaming, type PagingNamingState } from './paging-naming.js';
import { documentPageSchema } from './schemas/document-page-schema.js';
import { shapeParser } from './schemas/parse-shape.js';
import { reportSkipped } from './report-skipped.js';

const parseDocumentPage = shapeParser(documentPageSchema);

export interface PagedListCall {
  path: string;
  body: Record<string, unknown>;
  pageNum?: number;
  pageSize?: number;
  opts?: CallOptions;
}

/**
 * POSTs a paged v1 list query in the naming the service understands. While the naming is still
 * unknown the schema names go first; if the answer turns out legacy and its echoed paging is not
 * what was asked, the query (a read, safe to resend) is sent once more in legacy names.
 */
export async function fetchDocumentPage(req: Requester, naming: PagingNamingState, c: PagedListCall): Promise<Page<DocumentSummary>> {
  const send = (n: PagingNaming) =>
    req.call({
      method: 'POST',
      path: c.path,
      body: { ...c.body, ...pagingFields(n, c.pageNum, c.pageSize) },
      idempotent: true,
      parse: parseDocumentPage,
      opts: c.opts,
    });
  const known = naming.known();
  let page = await send(known ?? 'schema');
  naming.learn(page.naming);
  if (known === undefined && page.naming === 'legacy') {
    const wanted = { pageNum: c.pageNum ?? 1, pageSize: c.pageSize ?? 10 };
    if (page.pageNum !== wanted.pageNum || page.pageSize !== wanted.pageSize) page = await send('legacy');
  }
  const { naming: _naming, skipped, ...rest } = page;
  reportSkipped(req, { method: 'POST', path: c.path, opts: c.opts }, skipped);
  return rest;
}
