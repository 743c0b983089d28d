import type { WorkflowStreamEvent } from './workflow-event-schema.js';

/**
 * Where a reader of one run's events stands, and the one place that drops an event already
 * handed on. A caller that follows a run across several reads (the relay: the chat stream, a
 * re-read after a restart, a reconnect) passes the same cursor to each, so every event reaches it
 * once and the offset has one owner.
 *
 * The rule, for the two kinds of event the real service sends:
 * - An event with an `offset` moves the resume point: a reconnect asks from `lastOffset + 1`, and
 *   an event at or below `lastOffset` is a repeat (the service repeats on resume, a replay may
 *   overlap).
 * - An event without one (the published schema's sample `tool_end` has none; `usage` often) can
 *   be neither ordered nor asked for again, so it never moves the resume point. It passes in
 *   arrival order, once per `event_id`: its id is remembered for the cursor's whole life, because
 *   the service may send it again on any later connection (it belongs to no offset range). A run
 *   has a few hundred such events at most; past MAX_IDS_WITHOUT_OFFSET the oldest are forgotten.
 * - A re-read from offset 0 after a restart uses a fresh cursor, so it rebuilds the run whole.
 */
export interface EventCursor {
  /** Highest offset admitted (or the starting bound); -1 before any. */
  readonly lastOffset: number;
  /** True (and the cursor moves) for an event not seen before; false for a duplicate. */
  admit(event: WorkflowStreamEvent): boolean;
}

/** Far above what one run sends; only a runaway stream reaches it. */
export const MAX_IDS_WITHOUT_OFFSET = 20_000;

export function createEventCursor(afterOffset = -1): EventCursor {
  let last = afterOffset;
  const seenWithoutOffset = new Set<string>();
  return {
    get lastOffset() {
      return last;
    },
    admit(event) {
      if (event.offset !== undefined) {
        if (event.offset <= last) return false;
        last = event.offset;
        return true;
      }
      if (seenWithoutOffset.has(event.event_id)) return false;
      seenWithoutOffset.add(event.event_id);
      if (seenWithoutOffset.size > MAX_IDS_WITHOUT_OFFSET) {
        const oldest = seenWithoutOffset.values().next().value;
        if (oldest !== undefined) seenWithoutOffset.delete(oldest);
      }
      return true;
    },
  };
}
