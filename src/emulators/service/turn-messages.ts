import type { MessageRecord } from './agent-run-records.js';

export interface TurnMessagesInput {
  userId: number;
  conversationId: bigint;
  /** 1 for the conversation's first question. */
  turn: number;
  question: string;
  /** The run's id, which the assistant message carries. */
  assistantMessageId: string;
  now: number;
  /** Hands out the next message id (called for the user's message, then the assistant's). */
  nextMessageId: () => bigint;
}

/**
 * The two messages a question adds to its conversation: the user's, done, and the assistant's,
 * running until the run ends (and one millisecond younger, so newest-first lists put it first).
 */
export function turnMessages(input: TurnMessagesInput): { user: MessageRecord; assistant: MessageRecord } {
  const { userId, conversationId, turn, now } = input;
  const user: MessageRecord = {
    id: input.nextMessageId(),
    user_id: userId,
    conversation_id: conversationId,
    turn_id: turn,
    role: 'user',
    reply_to_message_id: null,
    content: { text: input.question },
    status: 'completed',
    error_info: null,
    assistant_message_id: null,
    created_at: now,
    updated_at: now,
    assistant_events: null,
  };
  const assistant: MessageRecord = {
    id: input.nextMessageId(),
    user_id: userId,
    conversation_id: conversationId,
    turn_id: turn,
    role: 'assistant',
    reply_to_message_id: user.id,
    content: null,
    status: 'running',
    error_info: null,
    assistant_message_id: input.assistantMessageId,
    created_at: now + 1,
    updated_at: now + 1,
    assistant_events: null,
  };
  return { user, assistant };
}
