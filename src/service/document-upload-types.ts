/** What the client sends and reads for files added to research folders (published schema 2026-04's upload routes). */
/**
 * A file for a research folder, sent as multipart form data to `/v1/docs/upload/form` (published
 * schema 2026-04: `file`, `folder_id`, `name`, `metadatas`, `tags`, `published_at`).
 */
export interface DocumentUpload {
  bytes: Uint8Array;
  fileName: string;
  mimeType?: string;
  /** Unset: the service's default folder. */
  folderId?: string;
  /** The document's title; unset, the service takes the file name. */
  name?: string;
  /** Tag type (industry, company, person, event) → values; sent as a JSON string. */
  tags?: Record<string, string[]>;
  metadatas?: Record<string, unknown>;
}

/** OAIDocsIdResponse: what an upload answers. */
export interface UploadedDocument {
  docId: string;
  title: string;
  originalUrl?: string;
}

/**
 * DocsUploadStatusEnum (pending, processing, completed), plus `failed` for any other status the
 * service answers: the published schema documents no failure state, so anything outside the enum
 * is read as one, with the service's own words as the reason.
 */
export type DocumentUploadState = 'pending' | 'processing' | 'completed' | 'failed';

export interface DocumentUploadStatus {
  docId: string;
  state: DocumentUploadState;
  /** The service's words for a failure (`message`, `error`, `reason` or `detail`), or the unknown status itself. */
  reason?: string;
}

/** OAIDocsDeleteResponse. */
export interface DocumentsDeleted {
  docIds: string[];
}

/** OAIDocContentsResponse, the parts the app reads. */
export interface DocumentRawContent {
  docId: string;
  title: string;
  url?: string;
  chunks: Array<{ text: string; page?: number }>;
}
