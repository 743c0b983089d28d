/**
 * The document routes of issue 31: upload by form (Body_upload_doc_by_form…, answered with
 * OAIDocsIdResponse), upload status (OAIDocsUploadStatusResponse, plus the undocumented failure),
 * delete (OAIDocsDeleteRequest/Response) and raw content (OAIDocContentsResponse). Refusals are
 * the service's `{"detail": "..."}` (operation-rules.ts): 400 for a type it does not read, 404 for
 * an unknown folder or document, 413 over the size limit. Text is read with the emulator's own
 * extraction (unpdf for PDFs), so a phrase on page 3 is found as the service would find it.
 */
import { extractPages } from '../../../../src/emulators/service/uploads/extract-text.js';
import { extensionOf, SUPPORTED_EXTENSIONS, type UploadExtension } from '../../../../src/emulators/service/uploads/upload-rules.js';
import { documentById } from '../fixtures/documents.js';
import { chunksOf, fileUrlOf, type UploadedDoc } from '../uploads/upload-state.js';
import { type Handler, type JsonResult, ok, str, strings } from './handler-types.js';

const refusal = (status: number, detail: string): JsonResult => ({ status, body: { detail } });
const NOT_FOUND = refusal(404, 'Not Found');
const SUPPORTED: ReadonlySet<string> = new Set(SUPPORTED_EXTENSIONS);

const parsedJson = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
const objectOr = <T>(v: unknown, fallback: T): T => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as T) : fallback);

export const uploadHandlers: Record<string, Handler> = {
  'POST /v1/docs/upload/form': async ({ body, files, state }) => {
    const file = files.file;
    if (!file) return { status: 422, body: { detail: [{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }] } };
    if (file.bytes.byteLength > state.uploads.maxUploadBytes)
      return refusal(413, `File too large: the limit is ${Math.round(state.uploads.maxUploadBytes / 1024 / 1024)} MB`);
    const ext = extensionOf(file.filename);
    if (!SUPPORTED.has(ext))
      return refusal(
        400,
        `Unsupported file type: ${ext ? `.${ext}` : '(none)'}. Supported: ${SUPPORTED_EXTENSIONS.map((e) => `.${e}`).join(', ')}`,
      );
    const folderId = str(body.folder_id) || undefined;
    const folder = folderId === undefined ? undefined : state.folders.get(folderId);
    if (folderId !== undefined && !folder) return refusal(404, `Folder ${folderId} not found`);

    const extraction = await extractPages(file.bytes, ext as UploadExtension);
    const doc: UploadedDoc = {
      docId: state.uploads.newId(),
      ...(folderId !== undefined ? { folderId } : {}),
      title: str(body.name) || file.filename,
      fileName: file.filename,
      tags: objectOr(parsedJson(str(body.tags)), {}),
      metadatas: objectOr(parsedJson(str(body.metadatas)), {}),
      publishedAt: typeof body.published_at === 'number' ? body.published_at : state.now(),
      pages: extraction.ok ? extraction.pages : [],
      ...(extraction.ok ? {} : { failure: extraction.reason }),
      statusCalls: 0,
    };
    state.uploads.add(doc);
    folder?.docIds.push(doc.docId);
    return ok({ id: doc.docId, title: doc.title, original_url: fileUrlOf(doc) });
  },

  'GET /v1/docs/{doc_id}/upload/status': ({ path, state }) => {
    const doc = state.uploads.get(path.doc_id ?? '');
    if (!doc) return NOT_FOUND;
    const { status, message } = state.uploads.step(doc);
    return ok({ id: doc.docId, status, ...(message !== undefined ? { message } : {}) });
  },

  'DELETE /v1/docs/delete': ({ body, state }) => {
    const deleted = strings(body.doc_ids).filter((id) => {
      const doc = state.uploads.get(id);
      if (!doc || !state.uploads.remove(id)) return false;
      const folder = doc.folderId === undefined ? undefined : state.folders.get(doc.folderId);
      if (folder) folder.docIds = folder.docIds.filter((d) => d !== id);
      return true;
    });
    return ok({ doc_ids: deleted });
  },

  'GET /v1/docs/{doc_id}/raw-content': ({ path, state }) => {
    const id = path.doc_id ?? '';
    const upload = state.uploads.get(id);
    if (upload) {
      // Before processing ends there is no content yet.
      const chunks = state.uploads.isSearchable(upload) ? chunksOf(upload) : [];
      return ok({ doc_id: upload.docId, title: upload.title, url: fileUrlOf(upload), category: 'files', chunks });
    }
    const d = documentById(id);
    if (!d) return NOT_FOUND;
    return ok({ ...d.doc, ...d.detail, chunks: d.chunks });
  },
};
