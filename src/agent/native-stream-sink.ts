/**
 * Delivery by Slack's native chat streaming: Markdown deltas and task_update chunks appended to a
 * stream segment. A segment is rotated (stopped, and the next one started) well before Slack's
 * ~5 minute lifetime or ~11 KB size, a segment Slack ended on its own is replaced by a new one,
 * and when Slack refuses to stream at all the sink falls back to chat.update of the reply.
 * @see https://docs.slack.dev/reference/methods/chat.startStream
 */
import { createCoalescer } from './coalescer.js';
import type { RunSink } from './run-sink.js';
import { isSlackWriteError } from './slack-write-error.js';
import { SLACK_METHOD, type StreamChunk } from './slack-writer.js';
import { createUpdateSink, type RunTarget, type SinkDeps } from './update-sink.js';

export interface NativeStreamOptions {
  /** Rotate a segment older than this (Slack ends streams ~300 s after start). */
  rotateAfterMs: number;
  /** Rotate a segment holding more UTF-8 bytes than this (Slack holds ~11 KB per message). */
  rotateAtBytes: number;
  /** Streams outside DMs need a recipient. */
  recipientUserId?: string;
}

export const DEFAULT_NATIVE_STREAM_OPTIONS: NativeStreamOptions = { rotateAfterMs: 200_000, rotateAtBytes: 8_000 };

/** Slack errors that mean this segment no longer streams (start a new one). */
const SEGMENT_ENDED = new Set(['message_not_in_streaming_state', 'message_not_found', 'cant_update_message', 'streaming_state_conflict']);

interface Segment {
  ts: string;
  startedAtMs: number;
  bytes: number;
}

