import type { EventCursor } from './event-cursor.js';
import type { StatsListener } from './event-stream-stats.js';

export interface StreamObserverOptions {
  /** Called with a snapshot of the counters whenever one changes, and once when the stream ends. */
  onStats?: StatsListener;
}

export interface ReadEventsOptions extends StreamObserverOptions {
  /** Events at or after this offset are returned (the service's from_offset); ignored with a cursor. */
  fromOffset?: number;
  /**
   * The caller's position in the run's events: only events it has not seen are returned, and a
   * stream resumes from its offset + 1. Pass the same cursor to every read of one run.
   */
  cursor?: EventCursor;
  signal?: AbortSignal;
}

export interface ChatStreamOptions extends StreamObserverOptions {
  /** The run's cursor (see ReadEventsOptions.cursor); the chat's own stream admits through it. */
  cursor?: EventCursor;
}
