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
import { docSummaryResultSchema, documentDetailSchema } from './schemas/document-detail-schema.js';
import { folderCreatedSchema, folderDeletedSchema } from './schemas/folder-schemas.js';
import { parseShape, shapeParser } from './schemas/parse-shape.js';
import { wireBody } from './wire-body.js';

const parseDocumentDetail = shapeParser(documentDetailSchema);
const parseFolderCreated = shapeParser(folderCreatedSchema);

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
        parse: parseDocumentDetail,
        opts,
      }),

    getDocumentSummary: (docId, opts) =>
      req.call({
        method: 'GET',
        path: `/v1/docs/${encodeURIComponent(docId)}/summary`,
        idempotent: true,
        parse: (json) => {
          const body = parseShape(docSummaryResultSchema, json);
          return { docId: body.docId ?? docId, summary: body.summary };
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
        parse: parseFolderCreated,
        opts,
      }),

    deleteFolder: (folderId, opts) =>
      req.call({
        method: 'DELETE',
        path: '/v1/docs/folder/delete',
        body: { folder_id: folderId },
        idempotent: false,
        parse: (json) => {
          const body = parseShape(folderDeletedSchema, json);
          return { folderId: body.folderId ?? folderId, docIds: body.docIds };
        },
        opts,
      }),
  };
}
