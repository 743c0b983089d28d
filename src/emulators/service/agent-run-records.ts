/**
 * The records an AgentRunStore keeps: conversations, their messages, and live agent runs (with
 * the timer, listeners and script that drive them).
 */
import type { WorkflowEvent } from './agent-events.js';
import type { RunScript, ScriptInput } from './agent-run-script.js';
import type { StreamFraming } from './stream-framing.js';

export type MessageStatus = 'completed' | 'running' | 'cancelled' | 'failed';

export interface ConversationRecord {
  id: bigint;
  user_id: number;
  agent_id: number;
  type: string;
  title: string;
  status: string;
  meta: Record<string, unknown>;
  created_at: number;
  updated_at: number;
  /** Where the next run's offsets start (runs of one conversation continue each other's offsets). */
  nextOffset: number;
  /** How its runs' events are framed (the variant's when it was created). */
  framing: StreamFraming;
}

export interface MessageRecord {
  id: bigint;
  user_id: number;
  conversation_id: bigint;
  turn_id: number;
  role: 'user' | 'assistant';
  reply_to_message_id: bigint | null;
  content: { text: string } | null;
  status: MessageStatus;
  error_info: Record<string, unknown> | null;
  assistant_message_id: string | null;
  created_at: number;
  updated_at: number;
  assistant_events: null;
}

/** Called with each new event, and with `null` once the run has ended. */
export type RunListener = (event: WorkflowEvent | null) => void;

export interface AgentRun {
  assistantMessageId: string;
  responseId: string;
  conversationId: bigint;
  message: MessageRecord;
  events: WorkflowEvent[];
  status: MessageStatus;
  listeners: Set<RunListener>;
  /** What `script` was built from; kept so the state can rebuild it after a restart. */
  scriptInput: ScriptInput | undefined;
  script: RunScript;
  nextStep: number;
  timer: NodeJS.Timeout | undefined;
  done: Promise<void>;
  resolveDone: () => void;
}

export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** A live run around `fields`, going on with the step after its last event. */
export function createAgentRun(
  fields: Pick<AgentRun, 'assistantMessageId' | 'responseId' | 'conversationId' | 'message' | 'events' | 'status'>,
  scriptInput: ScriptInput | undefined,
  script: RunScript,
): AgentRun {
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  return {
    assistantMessageId: fields.assistantMessageId,
    responseId: fields.responseId,
    conversationId: fields.conversationId,
    message: fields.message,
    events: fields.events,
    status: fields.status,
    listeners: new Set(),
    scriptInput,
    script,
    nextStep: fields.events.length,
    timer: undefined,
    done,
    resolveDone,
  };
}

/** An ended run never consults its script: this stands in for it after a restore. */
export function endedScript(message: MessageRecord): RunScript {
  return { steps: [], report: message.content?.text ?? '', outcome: message.status === 'failed' ? 'failed' : 'completed', lastOffset: 0 };
}
