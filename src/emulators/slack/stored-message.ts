import type { StreamChunk } from './validation/chunks.js';
import type { MessageMetadata } from './validation/metadata.js';

export interface StoredMessage {
  type: 'message';
  ts: string;
  channel: string;
  user: string;
  bot_id?: string;
  app_id?: string;
  team: string;
  subtype?: string;
  text: string;
  blocks?: unknown[];
  attachments?: unknown[];
  metadata?: MessageMetadata;
  thread_ts?: string;
  reply_count: number;
  reply_users: string[];
  latest_reply?: string;
  /** How many times the message was edited (chat.update / replace_original). */
  edits: number;
  edited?: { user: string; ts: string };
  reactions: Reaction[];
  files?: MessageFile[];
  streaming?: StreamInfo;
  /**
   * Which feedback button each user pressed, by user id then action_id. Slack shows the pressed
   * 👍/👎 to the clicker only (the other users' buttons stay as they were); the app is never told.
   */
  feedback?: Record<string, Record<string, FeedbackChoice>>;
  /** Only in channelMessages(): the thread's replies in order. */
  replies?: StoredMessage[];
}

/**
 * A file as a message carries it: Slack's file object (id, name, title, mimetype, filetype, size,
 * url_private, …), or `{id, mode: 'tombstone'}` once the file was deleted.
 * @see https://docs.slack.dev/reference/objects/file-object
 */
export interface MessageFile {
  id: string;
  mode?: string;
  name?: string;
  title?: string;
  size?: number;
  mimetype?: string;
  filetype?: string;
  permalink?: string;
  url_private?: string;
  url_private_download?: string;
  [field: string]: unknown;
}

export interface StreamInfo {
  state: 'streaming' | 'stopped';
  /** Why it is no longer streaming: stopStream, lifetime, idle or size. */
  endReason?: 'stopped' | 'lifetime' | 'idle' | 'max_chars';
  mode?: 'markdown_text' | 'chunks';
  recipientUserId?: string;
  recipientTeamId?: string;
  taskDisplayMode: string;
  startedAt: number;
  lastActivityAt: number;
  appends: number;
  chunks: StreamChunk[];
  tasks: Record<string, Record<string, unknown>>;
  plan?: string;
}

export interface Reaction {
  name: string;
  users: string[];
  count: number;
}

export type FeedbackChoice = 'positive' | 'negative';
