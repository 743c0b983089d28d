import { z } from 'zod';
import { compact } from './compact.js';
import { listOf, optionalId, optionalNumber, optionalRecord, optionalString, wireId, wireString } from './wire-fields.js';

/** `content` is nullable; samples give `{text}`, and a plain string is read as the text. */
const messageText = z
  .union([z.string(), z.object({ text: optionalString }).transform((c) => c.text)])
  .optional()
  .catch(undefined);

/** An item of a conversation's messages (newest first). Ids are decimal text (they may pass 2^53). */
export const conversationMessageSchema = z
  .object({
    id: wireId,
    user_id: optionalId,
    conversation_id: wireId,
    turn_id: optionalNumber,
    role: wireString,
    reply_to_message_id: optionalId,
    content: messageText,
    status: optionalString,
    error_info: optionalRecord,
    assistant_message_id: optionalString,
    created_at: optionalNumber,
    updated_at: optionalNumber,
  })
  .transform((m) =>
    compact({
      id: m.id,
      userId: m.user_id,
      conversationId: m.conversation_id,
      turnId: m.turn_id,
      /** 'user' or 'assistant' in the interface; other roles pass through. */
      role: m.role,
      /** Null for user messages; the user message's id for assistant messages. */
      replyToMessageId: m.reply_to_message_id ?? null,
      text: m.content,
      status: m.status,
      errorInfo: m.error_info ?? null,
      /** Null for user messages. */
      assistantMessageId: m.assistant_message_id ?? null,
      createdAtMs: m.created_at,
      updatedAtMs: m.updated_at,
    }),
  );

/** Response of listing a conversation's messages: `{messages: [...]}`. */
export const conversationMessageListSchema = z.object({ messages: listOf(conversationMessageSchema) }).transform((body) => body.messages);

/**
 * Response of reading a run's events with stream=false: `{assistant_events: [...]}`. Each event is
 * checked on its own by the event parser, so one bad event is skipped, not the whole answer.
 */
export const assistantEventListSchema = z.object({ assistant_events: listOf(z.unknown()) }).transform((body) => body.assistant_events);
