/**
 * The one check of a workflow stream event, at the service edge. Required: event_id, event_type,
 * timestamp, response_id (interface, Events rule 1); `offset`, when present, an integer ≥ 0;
 * input, output and error objects. The names and ids the relay reads (run_id, node_name, …) are
 * normalised here: a number becomes its string, a blank or odd value is dropped, null means
 * absent. Everything past this schema trusts these types; anything else the service adds is kept.
 */
import { z } from 'zod';

/** Event types the interface documents (others are kept and ignored by the relay). */
export type WorkflowEventType =
  | 'init'
  | 'workflow_start'
  | 'workflow_end'
  | 'node_start'
  | 'node_end'
  | 'agent_start'
  | 'agent_end'
  | 'tool_start'
  | 'tool_end'
  | 'stream_start'
  | 'streaming'
  | 'stream_end'
  | 'usage'
  | 'cancel'
  | 'error';

/**
 * Event types that end a run; the service may still send trailing reports after them (`usage`
 * follows `workflow_end` in real streams). An `error` is not one: the run may go on after it, and
 * it ends a run only when the stream then ends (follow-events.ts).
 */
export const RUN_ENDING_EVENT_TYPES: ReadonlySet<string> = new Set(['workflow_end', 'cancel']);

const jsonObject = z.record(z.string(), z.unknown());

/** A name or id: a non-blank string (a number reads as its string); anything else is absent. */
const label = z
  .unknown()
  .transform((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v))
  .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v : undefined));

/** Streamed text, or (usage events) an object of figures; other values are absent. */
const content = z
  .unknown()
  .transform((v) => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : jsonObject.safeParse(v).data));

const absentIfNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : v), schema.optional());

export const workflowStreamEventSchema = z
  .looseObject({
    event_id: z.string(),
    event_type: z.string(),
    // zod 4 numbers are finite.
    timestamp: z.number(),
    response_id: z.string(),
    offset: absentIfNull(z.int().nonnegative()),
    input: absentIfNull(jsonObject),
    output: absentIfNull(jsonObject),
    error: absentIfNull(jsonObject),
    content: content.optional(),
    workflow_id: label.optional(),
    workflow_name: label.optional(),
    execution_id: label.optional(),
    run_id: label.optional(),
    node_id: label.optional(),
    node_name: label.optional(),
    node_type: label.optional(),
    agent_id: label.optional(),
    agent_name: label.optional(),
    agent_type: label.optional(),
    tool_id: label.optional(),
    tool_name: label.optional(),
  })
  // Absent means absent: no key left holding undefined.
  .transform((event) => Object.fromEntries(Object.entries(event).filter(([, v]) => v !== undefined)) as typeof event);

/** One workflow stream event as checked at the edge (snake_case kept: it is recorded and replayed). */
export type WorkflowStreamEvent = z.output<typeof workflowStreamEventSchema> & { event_type: WorkflowEventType | string };
