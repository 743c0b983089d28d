export interface StoredFile {
  id: string;
  filename: string;
  title?: string;
  length: number;
  uploadedBytes?: number;
  /** The uploaded bytes (base64, so the state file can hold them); read back with fileText(). */
  contentBase64?: string;
  completed: boolean;
  /** Processing finished and the file's share message is in its channel or thread. */
  shared?: boolean;
  thread_ts?: string;
  channel?: string;
  ts?: string;
  alt_text?: string;
  snippet_type?: string;
}
