import { Blob } from 'node:buffer';
import { FormData } from 'undici';
import type { Requester } from './request.js';
import type { DocumentUpload, ResearchService } from './types.js';
import { reportSkipped } from './report-skipped.js';
import { parseShape, shapeParser } from './schemas/parse-shape.js';
import { rawContentSchema } from './schemas/raw-content-schema.js';
import { uploadStatusSchema } from './schemas/upload-status-schema.js';
import { uploadedDocumentSchema } from './schemas/uploaded-document-schema.js';
import { documentsDeletedSchema } from './schemas/documents-deleted-schema.js';

export const UPLOAD_FORM_PATH = '/v1/docs/upload/form';
export const DELETE_DOCUMENTS_PATH = '/v1/docs/delete';

/**
 * An upload's time limit grows with its size, as an upload's body is far larger than any other
 * request's: the client's usual limit, plus the time to send the file at no less than 256 bytes per
 * millisecond (about 250 KiB/s; a 50 MiB file gets about 205 s more). Only uploads get it.
 */
const MIN_UPLOAD_BYTES_PER_MS = 256;
export const uploadTimeoutMs = (baseMs: number, bytes: number): number => baseMs + Math.ceil(bytes / MIN_UPLOAD_BYTES_PER_MS);

const parseStatus = shapeParser(uploadStatusSchema);
const parseDeleted = shapeParser(documentsDeletedSchema);

/**
 * The published schema's form (Body_upload_doc_by_form…): `file` with its name and type, and the
 * optional text fields, `tags` and `metadatas` as JSON strings. Built with undici's FormData.
 */
export function uploadForm(upload: DocumentUpload): FormData {
  const form = new FormData();
  const file = new Blob([upload.bytes], { type: upload.mimeType || 'application/octet-stream' });
  form.append('file', file, upload.fileName);
  if (upload.folderId !== undefined) form.append('folder_id', upload.folderId);
  if (upload.name !== undefined) form.append('name', upload.name);
  if (upload.tags !== undefined) form.append('tags', JSON.stringify(upload.tags));
  if (upload.metadatas !== undefined) form.append('metadatas', JSON.stringify(upload.metadatas));
  return form;
}

type UploadCalls = Pick<ResearchService, 'uploadDocument' | 'documentUploadStatus' | 'deleteDocuments' | 'documentRawContent'>;

/** The calls that put the user's own files into folders, follow their processing, read and delete them. */
export function createDocumentUploadsApi(req: Requester): UploadCalls {
  return {
    // Not idempotent: a resend after a lost answer could add the file twice. Never retried.
    uploadDocument: (upload, opts) =>
      req.call({
        method: 'POST',
        path: UPLOAD_FORM_PATH,
        multipart: uploadForm(upload),
        timeoutMs: uploadTimeoutMs(req.ctx.timeoutMs, upload.bytes.byteLength),
        idempotent: false,
        parse: (json) => {
          const body = parseShape(uploadedDocumentSchema, json);
          return { ...body, title: body.title || upload.name || upload.fileName };
        },
        opts,
      }),

    documentUploadStatus: (docId, opts) =>
      req.call({
        method: 'GET',
        path: `/v1/docs/${encodeURIComponent(docId)}/upload/status`,
        idempotent: true,
        parse: (json) => {
          const { docId: answered, ...status } = parseStatus(json);
          return { docId: answered ?? docId, ...status };
        },
        opts,
      }),

    // Deleting twice is not the same as once (the second answer names nothing): never retried.
    deleteDocuments: (docIds, opts) =>
      req.call({
        method: 'DELETE',
        path: DELETE_DOCUMENTS_PATH,
        body: { doc_ids: [...docIds] },
        idempotent: false,
        parse: parseDeleted,
        opts,
      }),

    async documentRawContent(docId, opts) {
      const path = `/v1/docs/${encodeURIComponent(docId)}/raw-content`;
      const { skipped, ...content } = await req.call({
        method: 'GET',
        path,
        idempotent: true,
        parse: (json) => {
          const body = parseShape(rawContentSchema, json);
          return { ...body, docId: body.docId ?? docId };
        },
        opts,
      });
      reportSkipped(req, { method: 'GET', path, opts }, skipped);
      return content;
    },
  };
}
