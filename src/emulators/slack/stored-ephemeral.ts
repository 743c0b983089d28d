export interface StoredEphemeral {
  ts: string;
  channel: string;
  /** The user who sees it. */
  user: string;
  text: string;
  blocks?: unknown[];
  thread_ts?: string;
  edits: number;
  deleted: boolean;
  /** What produced it: chat.postEphemeral, a response_url post, or a slash command's ack body. */
  source: 'api' | 'response_url' | 'ack';
  /**
   * Why the user never sees it: Slack shows an ephemeral posted to a thread only when that thread
   * already exists (the message has replies, or is one). Kept for the record; ephemeralFor() skips it.
   */
  hidden?: 'inactive_thread';
  at: number;
}
