/**
 * Which of a run's events a reader asking `from_offset` gets. Events with an offset: those at or
 * after it. An event without one belongs right after the event with an offset before it: it is
 * sent again when that predecessor is the reader's last (`fromOffset - 1`) or newer, since it may
 * not have reached the reader before its connection dropped; a reader that had it drops it by
 * `event_id`. So nothing is lost on resume, and repeats are only ever of offset-less events.
 */
import type { WorkflowEvent } from './agent-events.js';

export function eventsFromOffset(events: readonly WorkflowEvent[], fromOffset: number): WorkflowEvent[] {
  let previous = -1;
  return events.filter((e) => {
    if (e.offset === undefined) return previous >= fromOffset - 1;
    previous = e.offset;
    return e.offset >= fromOffset;
  });
}

/** The highest offset handed out so far (events without one are skipped). */
export function lastOffsetOf(events: readonly WorkflowEvent[]): number | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const offset = events[i]?.offset;
    if (offset !== undefined) return offset;
  }
  return undefined;
}
