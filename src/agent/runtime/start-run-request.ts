export interface StartRunRequest {
  teamId: string;
  channelId: string;
  /** The thread the run lives in (the asker's message ts for a new thread). */
  threadTs: string;
  askerUserId: string;
  /** The asker's workspace when another organisation's (Slack Connect): streams are addressed to it. */
  askerTeamId?: string;
  question: string;
  /** Passed to the chat as `documents` (doc_id, doc_title, file_type). */
  documents?: Array<{ docId: string; docTitle: string; fileType?: string }>;
  /** A reply the listener already posted in the thread, to update instead of posting one. */
  replyTs?: string;
  /**
   * What triggered the run (Slack event id or message ts). Runs with the same request id are the
   * same run: a redelivered event resumes it instead of starting a second one.
   */
  requestId?: string;
}

export type StartRunResult = { runId: string; started: boolean; reason?: 'already_running' | 'already_finished' };
