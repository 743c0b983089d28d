import pRetry, { AbortError } from 'p-retry';
import { ServiceError } from '../errors/service-error.js';
import type { OpenedResponse, Requester } from '../request.js';
import { anySignal, classifyTransportError } from '../request.js';
import { discardBody } from './discard-body.js';
import { createEventCursor, type EventCursor } from './event-cursor.js';
import { createEventStreamStats, type EventStreamStats, type StatsListener } from './event-stream-stats.js';
import { readEventSegment } from './read-event-segment.js';
import { RUN_ENDING_EVENT_TYPES, type WorkflowStreamEvent } from './workflow-event-schema.js';

/**
 * Reconnection of a dropped event stream: bounded attempts, reset whenever events arrive. This is
 * the only place that reattaches to a run's events (the relay above it does not retry).
 */
export interface StreamReconnectPolicy {
  /** Connection attempts in a row without a new event before giving up. */
  maxAttempts: number;
  minDelayMs: number;
  maxDelayMs: number;
  /** A stream silent this long (no bytes, not even heartbeats) counts as dropped. */
  idleTimeoutMs: number;
}

// 16 attempts with the delay capped at 5 s ride out about a minute of outage, as the relay's own
// reattach loop over this one used to before reconnection had a single owner.
export const defaultStreamReconnect: StreamReconnectPolicy = Object.freeze({
  maxAttempts: 16,
  minDelayMs: 250,
  maxDelayMs: 5_000,
  idleTimeoutMs: 120_000,
});

/** Live events of one assistant message, with counters readable at any time. */
export interface EventStream extends AsyncIterable<WorkflowStreamEvent> {
  readonly stats: Readonly<EventStreamStats>;
}

export interface FollowRequest {
  conversationId: string;
  assistantMessageId: string;
  fromOffset?: number;
  /** The caller's cursor (one per run); without it the stream keeps its own from `fromOffset`. */
  cursor?: EventCursor;
  signal?: AbortSignal;
  correlationId?: string;
  onStats?: StatsListener;
  /** An already open stream to read first (the chat response); endpoint 15 takes over after it. */
  initial?: OpenedResponse;
}

export interface FollowDeps {
  req: Requester;
  reconnect: StreamReconnectPolicy;
  /** Whether the run has finished per the conversation's message list (status completed/cancelled/…). */
  isRunFinished: (conversationId: string, assistantMessageId: string, signal?: AbortSignal) => Promise<boolean>;
}

export function eventsPath(conversationId: string, assistantMessageId: string): string {
  return `/v1/agent/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(assistantMessageId)}`;
}

type Segment =
  | { ended: true }
  | { ended: false; events: AsyncIterator<WorkflowStreamEvent>; first: WorkflowStreamEvent; body: OpenedResponse['body'] };

/**
 * Follows a run through endpoint 15 until it ends: the service closes the stream after a run-ending
 * event (workflow_end, cancel; trailing events such as `usage` are still delivered), or a
 * connection closes with nothing new while the message list says the run is finished. An `error`
 * event passes like any other: the run may go on after it, and if it was the end, the stream
 * closes and the message list says so. A drop (socket error, idle timeout, 5xx/429 on reconnect, a
 * clean close mid-run) reconnects with from_offset = last offset + 1, backing off with p-retry;
 * auth, not-found and validation errors end the stream with that error. Events without an offset
 * pass through but do not move the resume point; the cursor drops what was seen before (one
 * cursor per run: see event-cursor.ts for the rule).
 */
