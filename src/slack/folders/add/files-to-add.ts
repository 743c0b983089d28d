/** The files of one Slack message, and where the user added them from (where progress is told). */
export interface FilesToAdd {
  teamId: string;
  userId: string;
  /** The conversation of the message holding the files. */
  channelId: string;
  /** The thread progress is told in: the file message's own ts (or its thread's). */
  threadTs?: string;
  /** Slack file ids and names as the message carried them (the names are untrusted text). */
  files: Array<{ id: string; name: string }>;
}
