/**
 * Document content (OAIDocContentsResponse) and summary (OAIDocSummaryResponse), folders
 * (OAIFolderResponse, OAIFolderDeleteResponse) and the latest concepts (untyped in the schema:
 * the interface document's list).
 */
import { FAKE_CONCEPTS } from '../fixtures/concepts.js';
import { documentOf } from '../uploads/corpus.js';
import { type Handler, ok, str } from './handler-types.js';

const NOT_FOUND = { status: 404, body: { detail: 'Not Found' } };

export const docsHandlers: Record<string, Handler> = {
  'GET /v1/docs/{doc_id}': ({ path, state }) => {
    const d = documentOf(state.uploads, path.doc_id ?? '');
    if (!d) return NOT_FOUND;
    return ok({ ...d.doc, ...d.detail, chunks: d.chunks });
  },

  'GET /v1/docs/{doc_id}/summary': ({ path, state }) => {
    const d = documentOf(state.uploads, path.doc_id ?? '');
    if (!d) return NOT_FOUND;
    return ok({ doc_id: d.doc.doc_id, summary: d.summary });
  },

  'POST /v1/docs/folder/create': ({ body, state }) => {
    const folderId = String(1_203_458_811_236_982_784n + BigInt(state.nextFolder++));
    state.folders.set(folderId, { name: str(body.name) ?? '', docIds: [] });
    return ok({ folder_id: folderId });
  },

  'DELETE /v1/docs/folder/delete': ({ body, state }) => {
    const folderId = str(body.folder_id) ?? '';
    const folder = state.folders.get(folderId);
    state.folders.delete(folderId);
    // Its documents go with it.
    for (const doc of state.uploads.inFolder(folderId)) state.uploads.remove(doc.docId);
    return ok({ doc_ids: folder?.docIds ?? [], folder_id: folderId });
  },

  'GET /v1/concepts/latest': ({ query }) => {
    const includeDocs = !['false', '0', 'no', 'off'].includes((query.get('include_docs') ?? 'true').toLowerCase());
    return ok(FAKE_CONCEPTS.map(({ docs, ...rest }) => (includeDocs ? { ...rest, docs } : rest)));
  },
};
