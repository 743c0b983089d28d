/**
 * Writes the timed events of one emulated run, in order: offsets that grow by 1..9, run ids, and
 * the shapes a stream, a tool call or a token count take. Every random draw comes from one
 * generator seeded with the response id, so the same run is written the same way each time.
 */
import type { WorkflowEvent, WorkflowEventType } from './agent-events.js';
import { createPrng, hashSeed, type Prng } from './data/prng.js';
import type { StreamFraming } from './stream-framing.js';

export interface ScriptStep {
  /** Wait before emitting this event, in ms at agentSpeed 1. */
  delayMs: number;
  /** Everything but `timestamp`, which is stamped at emission. */
  event: Omit<WorkflowEvent, 'timestamp'>;
}

/** Where in the workflow an event happens: its node, its agent, and the run it belongs to. */
export type EventScope = Partial<
  Pick<WorkflowEvent, 'node_id' | 'node_name' | 'node_type' | 'agent_id' | 'agent_name' | 'agent_type' | 'parent_run_id'>
>;

export interface RunScriptWriterInput {
  startOffset: number;
  responseId: string;
  conversationId: string;
  framing: StreamFraming;
}

function chunkText(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export class RunScriptWriter {
  readonly steps: ScriptStep[] = [];
  private offset: number;
  private runSeq = 0;
  private readonly prng: Prng;
  private readonly published: boolean;
  private readonly base: Pick<WorkflowEvent, 'response_id' | 'workflow_id' | 'execution_id'>;

  constructor(private readonly input: RunScriptWriterInput) {
    this.prng = createPrng(hashSeed(input.responseId));
    this.offset = input.startOffset;
    this.published = input.framing === 'published';
    this.base = {
      response_id: input.responseId,
      workflow_id: 'wf_research_report_v3',
      execution_id: `exec_${input.responseId.slice(-12)}`,
    };
  }

  /** The offset of the last event written. */
  get lastOffset(): number {
    return this.offset;
  }

  /** A number from the run's generator (token counts). */
  int(min: number, max: number): number {
    return this.prng.int(min, max);
  }

  newRun(kind: string): string {
    this.runSeq += 1;
    return `run_${kind}_${this.prng.hex(8)}_${this.runSeq}`;
  }

  /**
   * `withOffset: false` leaves the event without one. Its offset is drawn all the same, so both
   * framings make the same run (ids, text, offsets of the other events) from the same seed.
   */
  emit(delayMs: number, type: WorkflowEventType, scope: EventScope, fields: Partial<WorkflowEvent> = {}, withOffset = true): void {
    if (this.steps.length > 0) this.offset += this.prng.int(1, 9);
    const event = {
      event_id: `evt_${this.input.responseId.slice(-10)}_${this.steps.length}`,
      event_type: type,
      ...this.base,
      ...scope,
      ...fields,
    };
    this.steps.push({ delayMs, event: withOffset ? { ...event, offset: this.offset } : event });
  }

  usage(scope: EventScope, runId: string, input_tokens: number, output_tokens: number, delayMs = 100): void {
    const u = { input_tokens, output_tokens, total_tokens: input_tokens + output_tokens };
    this.emit(delayMs, 'usage', scope, { run_id: runId, usage: u, output: { ...u } });
  }

  stream(scope: EventScope, text: string, size: number, stepMs: number): void {
    const runId = this.newRun('stream');
    this.emit(200, 'stream_start', scope, { run_id: runId });
    for (const piece of chunkText(text, size)) this.emit(stepMs, 'streaming', scope, { run_id: runId, content: piece });
    this.emit(100, 'stream_end', scope, { run_id: runId });
  }

  /** A tool call; in the published framing its tool_end carries no offset. */
  tool(scope: EventScope, name: string, toolInput: Record<string, unknown>, output: Record<string, unknown>, durationMs: number): void {
    const runId = this.newRun('tool');
    const ids = { tool_id: `tool_${name}`, tool_name: name, run_id: runId };
    this.emit(300, 'tool_start', scope, { ...ids, input: toolInput });
    const result = { content: JSON.stringify({ ...output, took_ms: this.prng.int(40, 900) }) };
    this.emit(durationMs, 'tool_end', scope, { ...ids, output: result }, !this.published);
  }

  /** A node's output: a Markdown file of the conversation's outputs. */
  nodeOutput(content: string, filename: string): Record<string, unknown> {
    return { content, filetype: 'md', filename, filepath: `/outputs/${this.input.conversationId}/${filename}` };
  }
}
