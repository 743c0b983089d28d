/**
 * Delivery by Slack's native chat streaming: Markdown deltas and task_update chunks appended to a
 * stream segment. A segment is rotated (stopped, and the next one started) well before Slack's
 * ~5 minute lifetime or ~11 KB size — every chunk counts toward the size, task updates as much as
 * text (stream-segment-size.ts) — a segment Slack ended on its own is replaced by a new one, and
 * when Slack refuses to stream at all the sink falls back to chat.update of the reply.
 * @see https://docs.slack.dev/reference/methods/chat.startStream
 */
import { createCoalescer } from './coalescer.js';
import type { RunSink } from './run-sink.js';
import { isSlackCallError, isSlackRefusal } from '../../slack-api/slack-call-error.js';
import { SLACK_METHOD, type StreamChunk } from './slack-writer.js';
import { SEGMENT_MAX_BYTES, planSegmentWrite } from './stream-segment-size.js';
import { createUpdateSink, type RunTarget, type SinkDeps } from './update-sink.js';

export interface NativeStreamOptions {
  /** Rotate a segment older than this (Slack ends streams ~300 s after start). */
  rotateAfterMs: number;
  /**
   * Fill a segment to at most this many bytes of chunks (text, task updates, all of it), then
   * rotate. Never more than SEGMENT_MAX_BYTES, which leaves room below Slack's ~10.6 KB for the stop.
   */
  rotateAtBytes: number;
  /** Streams outside DMs need a recipient. */
  recipientUserId?: string;
  /** The recipient's own team: another organisation's for a Slack Connect asker (default: the run's team). */
  recipientTeamId?: string;
}

export const DEFAULT_NATIVE_STREAM_OPTIONS: NativeStreamOptions = { rotateAfterMs: 200_000, rotateAtBytes: 8_000 };

/** Slack errors that mean this segment no longer streams (start a new one). */
const SEGMENT_ENDED = new Set(['message_not_in_streaming_state', 'message_not_found', 'cant_update_message', 'streaming_state_conflict']);

interface Segment {
  ts: string;
  startedAtMs: number;
  /** Bytes of every chunk sent to it (stream-segment-size.ts). */
  bytes: number;
  /** Pending content did not fit: the next write rotates. */
  full: boolean;
}

export function createNativeStreamSink(target: RunTarget, deps: SinkDeps, options: NativeStreamOptions): RunSink {
  let segment: Segment | undefined;
  let sentChars = 0;
  const sentTasks = new Map<string, string>();
  let fallback: RunSink | undefined;
  const inDm = target.channelId.startsWith('D');
  const log = deps.logger;
  const segmentBytes = Math.min(options.rotateAtBytes, SEGMENT_MAX_BYTES);

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
          if (isSlackCallError(error) && error.code === 'msg_too_long') {
            // Slack counted more than we did; the segment ends on its own (or is deleted at the end).
            log.warn('slack refused to stop a native stream segment as too long; leaving it to expire', {
              runId: target.runId,
              bytes: open.bytes,
            });
          } else if (!(isSlackCallError(error) && SEGMENT_ENDED.has(error.code))) throw error;
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
    timers: deps.timers,
    write: async (handle) => {
      const now = deps.clock();
      if (segment && (now - segment.startedAtMs > options.rotateAfterMs || segment.full || segment.bytes >= segmentBytes)) {
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
          // Send only what fits in this segment, task updates counted as much as text; the rest
          // goes to the next one.
          const write = planSegmentWrite(tasks, delta, segmentBytes - (segment?.bytes ?? 0), !segment);
          const { chunks, piece, bytes } = write;
          if (write.trimmed > 0 || write.dropped.length > 0) {
            log.warn('native stream chunk larger than a segment; sent it cut short', {
              runId: target.runId,
              trimmed: write.trimmed,
              dropped: write.dropped.length,
              segmentBytes,
            });
          }
          if (chunks.length === 0) {
            for (const c of write.tasks) sentTasks.set(chunkId(c), JSON.stringify(c));
            if (segment && (tasks.length > 0 || delta.length > 0)) {
              segment.full = true;
              handle.restore({ ...content, events: 0 });
            } else handle.shown(content);
            return;
          }
          try {
            if (!segment) {
              await deps.events.onSegmentStarting?.();
              const { ts } = await deps.slack.startStream({
                channel: target.channelId,
                threadTs: target.threadTs,
                chunks,
                ...(!inDm && options.recipientUserId
                  ? { recipientUserId: options.recipientUserId, recipientTeamId: options.recipientTeamId ?? target.teamId }
                  : {}),
              });
              segment = { ts, startedAtMs: deps.clock(), bytes, full: false };
              await deps.events.onSegmentStarted?.(ts);
            } else {
              await deps.slack.appendStream({ channel: target.channelId, ts: segment.ts, chunks });
              segment.bytes += bytes;
            }
          } catch (error) {
            if (isSlackCallError(error) && error.outcome === 'unknown' && !segment) {
              deps.events.onStraySegmentPossible?.();
            }
            if (isSlackCallError(error) && error.outcome === 'unknown' && segment) {
              // The append may have landed; resending could repeat text. Count it as sent (the
              // final render rewrites everything anyway).
              log.warn('native stream append outcome unknown; not resending', { runId: target.runId });
              segment.bytes += bytes;
            } else {
              handle.restore(content);
              if (isSlackRefusal(error) && error.code === 'msg_too_long' && segment) {
                // Slack counts this segment fuller than we do: what did not fit goes to the next one.
                log.warn('slack found a native stream segment too long; rotating', { runId: target.runId, bytes: segment.bytes });
                segment.full = true;
                return;
              }
              if (isSlackRefusal(error)) {
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
          for (const c of write.tasks) sentTasks.set(chunkId(c), JSON.stringify(c));
          if (!write.complete) {
            if (segment) segment.full = true;
            handle.restore({ ...content, events: 0 });
          } else handle.shown(content);
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

/** Kept here too: callers and tests import it from the sink. */
export { fitBytes } from './stream-segment-size.js';

function chunkId(chunk: StreamChunk): string {
  const id = (chunk as { id?: unknown }).id;
  return typeof id === 'string' ? id : JSON.stringify(chunk);
}
