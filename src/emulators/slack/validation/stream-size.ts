/**
 * The size Slack counts for a natively streamed message, and the check each stream method makes.
 * Slack documents no such limit. Assumed, from field reports: everything appended to the message
 * counts — markdown text as its UTF-8 bytes, and each task_update, plan_update and blocks chunk
 * (and chat.stopStream's blocks) as the UTF-8 bytes of its JSON — and a call that would take the
 * total past ~10.6 KB (the lowest size observed; streams top out at 10.6–11.3 KB) is refused with
 * `msg_too_long`, even when the text itself is short.
 * @see slack-facts §9 "Stream size" (task and plan chunks count toward a streamed message's size)
 * @see https://github.com/vercel/chat/pull/617 (msg_too_long at chat.stopStream from accumulated task JSON)
 */
import { SlackApiError } from '../errors.js';
import type { StreamChunk } from './chunks.js';
import { slackLimits } from './limits.js';

export interface StreamAddition {
  markdown?: string;
  chunks?: readonly StreamChunk[];
  /** chat.stopStream's `blocks`. */
  blocks?: readonly unknown[];
}

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The bytes one chunk adds to a streamed message. */
export function streamChunkBytes(chunk: StreamChunk): number {
  return chunk.type === 'markdown_text' ? utf8(chunk.text) : utf8(JSON.stringify(chunk));
}

/** The bytes a call adds: its markdown_text, its chunks and its blocks. */
export function streamAdditionBytes(addition: StreamAddition): number {
  let bytes = addition.markdown === undefined ? 0 : utf8(addition.markdown);
  for (const chunk of addition.chunks ?? []) bytes += streamChunkBytes(chunk);
  if (addition.blocks !== undefined && addition.blocks.length > 0) bytes += utf8(JSON.stringify(addition.blocks));
  return bytes;
}

/**
 * The bytes a stream holds: its text (every markdown_text, in either mode) plus the JSON of each
 * structured chunk it was sent.
 */
export function streamedBytes(text: string, chunks: readonly StreamChunk[]): number {
  let bytes = utf8(text);
  for (const chunk of chunks) if (chunk.type !== 'markdown_text') bytes += streamChunkBytes(chunk);
  return bytes;
}

/** Refuses (`msg_too_long`) a call that would take the message past the stream size limit. */
export function checkStreamSize(heldBytes: number, addition: StreamAddition): void {
  const total = heldBytes + streamAdditionBytes(addition);
  if (total <= slackLimits.streamMessageBytes) return;
  throw new SlackApiError('msg_too_long', {
    messages: [`streamed message would hold ${total} bytes; the limit is ${slackLimits.streamMessageBytes}`],
  });
}
