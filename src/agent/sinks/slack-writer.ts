/**
 * The narrow seam between the relay and Slack's Web API: only the writes (and the one read) the
 * relay makes. `web-client-writer.ts` implements it over @slack/web-api; `recording-slack-writer.ts`
 * keeps messages in memory for the offline render tool. Every method rejects with a
 * `SlackCallError`.
 */
import type { AnyChunk } from '@slack/types';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import type { RunMessageMetadata } from './run-message-metadata.js';
import type { SlackThreadMessage } from './slack-thread-message.js';

/** A chunk of a native stream (@see https://docs.slack.dev/messaging/sending-and-scheduling-messages#text-streaming). */
export type StreamChunk = AnyChunk;

/** @see https://docs.slack.dev/reference/methods/agents.sessions.setStatus */
export type AgentSessionStatus = 'active' | 'processing' | 'suspended' | 'closed';

/** The one message shape, carrying the run's metadata. */
export type RunMessage = SlackMessage & { metadata?: RunMessageMetadata };

export type { SlackThreadMessage } from './slack-thread-message.js';

/** One page of conversations.replies. */
export interface ThreadPage {
  messages: SlackThreadMessage[];
  nextCursor?: string;
}

export interface SlackWriter {
  postMessage(args: { channel: string; threadTs: string } & RunMessage): Promise<{ ts: string }>;
  update(args: { channel: string; ts: string } & RunMessage): Promise<void>;
  delete(args: { channel: string; ts: string }): Promise<void>;
  startStream(args: {
    channel: string;
    threadTs: string;
    chunks: StreamChunk[];
    recipientUserId?: string;
    recipientTeamId?: string;
  }): Promise<{ ts: string }>;
  appendStream(args: { channel: string; ts: string; chunks: StreamChunk[] }): Promise<void>;
  stopStream(args: { channel: string; ts: string; chunks?: StreamChunk[]; metadata?: RunMessageMetadata }): Promise<void>;
  /**
   * One page of a thread's messages (conversations.replies with metadata), from `oldestTs` on when
   * given; `nextCursor` when there is more. One page is one call under Slack's rate tier: the
   * caller pages, each page in its own turn of the budget.
   */
  replies(args: { channel: string; threadTs: string; oldestTs?: string; cursor?: string }): Promise<ThreadPage>;
  /** assistant.threads.setStatus; an empty status clears it. Loading messages rotate in the client. */
  setStatus(args: { channel: string; threadTs: string; status: string; loadingMessages?: string[] }): Promise<void>;
  /** agents.sessions.setStatus: `processing` shows the native Stop button. */
  setSessionStatus(args: { channel: string; threadTs: string; status: AgentSessionStatus }): Promise<void>;
  /**
   * Slack's external upload, in its three steps so the caller can record the file id between them:
   * files.getUploadURLExternal, the bytes to the upload URL (not a Web API method: no rate limit,
   * and sending them again only replaces them), files.completeUploadExternal sharing into the thread.
   * @see https://docs.slack.dev/messaging/working-with-files#uploading_files
   */
  getUploadUrl(args: { filename: string; length: number }): Promise<{ uploadUrl: string; fileId: string }>;
  uploadBytes(args: { uploadUrl: string; filename: string; content: string }): Promise<void>;
  completeUpload(args: { fileId: string; title: string; channel: string; threadTs: string; initialComment?: string }): Promise<void>;
}

/** The Web API method each writer call maps to (budgets and metrics are keyed by it). */
export { SLACK_METHOD, type SlackMethod } from '../../slack-api/slack-method.js';
