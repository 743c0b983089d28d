/**
 * Slack thread → service conversation (follow-ups continue it), and conversation → owning
 * workspace, the authority for /research replay (the service key is shared by the workspace, so
 * only conversations started from it may be replayed there).
 */
import { keys, TTL } from './keys.js';
import { storedConversationId } from './conversation-id.js';
import { readJsonRecord } from './json-record.js';
import type { ThreadConversation } from './records.js';
import type { StateStore } from './state-store.js';

export interface ConversationOwner {
  teamId: string;
  channelId: string;
  threadTs: string;
  /** Who started it; absent on records written before it was kept. */
  askerUserId?: string;
}

export class ThreadConversations {
  constructor(
    private readonly store: StateStore,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(teamId: string, channelId: string, threadTs: string): Promise<ThreadConversation | null> {
    const record = await readJsonRecord<ThreadConversation>(this.store, keys.thread(teamId, channelId, threadTs));
    return record && { ...record, conversationId: storedConversationId(record.conversationId) };
  }

  /** Records the mapping (refreshing its TTL) and the conversation's owner. */
  async save(mapping: Omit<ThreadConversation, 'createdAtMs'> & { createdAtMs?: number }): Promise<ThreadConversation> {
    const record: ThreadConversation = { ...mapping, createdAtMs: mapping.createdAtMs ?? this.clock() };
    const owner: ConversationOwner = {
      teamId: record.teamId,
      channelId: record.channelId,
      threadTs: record.threadTs,
      ...(record.askerUserId ? { askerUserId: record.askerUserId } : {}),
    };
    await this.store.set(keys.conversation(record.teamId, record.conversationId), JSON.stringify(owner), TTL.conversationMs);
    await this.store.set(keys.thread(record.teamId, record.channelId, record.threadTs), JSON.stringify(record), TTL.threadMs);
    return record;
  }

  /** Where in this workspace the conversation was started from, or null when not from it. */
  async owner(teamId: string, conversationId: string): Promise<ConversationOwner | null> {
    const owner =
      (await readJsonRecord<ConversationOwner>(this.store, keys.conversation(teamId, conversationId))) ??
      // Recorded before the team was part of the key: its value still names the owner.
      (await readJsonRecord<ConversationOwner>(this.store, keys.legacyConversation(conversationId)));
    return owner?.teamId === teamId ? owner : null;
  }

  /** Whether `teamId` may read this conversation (replay authorization). */
  async isOwnedBy(conversationId: string, teamId: string): Promise<boolean> {
    return (await this.owner(teamId, conversationId)) !== null;
  }
}
