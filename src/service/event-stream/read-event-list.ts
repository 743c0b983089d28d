import type { Logger } from '../../observability/logger.js';
import type { EventCursor } from './event-cursor.js';
import { createEventStreamStats, type EventStreamStats } from './event-stream-stats.js';
import { checkWorkflowEvent } from './parse-workflow-event.js';
import type { WorkflowStreamEvent } from './workflow-event-schema.js';

/**
 * Endpoint 15's stream=false items → the events the cursor has not seen, in order: the same
 * schema check and the same cursor as the live stream, so a re-read never repeats an event.
 */
export function readEventList(
  items: readonly unknown[],
  cursor: EventCursor,
  logger?: Logger,
): { events: WorkflowStreamEvent[]; stats: EventStreamStats } {
  const stats = createEventStreamStats();
  const events: WorkflowStreamEvent[] = [];
  items.forEach((raw, i) => {
    const parsed = checkWorkflowEvent(raw);
    if (!parsed.ok) {
      stats.malformed += 1;
      logger?.warn('malformed workflow event skipped', { at: `assistant_events[${i}]`, reason: parsed.reason });
    } else if (!cursor.admit(parsed.event)) stats.duplicates += 1;
    else events.push(parsed.event);
  });
  stats.delivered = events.length;
  stats.connections = 1;
  return { events, stats };
}
