import type { WorkflowStreamEvent } from '../types.js';
import { isRecord } from '../read-shape.js';

export type ParsedEvent = { ok: true; event: WorkflowStreamEvent } | { ok: false; reason: string };

/**
 * One `data:` payload → a typed event, or a failure value (never a throw) so a bad line is
 * counted and skipped instead of ending the stream. Required: event_id, event_type, timestamp,
 * response_id (interface, Events rule 1); `offset`, when present, must be an integer ≥ 0.
 */
export function parseWorkflowEvent(data: string): ParsedEvent {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  return checkWorkflowEvent(value);
}

export function checkWorkflowEvent(value: unknown): ParsedEvent {
  if (!isRecord(value)) return { ok: false, reason: 'not an object' };
  for (const key of ['event_id', 'event_type', 'response_id'] as const) {
    if (typeof value[key] !== 'string') return { ok: false, reason: `${key} is not a string` };
  }
  if (typeof value.timestamp !== 'number' || !Number.isFinite(value.timestamp)) {
    return { ok: false, reason: 'timestamp is not a number' };
  }
  if (value.offset !== undefined && value.offset !== null) {
    if (typeof value.offset !== 'number' || !Number.isInteger(value.offset) || value.offset < 0) {
      return { ok: false, reason: 'offset is not a non-negative integer' };
    }
  }
  for (const key of ['input', 'output', 'error'] as const) {
    if (value[key] !== undefined && value[key] !== null && !isRecord(value[key])) {
      return { ok: false, reason: `${key} is not an object` };
    }
  }
  const event = { ...value } as WorkflowStreamEvent;
  // null offsets/objects mean "absent" for consumers.
  for (const key of ['offset', 'input', 'output', 'error'] as const) if (event[key] === null) delete event[key];
  return { ok: true, event };
}
