import type { WorkflowStreamEvent } from './workflow-event-schema.js';

/**
 * Where a reader of one run's events stands, and the one place that drops an event already
 * handed on. A caller that follows a run across several reads (the relay: the chat stream, a
 * re-read after a restart, a reconnect) passes the same cursor to each, so every event reaches it
 * once and the offset has one owner.
 *
 * The rule, for the two kinds of event the real service sends:
 * - An event with an `offset` is new unless that offset was admitted before (or lies at or below
 *   the starting bound). The highest admitted offset is the resume point: a reconnect asks from
 *   `lastOffset + 1`. Offsets grow by varying amounts (interface document, Events, rule 2), so a
 *   jump is no gap; but an event below the resume point that was never admitted is no repeat
 *   either: it arrived out of order. It is admitted, and `isLate` tells the caller that what it
 *   built from the events after it needs rebuilding in offset order (the relay re-reads the log).
 * - An event without one (the published schema's sample `tool_end` has none; `usage` often) can
 *   be neither ordered nor asked for again, so it never moves the resume point. It passes in
 *   arrival order, once per `event_id`: its id is remembered for the cursor's whole life, because
 *   the service may send it again on any later connection (it belongs to no offset range). A run
 *   has a few hundred such events at most; past MAX_IDS_WITHOUT_OFFSET the oldest are forgotten.
 * - Admitted offsets are remembered up to MAX_OFFSETS_REMEMBERED; past it the oldest are forgotten
 *   and the starting bound rises to them, so a forgotten offset still counts as a repeat.
 * - A re-read from offset 0 after a restart uses a fresh cursor, so it rebuilds the run whole.
 */
export interface EventCursor {
  /** Highest offset admitted (or the starting bound); -1 before any. */
  readonly lastOffset: number;
  /** True (and the cursor moves) for an event not seen before; false for a duplicate. */
  admit(event: WorkflowStreamEvent): boolean;
  /** True for an event whose offset lies below the highest admitted one: it came out of order (or repeats). */
  isLate(event: WorkflowStreamEvent): boolean;
}

/** Far above what one run sends; only a runaway stream reaches it. */
export const MAX_IDS_WITHOUT_OFFSET = 20_000;
/** Far above what one run sends; only a runaway stream reaches it. */
export const MAX_OFFSETS_REMEMBERED = 20_000;

export function createEventCursor(afterOffset = -1): EventCursor {
  let floor = afterOffset;
  let last = afterOffset;
  const admittedOffsets = new Set<number>();
  const seenWithoutOffset = new Set<string>();
  return {
    get lastOffset() {
      return last;
    },
    admit(event) {
      if (event.offset !== undefined) {
        if (event.offset <= floor || admittedOffsets.has(event.offset)) return false;
        admittedOffsets.add(event.offset);
        last = Math.max(last, event.offset);
        if (admittedOffsets.size > MAX_OFFSETS_REMEMBERED) floor = Math.max(floor, dropOldest(admittedOffsets) ?? floor);
        return true;
      }
      if (seenWithoutOffset.has(event.event_id)) return false;
      seenWithoutOffset.add(event.event_id);
      if (seenWithoutOffset.size > MAX_IDS_WITHOUT_OFFSET) dropOldest(seenWithoutOffset);
      return true;
    },
    isLate(event) {
      // An event without an offset is never late.
      return (event.offset ?? Number.POSITIVE_INFINITY) < last;
    },
  };
}

/** Forgets the entry a set has held longest (sets keep insertion order) and returns it. */
function dropOldest<T>(set: Set<T>): T | undefined {
  for (const oldest of set) {
    set.delete(oldest);
    return oldest;
  }
  return undefined;
}
