import type { CancelResult, Conversation, ConversationMessage } from './types.js';
import { asArray, asRecord, compact, isRecord, join, optNumber, optRecord, optString, reqInteger, reqString } from './read-shape.js';

/** Create-conversation and conversation-detail responses share these fields. */
export function normaliseConversation(raw: unknown): Conversation {
  const c = asRecord(raw, '');
  return compact<Conversation>({
    id: reqInteger(c, 'id', ''),
    userId: optNumber(c, 'user_id'),
    agentId: optNumber(c, 'agent_id'),
    type: optString(c, 'type') ?? optString(c, 'conversation_type'),
    title: optString(c, 'title'),
    status: optString(c, 'status'),
    url: optString(c, 'url'),
    sharedUrl: optString(c, 'shared_url'),
    createdAtMs: optNumber(c, 'created_at'),
    updatedAtMs: optNumber(c, 'updated_at'),
    meta: optRecord(c, 'meta'),
  });
}

export function normaliseMessages(raw: unknown): ConversationMessage[] {
  const body = asRecord(raw, '');
  return asArray(body.messages ?? [], 'messages').map((m, i) => normaliseMessage(m, join('messages', i)));
}

function normaliseMessage(raw: unknown, at: string): ConversationMessage {
  const m = asRecord(raw, at);
  const content = m.content;
  const text = typeof content === 'string' ? content : isRecord(content) ? optString(content, 'text') : undefined;
  return compact<ConversationMessage>({
    id: reqInteger(m, 'id', at),
    userId: optNumber(m, 'user_id'),
    conversationId: reqInteger(m, 'conversation_id', at),
    turnId: optNumber(m, 'turn_id'),
    role: reqString(m, 'role', at),
    replyToMessageId: optNumber(m, 'reply_to_message_id') ?? null,
    text,
    status: optString(m, 'status'),
    errorInfo: optRecord(m, 'error_info') ?? null,
    assistantMessageId: optString(m, 'assistant_message_id') ?? null,
    createdAtMs: optNumber(m, 'created_at'),
    updatedAtMs: optNumber(m, 'updated_at'),
  });
}

export function normaliseCancelResult(raw: unknown): CancelResult {
  const body = asRecord(raw, '');
  return { responseId: optString(body, 'response_id') ?? '', status: reqString(body, 'status', '') };
}
