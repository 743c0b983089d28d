/**
 * Counters of one event stream (or one stream=false read). Malformed events are skipped, never
 * fatal; this is where they show up.
 */
export interface EventStreamStats {
  /** Events handed to the consumer. */
  delivered: number;
  /** `data:` payloads (or JSON list items) that were not JSON or not a workflow stream event. */
  malformed: number;
  /** Events dropped: an offset already delivered, or a repeated event_id without offset. */
  duplicates: number;
  /** Comment lines (`: ping`) and empty or named heartbeat events. */
  heartbeats: number;
  /**
   * SSE lines the parser reported unreadable (unknown fields, bad retry values). Since
   * eventsource-parser 4 a line it can tell is invalid before its end arrives is dropped unreported,
   * so this counts only those complete when found.
   */
  ignoredLines: number;
  /** HTTP connections opened (including the chat response itself). */
  connections: number;
  /** Connections opened after the first. */
  reconnects: number;
}

export type StatsListener = (stats: Readonly<EventStreamStats>) => void;

export function createEventStreamStats(): EventStreamStats {
  return { delivered: 0, malformed: 0, duplicates: 0, heartbeats: 0, ignoredLines: 0, connections: 0, reconnects: 0 };
}
