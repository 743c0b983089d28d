import { parseJsonText } from '../parse-json-text.js';
import { workflowStreamEventSchema, type WorkflowStreamEvent } from './workflow-event-schema.js';

/** A payload that is not a workflow stream event: counted and skipped, never thrown. */
export interface MalformedWorkflowEvent {
  ok: false;
  /** What was wrong, for the log line (never the payload itself). */
  reason: string;
}

export type ParsedWorkflowEvent = { ok: true; event: WorkflowStreamEvent } | MalformedWorkflowEvent;

/** One SSE `data:` payload → a typed event, or a failure value so a bad line never ends the stream. */
export function parseWorkflowEvent(data: string): ParsedWorkflowEvent {
  let value: unknown;
  try {
    value = parseJsonText(data);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  return checkWorkflowEvent(value);
}

/** One decoded item (an SSE payload, or an element of the stream=false list) → event or failure. */
export function checkWorkflowEvent(value: unknown): ParsedWorkflowEvent {
  const parsed = workflowStreamEventSchema.safeParse(value);
  if (parsed.success) return { ok: true, event: parsed.data };
  const issue = parsed.error.issues[0];
  const at = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, reason: `${at}${issue?.message ?? 'not a workflow stream event'}` };
}
