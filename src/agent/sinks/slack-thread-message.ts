import type { KnownBlock } from '../../slack-api/slack-message.js';

/** A thread message as conversations.replies returns it (only what the relay reads). */
export interface SlackThreadMessage {
  ts: string;
  text?: string;
  blocks?: KnownBlock[];
  user?: string;
  botId?: string;
  metadata?: { event_type?: string; event_payload?: Record<string, unknown> };
  /** Ids of the files the message shares (a report file shared into the thread). */
  fileIds?: string[];
}
