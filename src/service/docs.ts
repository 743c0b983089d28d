import { createDocumentUploadsApi } from './document-uploads.js';
import type {
  CallOptions,
  DocSummaryResult,
  DocsByTagRequest,
  DocumentDetail,
  DocumentRawContent,
  DocumentSummary,
  DocumentsDeleted,
  DocumentUpload,
  DocumentUploadStatus,
  UploadedDocument,
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
import { isServiceError } from './errors/service-error.js';
import { reportSkipped } from './report-skipped.js';
import { wireBody } from './wire-body.js';

const parseDocumentDetail = shapeParser(documentDetailSchema);
const parseFolderCreated = shapeParser(folderCreatedSchema);

export interface DocsApi {
  getDocument(docId: string, opts?: CallOptions): Promise<DocumentDetail>;
  getDocumentSummary(docId: string, opts?: CallOptions): Promise<DocSummaryResult>;
  docsByTag(req: DocsByTagRequest, opts?: CallOptions): Promise<Page<DocumentSummary>>;
  createFolder(name: string, opts?: CallOptions): Promise<FolderCreated>;
  deleteFolder(folderId: string, opts?: CallOptions): Promise<FolderDeleted>;
  uploadDocument(upload: DocumentUpload, opts?: CallOptions): Promise<UploadedDocument>;
  documentUploadStatus(docId: string, opts?: CallOptions): Promise<DocumentUploadStatus>;
  deleteDocuments(docIds: readonly string[], opts?: CallOptions): Promise<DocumentsDeleted>;
  documentRawContent(docId: string, opts?: CallOptions): Promise<DocumentRawContent>;
}

export const DOCS_BY_TAG_PATH = '/v1/docs/tags';

/** The tag types the service documents (Document.tags in the interface). */
export const TAG_TYPES = ['industry', 'company', 'person', 'event'] as const;

type TagsForm = 'object' | 'list';

/**
 * `tags` as the published schema asks for it (OAIDocsTagsRequest: tag type → values). The app's
 * tag lookups carry words without a type, so each word is asked for under every type: a
 * document tagged 半导体 as its industry or as an event is found either way.
 */
export function tagsObject(tags: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(TAG_TYPES.map((type) => [type, [...tags]]));
}

export function createDocsApi(req: Requester, naming: PagingNamingState): DocsApi {
  /** Which form of `tags` the service takes; learnt from its first refusal of the object form. */
  let tagsForm: TagsForm = 'object';
  return {
    async getDocument(docId, opts) {
      const path = `/v1/docs/${encodeURIComponent(docId)}`;
      const { skipped, ...detail } = await req.call({ method: 'GET', path, idempotent: true, parse: parseDocumentDetail, opts });
      reportSkipped(req, { method: 'GET', path, opts }, skipped);
      return detail;
    },

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

    async docsByTag(r, opts) {
      const send = (form: TagsForm) =>
        fetchDocumentPage(req, naming, {
          path: DOCS_BY_TAG_PATH,
          body: wireBody({
            tags: form === 'object' ? tagsObject(r.tags) : r.tags,
            categories: r.categories,
            markets: r.markets,
            start_date: r.startDate,
            end_date: r.endDate,
          }),
          pageNum: r.pageNum,
          pageSize: r.pageSize,
          opts,
        });
      if (tagsForm === 'list') return send('list');
      try {
        return await send('object');
      } catch (error) {
        // A deployment that follows the interface document's list form refuses the object (422 on tags).
        if (!isServiceError(error) || error.kind !== 'validation' || !error.issues.some((i) => i.loc.includes('tags'))) throw error;
        const page = await send('list');
        tagsForm = 'list';
        return page;
      }
    },

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

    ...createDocumentUploadsApi(req),
  };
}
