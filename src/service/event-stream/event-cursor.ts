import type { WorkflowStreamEvent } from './workflow-event-schema.js';

/**
 * Where a reader of one run's events stands: the highest offset handed on, and the one place
 * that drops an event at or below it (the service repeats events on resume, and a replay may
 * overlap). Events without an offset cannot be ordered; they pass in arrival order, deduplicated
 * by event_id. A reconnect resumes at `lastOffset + 1`. A caller that follows a run across
 * several reads (the relay: the chat stream, a re-read after a restart, a reconnect) passes the
 * same cursor to each, so every event reaches it once and the offset has one owner.
 */
export interface EventCursor {
  /** Highest offset admitted (or the starting bound); -1 before any. */
  readonly lastOffset: number;
  /** True (and the cursor moves) for an event not seen before; false for a duplicate. */
  admit(event: WorkflowStreamEvent): boolean;
}

/** How many offset-less event ids are remembered (they are rare: usage and heartbeat-like events). */
const MAX_IDS_WITHOUT_OFFSET = 256;

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
