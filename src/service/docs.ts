import type {
  CallOptions,
  DocSummaryResult,
  DocsByTagRequest,
  DocumentDetail,
  DocumentSummary,
  FolderCreated,
  FolderDeleted,
  Page,
} from './types.js';
import type { Requester } from './request.js';
import type { PagingNamingState } from './paging-naming.js';
import { fetchDocumentPage } from './paged-list.js';
import { normaliseDocumentDetail } from './normalise-document.js';
import { normaliseFolderCreated, normaliseFolderDeleted } from './normalise-folder.js';
import { asRecord, reqString, optString } from './read-shape.js';
import { wireBody } from './wire-body.js';

export interface DocsApi {
  getDocument(docId: string, opts?: CallOptions): Promise<DocumentDetail>;
  getDocumentSummary(docId: string, opts?: CallOptions): Promise<DocSummaryResult>;
  docsByTag(req: DocsByTagRequest, opts?: CallOptions): Promise<Page<DocumentSummary>>;
  createFolder(name: string, opts?: CallOptions): Promise<FolderCreated>;
  deleteFolder(folderId: string, opts?: CallOptions): Promise<FolderDeleted>;
}

export function createDocsApi(req: Requester, naming: PagingNamingState): DocsApi {
  return {
    getDocument: (docId, opts) =>
      req.call({
        method: 'GET',
        path: `/v1/docs/${encodeURIComponent(docId)}`,
        idempotent: true,
        parse: normaliseDocumentDetail,
        opts,
      }),

    getDocumentSummary: (docId, opts) =>
      req.call({
        method: 'GET',
        path: `/v1/docs/${encodeURIComponent(docId)}/summary`,
        idempotent: true,
        parse: (json) => {
          const body = asRecord(json, '');
          return { docId: optString(body, 'doc_id') ?? docId, summary: reqString(body, 'summary', '') };
        },
        opts,
      }),

    docsByTag: (r, opts) =>
      fetchDocumentPage(req, naming, {
        path: '/v1/docs/tags',
        body: wireBody({
          tags: r.tags,
          categories: r.categories,
          markets: r.markets,
          start_date: r.startDate,
          end_date: r.endDate,
        }),
        pageNum: r.pageNum,
        pageSize: r.pageSize,
        opts,
      }),

    // Creating or deleting twice is not the same as once: never retried.
    createFolder: (name, opts) =>
      req.call({
        method: 'POST',
        path: '/v1/docs/folder/create',
        body: { name },
        idempotent: false,
        parse: normaliseFolderCreated,
        opts,
      }),

    deleteFolder: (folderId, opts) =>
      req.call({
        method: 'DELETE',
        path: '/v1/docs/folder/delete',
        body: { folder_id: folderId },
        idempotent: false,
        parse: (json) => normaliseFolderDeleted(json, folderId),
        opts,
      }),
  };
}
