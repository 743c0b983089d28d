import type { Logger } from '../../observability/logger.js';
import type { EventCursor } from './event-cursor.js';
import type { EventStreamStats } from './event-stream-stats.js';
import { parseWorkflowEvent } from './parse-workflow-event.js';
import { readSseMessages } from './read-sse-messages.js';
import type { WorkflowStreamEvent } from './workflow-event-schema.js';

/** SSE event names that carry no workflow event. */
const HEARTBEAT_NAMES = new Set(['ping', 'heartbeat', 'keepalive', 'keep-alive']);

export interface SegmentContext {
  cursor: EventCursor;
  stats: EventStreamStats;
  onChange: () => void;
  logger?: Logger;
}

/**
 * One connection's body → new typed events: SSE messages, the schema check, the cursor. Bad payloads are
 * counted and skipped; transport errors propagate for the caller to reconnect.
 */
export async function* readEventSegment(
  body: AsyncIterable<Uint8Array | string>,
  ctx: SegmentContext,
): AsyncGenerator<WorkflowStreamEvent> {
  const { stats, cursor } = ctx;
  const messages = readSseMessages(body, {
    onComment: () => {
      stats.heartbeats += 1;
      ctx.onChange();
    },
    onParseError: () => {
      stats.ignoredLines += 1;
      ctx.onChange();
    },
  });
  for await (const message of messages) {
    if (message.data.trim() === '' || (message.event !== undefined && HEARTBEAT_NAMES.has(message.event))) {
      stats.heartbeats += 1;
      ctx.onChange();
      continue;
    }
    const parsed = parseWorkflowEvent(message.data);
    if (!parsed.ok) {
      stats.malformed += 1;
      ctx.logger?.warn('malformed workflow event skipped', { reason: parsed.reason, bytes: message.data.length });
      ctx.onChange();
      continue;
    }
    if (!cursor.admit(parsed.event)) {
      stats.duplicates += 1;
      ctx.onChange();
      continue;
    }
    stats.delivered += 1;
    ctx.onChange();
    yield parsed.event;
  }
}
