/**
 * How the emulator frames a run's event stream; the `published` variant selects the real one.
 * - document (the interface document's picture): `data: {json}` lines and `: heartbeat` comments;
 *   every event carries an offset; `usage` comes before the run's end; ids are small integers.
 * - published (as the published schema's samples show the real service): `data: {json}` lines and
 *   a blank line only (no comments, no `event:`/`id:` fields); `tool_end` carries no offset;
 *   `init` has `run_id: ""`; the last `usage` follows `workflow_end`; conversation and message
 *   ids pass 2^53 (integers in the JSON, which a client must parse without rounding); the chat
 *   answer names the assistant message in the published header (ASSISTANT_MESSAGE_ID_HEADERS).
 * Both answer the same questions with the same run: only the framing differs.
 */
import type { Variant } from './variants.js';

export type StreamFraming = 'document' | 'published';

export function streamFramingOf(variant: Variant): StreamFraming {
  return variant === 'published' ? 'published' : 'document';
}

/**
 * The chat response's assistant-message-id header: the interface document's name, and the one the
 * published schema gives (the service puts its own name where the document writes SERVICE).
 */
export const ASSISTANT_MESSAGE_ID_HEADERS: Record<StreamFraming, string> = {
  document: 'X-SERVICE-ASSISTANT-MESSAGE-ID',
  published: 'X-REPORTIFY-ASSISTANT-MESSAGE-ID',
};

/** First ids handed out, per framing: the published ones are beyond 2^53 (2^53 = 9007199254740992). */
export const FIRST_IDS: Record<StreamFraming, { conversation: bigint; message: bigint }> = {
  document: { conversation: 1001n, message: 50001n },
  published: { conversation: 1197862772277383101n, message: 1197862772300000001n },
};
