/**
 * Everything an AgentRunStore must keep to carry on after a restart, as plain data (no timers,
 * listeners or promises). service-snapshot.ts turns it into JSON and back.
 */
import type { WorkflowEvent } from './agent-events.js';
import type { ScriptInput } from './agent-run-script.js';
import type { ConversationRecord, MessageRecord, MessageStatus } from './agent-run-records.js';
import type { StreamFraming } from './stream-framing.js';

export interface StoredRun {
  assistantMessageId: string;
  responseId: string;
  conversationId: bigint;
  /** The assistant message the run writes (it is among its conversation's messages). */
  messageId: bigint;
  status: MessageStatus;
  /** Every event emitted so far; a running run goes on with script step `events.length`. */
  events: WorkflowEvent[];
  /**
   * What the run's script is built from, kept while the run is running: buildRunScript is pure,
   * so the same input gives the same steps, and the run continues where it was. Ended runs drop it.
   */
  scriptInput?: ScriptInput;
}

export interface AgentRunStoreState {
  /**
   * Counts restores and resets. Random ids (am_…, resp_…) and first offsets come from a generator
   * seeded with it, so a new start never draws the previous start's ids again.
   */
  seedGeneration: number;
  /** Next conversation and message ids per framing; they only grow, across restarts and resets. */
  nextIds: Record<StreamFraming, { conversation: bigint; message: bigint }>;
  conversations: Array<{ conversation: ConversationRecord; messages: MessageRecord[] }>;
  runs: StoredRun[];
}
