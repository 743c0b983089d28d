/** The documents a request can reach: the fixtures, and the uploads where the request asks for them. */
import { documentById, FAKE_DOCUMENTS, type FakeDocument } from '../fixtures/documents.js';
import { asFakeDocument, type UploadState } from './upload-state.js';

/**
 * Uploaded files are the user's own: a search reaches them when it names their folders, the
 * `files` category or their ids, never by chance in a general search.
 */
export function corpusFor(
  uploads: UploadState | undefined,
  asks: { folderIds: string[]; categories: string[]; docIds?: string[] },
): readonly FakeDocument[] {
  const wantsFiles = asks.folderIds.length > 0 || asks.categories.includes('files') || (asks.docIds?.length ?? 0) > 0;
  return wantsFiles && uploads ? [...FAKE_DOCUMENTS, ...uploads.searchable()] : FAKE_DOCUMENTS;
}

/** A document by id: a fixture or an upload (in any state of its processing). */
export function documentOf(uploads: UploadState, id: string): FakeDocument | undefined {
  const upload = uploads.get(id);
  return upload ? asFakeDocument(upload) : documentById(id);
}
