/**
 * How full a native stream segment is, and what of the pending content fits in it. Slack counts
 * everything appended to a streamed message toward its size, not only the text: markdown as its
 * UTF-8 bytes and each task_update / plan_update / blocks chunk as the UTF-8 bytes of its JSON
 * (the measure assumed here; Slack documents none). Peers who counted only text got `msg_too_long`
 * at chat.stopStream after many task updates; streamed messages top out at 10.6–11.3 KB.
 * @see slack-facts §9 "Stream size"
 * @see https://github.com/vercel/chat/pull/617
 */
import type { StreamChunk } from './slack-writer.js';

/**
 * Slack's size limit for one streamed message, the lower end of what is reported. Equal to
 * SLACK_LIMITS.streamedMessageBytes (src/agent may not import src/slack; a test keeps the two equal).
 */
export const STREAMED_MESSAGE_BYTES = 10_600;

/**
 * Kept free in every segment for what chat.stopStream carries and for any gap between our count and
 * Slack's. The sink's stop carries no chunks, blocks or metadata today (the final answer is its own
 * message), so all of it is margin; a stop that sent some would have to fit in it.
 */
export const STOP_RESERVE_BYTES = 1_600;

/** The most a segment is ever filled to, whatever the sink's `rotateAtBytes` says (9,000). */
export const SEGMENT_MAX_BYTES = STREAMED_MESSAGE_BYTES - STOP_RESERVE_BYTES;

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The bytes one chunk adds to a streamed message. */
export function streamChunkBytes(chunk: StreamChunk): number {
  return chunk.type === 'markdown_text' ? utf8(chunk.text) : utf8(JSON.stringify(chunk));
}

/** The longest prefix of `text` within `maxBytes` UTF-8 bytes, cut between code points. */
export function fitBytes(text: string, maxBytes: number): string {
  if (utf8(text) <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const size = utf8(ch);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += ch.length;
  }
  return text.slice(0, end);
}

/** The text fields of a structured chunk, shortened in this order. */
const TRIMMABLE = ['output', 'details', 'title'] as const;

/**
 * A structured chunk cut down to `maxBytes` of JSON: its sources are left out, then its output,
 * details and title shortened, each ending in "…" so the cut shows. Undefined when even that
 * cannot fit.
 */
export function trimChunk(chunk: StreamChunk, maxBytes: number): StreamChunk | undefined {
  const out = { ...chunk } as Record<string, unknown>;
  const over = (): number => utf8(JSON.stringify(out)) - maxBytes;
  if (over() > 0) delete out.sources;
  for (const field of TRIMMABLE) {
    // JSON escapes make some characters cost more than their UTF-8 bytes: cut again until it fits.
    while (over() > 0) {
      const value = out[field];
      if (typeof value !== 'string' || value === '' || value === '…') break;
      const base = value.endsWith('…') ? value.slice(0, -1) : value;
      const cut = fitBytes(base, Math.max(0, utf8(base) - over() - 3));
      out[field] = cut === '' ? '…' : `${cut}…`;
    }
  }
  return over() <= 0 ? (out as unknown as StreamChunk) : undefined;
}

export interface SegmentWrite {
  /** The chunks to send now, in order. */
  chunks: StreamChunk[];
  /** The bytes they add to the segment. */
  bytes: number;
  /** The task chunks sent (as rendered, before any trimming), for the sink's record of what it sent. */
  tasks: StreamChunk[];
  /** The Markdown sent (a prefix of the pending delta). */
  piece: string;
  /** Chunks that had to be cut to fit an empty segment at all. */
  trimmed: number;
  /** Chunks that could not be cut to fit even an empty segment (the caller logs them). */
  dropped: StreamChunk[];
  /** Whether everything pending was sent; if not, the rest needs the next segment. */
  complete: boolean;
}

/**
 * What of the pending task chunks and Markdown delta fits in `room` bytes: tasks first (in order),
 * then as much Markdown as fits. Never more than `room`; in an empty segment never nothing: a
 * chunk too big for a whole segment is trimmed, Markdown is cut between code points and the rest
 * waits for the next segment.
 */
export function planSegmentWrite(tasks: readonly StreamChunk[], delta: string, room: number, segmentEmpty: boolean): SegmentWrite {
  const write: SegmentWrite = { chunks: [], bytes: 0, tasks: [], piece: '', trimmed: 0, dropped: [], complete: true };
  for (const task of tasks) {
    const bytes = streamChunkBytes(task);
    if (write.bytes + bytes <= room) {
      write.chunks.push(task);
      write.tasks.push(task);
      write.bytes += bytes;
      continue;
    }
    if (!(segmentEmpty && write.chunks.length === 0)) {
      write.complete = false;
      return write;
    }
    const trimmed = trimChunk(task, room);
    if (trimmed === undefined) {
      write.tasks.push(task);
      write.dropped.push(task);
      continue;
    }
    write.chunks.push(trimmed);
    write.tasks.push(task);
    write.bytes += streamChunkBytes(trimmed);
    write.trimmed += 1;
  }
  const piece = fitBytes(delta, Math.max(0, room - write.bytes));
  if (piece.length > 0) {
    write.chunks.push({ type: 'markdown_text', text: piece });
    write.bytes += utf8(piece);
    write.piece = piece;
  }
  write.complete = piece.length === delta.length;
  return write;
}
