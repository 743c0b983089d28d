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
  /** The workspace the file belongs to (a person's share: the sharer's); only its bot reads the bytes. */
  teamId?: string;
  /** Who shared it (a person's share; a bot upload is the bot's). */
  user?: string;
  /** Unix seconds. */
  created?: number;
  /** As the sharer's client sent it (else derived from the name). */
  mimetype?: string;
  /** Deleted in Slack: files.info answers file_deleted, url_private 404, messages show a tombstone. */
  deleted?: boolean;
}