export function followEvents(deps: FollowDeps, r: FollowRequest): EventStream {
  const stats = createEventStreamStats();
  const onChange = (): void => r.onStats?.({ ...stats });
  const cursor = r.cursor ?? createEventCursor(Math.max(0, r.fromOffset ?? 0) - 1);
  const { req } = deps;
  const logger = req.ctx.logger?.child({
    component: 'event-stream',
    conversationId: r.conversationId,
    assistantMessageId: r.assistantMessageId,
    ...(r.correlationId ? { correlationId: r.correlationId } : {}),
  });
  const path = eventsPath(r.conversationId, r.assistantMessageId);
  const spec = { method: 'GET' as const, path, opts: { ...(r.signal ? { signal: r.signal } : {}) } };
  let pending = r.initial;
  let currentBody: OpenedResponse['body'] | undefined;

  const connect = async (): Promise<OpenedResponse> => {
    if (stats.connections > 0) stats.reconnects += 1;
    stats.connections += 1;
    onChange();
    if (pending) {
      const res = pending;
      pending = undefined;
      return res;
    }
    return req.open({
      ...spec,
      query: { stream: true, from_offset: cursor.lastOffset + 1 },
      accept: 'text/event-stream',
      idleTimeoutMs: deps.reconnect.idleTimeoutMs,
    });
  };

  /**
   * Opens connections until one yields a new event or the run is known to be over: after a
   * run-ending event (`endSeen`), or per the message list.
   */
  const nextSegment = (endSeen: boolean): Promise<Segment> =>
    pRetry(
      async () => {
        try {
          const res = await connect();
          currentBody = res.body;
          const events = readEventSegment(res.body, { cursor, stats, onChange, ...(logger ? { logger } : {}) });
          const first = await events.next();
          if (!first.done) return { ended: false, events, first: first.value, body: res.body };
          if (endSeen || (await deps.isRunFinished(r.conversationId, r.assistantMessageId, r.signal))) return { ended: true };
          throw new ServiceError('network', 'event stream closed before the run ended', { method: 'GET', path });
        } catch (error) {
          const se = classifyTransportError(error, req.ctx, spec, false);
          if (!se.retryable) throw new AbortError(se);
          throw se;
        }
      },
      {
        retries: Math.max(0, deps.reconnect.maxAttempts - 1),
        factor: 2,
        minTimeout: deps.reconnect.minDelayMs,
        maxTimeout: Math.max(deps.reconnect.minDelayMs, deps.reconnect.maxDelayMs),
        randomize: true,
        ...(r.signal ? { signal: r.signal } : {}),
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          const se = error as ServiceError;
          logger?.warn('event stream interrupted, reconnecting', { kind: se.kind, status: se.status, attempt: attemptNumber });
          if (se.kind === 'rate_limited' && se.retryAfterMs !== undefined && retriesLeft > 0) {
            await req.ctx.sleep(Math.min(se.retryAfterMs, deps.reconnect.maxDelayMs * 4), anySignal([r.signal, req.ctx.lifetime]));
          }
        },
      },
    );

  async function* run(): AsyncGenerator<WorkflowStreamEvent> {
    let endSeen = false;
    try {
      for (;;) {
        let segment: Segment;
        try {
          segment = await nextSegment(endSeen);
        } catch (error) {
          throw classifyTransportError(error, req.ctx, spec, false);
        }
        if (segment.ended) return;
        endSeen ||= RUN_ENDING_EVENT_TYPES.has(segment.first.event_type);
        yield segment.first;
        try {
          for (;;) {
            const next = await segment.events.next();
            if (next.done) break;
            endSeen ||= RUN_ENDING_EVENT_TYPES.has(next.value.event_type);
            yield next.value;
          }
        } catch (error) {
          const se = classifyTransportError(error, req.ctx, spec, false);
          if (!se.retryable) throw se;
          // Even after the run's end: events may trail it, and a reconnect from the offset brings them.
          logger?.debug('event stream dropped', { kind: se.kind, lastOffset: cursor.lastOffset });
          continue;
        }
        // A clean close after the run's end is the end; mid-run, reconnect to learn whether the run is over.
        if (endSeen) return;
      }
    } finally {
      discardBody(currentBody);
      discardBody(pending?.body);
      onChange();
    }
  }

  let started: AsyncGenerator<WorkflowStreamEvent> | undefined;
  return {
    stats,
    [Symbol.asyncIterator]() {
      // One run per stream: a second iteration continues the first rather than replaying.
      started ??= run();
      return started;
    },
  };
}