export function createNativeStreamSink(target: RunTarget, deps: SinkDeps, options: NativeStreamOptions): RunSink {
  let segment: Segment | undefined;
  let sentChars = 0;
  const sentTasks = new Map<string, string>();
  let fallback: RunSink | undefined;
  const inDm = target.channelId.startsWith('D');
  const log = deps.logger;

  const slot = (method: (typeof SLACK_METHOD)[keyof typeof SLACK_METHOD], since: number) => ({
    teamId: target.teamId,
    channelId: target.channelId,
    runId: target.runId,
    method,
    since,
  });

  const stopSegment = async (since: number, signal?: AbortSignal): Promise<void> => {
    const open = segment;
    if (!open) return;
    await deps.scheduler.schedule(
      slot(SLACK_METHOD.stopStream, since),
      async () => {
        try {
          await deps.slack.stopStream({ channel: target.channelId, ts: open.ts });
        } catch (error) {
          if (!(isSlackWriteError(error) && SEGMENT_ENDED.has(error.code))) throw error;
        }
      },
      signal,
    );
    segment = undefined;
    await deps.events.onSegmentStopped?.(open.ts);
  };

  const pendingChunks = (markdown: string, view: Parameters<SinkDeps['renderer']['taskChunks']>[0]) => {
    const tasks = deps.renderer.taskChunks(view).filter((c) => {
      return sentTasks.get(chunkId(c)) !== JSON.stringify(c);
    });
    const delta = markdown.length > sentChars ? markdown.slice(sentChars) : '';
    return { tasks, delta };
  };

  const coalescer = createCoalescer({
    metrics: deps.metrics,
    logger: deps.logger,
    clock: deps.clock,
    write: async (handle) => {
      const now = deps.clock();
      if (segment && (now - segment.startedAtMs > options.rotateAfterMs || segment.bytes >= options.rotateAtBytes)) {
        await stopSegment(handle.since, handle.signal);
        return;
      }
      if (!segment && !hasSomethingToStream()) {
        // chat.startStream is Tier 2 (one slot every ~3 s): never spend a slot on an empty start,
        // or a short run would find its only slot gone and never stream.
        handle.shown(handle.take());
        return;
      }
      const method = segment ? SLACK_METHOD.appendStream : SLACK_METHOD.startStream;
      await deps.scheduler.schedule(
        slot(method, handle.since),
        async () => {
          const content = handle.take();
          const markdown = deps.renderer.streamMarkdown(content.view);
          const { tasks, delta } = pendingChunks(markdown, content.view);
          // Send only what fits in this segment; the rest goes to the next one.
          const room = options.rotateAtBytes - (segment?.bytes ?? 0);
          const piece = fitBytes(delta, Math.max(room, 1));
          const chunks: StreamChunk[] = [...tasks];
          if (piece.length > 0) chunks.push({ type: 'markdown_text', text: piece });
          if (chunks.length === 0) {
            handle.shown(content);
            return;
          }
          const bytes = Buffer.byteLength(piece, 'utf8');
          try {
            if (!segment) {
              await deps.events.onSegmentStarting?.();
              const { ts } = await deps.slack.startStream({
                channel: target.channelId,
                threadTs: target.threadTs,
                chunks,
                ...(!inDm && options.recipientUserId ? { recipientUserId: options.recipientUserId, recipientTeamId: target.teamId } : {}),
              });
              segment = { ts, startedAtMs: deps.clock(), bytes };
              await deps.events.onSegmentStarted?.(ts);
            } else {
              await deps.slack.appendStream({ channel: target.channelId, ts: segment.ts, chunks });
              segment.bytes += bytes;
            }
          } catch (error) {
            if (isSlackWriteError(error) && error.outcome === 'unknown' && !segment) {
              deps.events.onStraySegmentPossible?.();
            }
            if (isSlackWriteError(error) && error.outcome === 'unknown' && segment) {
              // The append may have landed; resending could repeat text. Count it as sent (the
              // final render rewrites everything anyway).
              log.warn('native stream append outcome unknown; not resending', { runId: target.runId });
            } else {
              handle.restore(content);
              if (isSlackWriteError(error) && !error.rateLimited && error.outcome === 'failed') {
                if (segment && SEGMENT_ENDED.has(error.code)) {
                  // Slack ended the segment (age, idle or size): the next write starts a new one.
                  const ended = segment;
                  segment = undefined;
                  await deps.events.onSegmentStopped?.(ended.ts);
                  return;
                }
                if (!segment) {
                  switchToUpdates(error.code, content.view, content.since);
                  return;
                }
              }
              throw error;
            }
          }
          sentChars += piece.length;
          for (const c of tasks) sentTasks.set(chunkId(c), JSON.stringify(c));
          if (piece.length < delta.length) handle.restore({ ...content, events: 0 });
          else handle.shown(content);
          await deps.events.onShown(content.view);
        },
        handle.signal,
      );
    },
  });

  const hasSomethingToStream = (): boolean => {
    const view = coalescer.latest();
    if (!view) return false;
    const { tasks, delta } = pendingChunks(deps.renderer.streamMarkdown(view), view);
    return tasks.length > 0 || delta.length > 0;
  };

  const switchToUpdates = (code: string, view: Parameters<RunSink['offer']>[0], since: number): void => {
    log.warn('slack refused a native stream; falling back to message updates', { runId: target.runId, code });
    fallback = createUpdateSink(target, deps);
    fallback.offer(view, since);
    void coalescer.close();
  };

  return {
    get path() {
      return fallback ? 'update' : 'native';
    },
    offer(view, at) {
      if (fallback) fallback.offer(view, at);
      else coalescer.offer(view, at);
    },
    pendingSince: () => (fallback ? fallback.pendingSince() : coalescer.pendingSince()),
    async close() {
      await coalescer.close();
      if (fallback) await fallback.close();
      await stopSegment(deps.clock());
    },
  };
}

/** The longest prefix of `text` within `maxBytes` UTF-8 bytes, cut between code points. */
export function fitBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += ch.length;
  }
  return text.slice(0, end);
}

function chunkId(chunk: StreamChunk): string {
  const id = (chunk as { id?: unknown }).id;
  return typeof id === 'string' ? id : JSON.stringify(chunk);
}
