/**
 * Conversations, their messages and agent runs. A run's script is emitted over real time
 * (delays divided by agentSpeed); emitted events are kept so any reader can replay from an
 * offset and then follow the run until it ends. Conversation and message ids are bigints: in the
 * published framing they pass 2^53 (the server writes them as JSON integers all the same).
 */
import type { WorkflowEvent } from './agent-events.js';
import { buildRunScript, type RunScript } from './agent-run-script.js';
import { createPrng, type Prng } from './data/prng.js';
import { eventsFromOffset, lastOffsetOf } from './events-from-offset.js';
import type { ResearchFindings } from './research-findings.js';
import { FIRST_IDS, type StreamFraming } from './stream-framing.js';

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

const USER_ID = 10001;

export class AgentRunStore {
  private readonly conversations = new Map<bigint, ConversationRecord>();
  private readonly messages = new Map<bigint, MessageRecord[]>();
  private readonly runs = new Map<string, AgentRun>();
  /** Next ids, per framing. */
  private readonly nextIds = {
    document: { ...FIRST_IDS.document },
    published: { ...FIRST_IDS.published },
  };
  private readonly prng: Prng;
  private closed = false;
  private paused = false;

  constructor(
    private readonly clock: () => number,
    private readonly agentSpeed: number,
    /** The framing new conversations get (the emulator's variant decides it). */
    private readonly framing: () => StreamFraming = () => 'document',
    seed = 42,
  ) {
    this.prng = createPrng(seed);
  }

  createConversation(input: { agentId?: number; title?: string; type?: string; meta?: Record<string, unknown> }): ConversationRecord {
    const now = this.clock();
    const framing = this.framing();
    const conv: ConversationRecord = {
      id: this.nextIds[framing].conversation++,
      user_id: USER_ID,
      agent_id: input.agentId ?? 1,
      type: input.type ?? 'agent_chat',
      title: input.title ?? 'New conversation',
      status: 'active',
      meta: input.meta ?? {},
      created_at: now,
      updated_at: now,
      nextOffset: this.prng.int(1, 5),
      framing,
    };
    this.conversations.set(conv.id, conv);
    this.messages.set(conv.id, []);
    return conv;
  }

  getConversation(id: bigint): ConversationRecord | undefined {
    return this.conversations.get(id);
  }

  /** Newest first. */
  listMessages(conversationId: bigint): MessageRecord[] {
    return [...(this.messages.get(conversationId) ?? [])].reverse();
  }

  /**
   * The conversation's questions before turn `beforeTurn` (all of them by default), oldest first:
   * with the question and its pinned documents, the inputs of a run's findings (follow-ups take
   * the companies of earlier questions), so a run's script can be rebuilt from stored messages.
   */
  earlierQuestions(conversationId: bigint, beforeTurn = Number.POSITIVE_INFINITY): string[] {
    return (this.messages.get(conversationId) ?? [])
      .filter((m) => m.role === 'user' && m.turn_id < beforeTurn)
      .map((m) => m.content?.text ?? '');
  }

  getRun(conversationId: bigint, assistantMessageId: string): AgentRun | undefined {
    const run = this.runs.get(assistantMessageId) ?? [...this.runs.values()].find((r) => String(r.message.id) === assistantMessageId);
    return run && run.conversationId === conversationId ? run : undefined;
  }

  startRun(conv: ConversationRecord, question: string, findings: ResearchFindings): AgentRun {
    const now = this.clock();
    const list = this.messages.get(conv.id) ?? [];
    const turn = list.filter((m) => m.role === 'user').length + 1;
    const ids = this.nextIds[conv.framing];
    const user: MessageRecord = {
      id: ids.message++,
      user_id: USER_ID,
      conversation_id: conv.id,
      turn_id: turn,
      role: 'user',
      reply_to_message_id: null,
      content: { text: question },
      status: 'completed',
      error_info: null,
      assistant_message_id: null,
      created_at: now,
      updated_at: now,
      assistant_events: null,
    };
    const assistantMessageId = `am_${this.prng.hex(24)}`;
    const responseId = `resp_${this.prng.hex(20)}`;
    const assistant: MessageRecord = {
      id: ids.message++,
      user_id: USER_ID,
      conversation_id: conv.id,
      turn_id: turn,
      role: 'assistant',
      reply_to_message_id: user.id,
      content: null,
      status: 'running',
      error_info: null,
      assistant_message_id: assistantMessageId,
      created_at: now + 1,
      updated_at: now + 1,
      assistant_events: null,
    };
    list.push(user, assistant);
    this.messages.set(conv.id, list);
    if (conv.title === 'New conversation') conv.title = question.slice(0, 40);
    conv.updated_at = now;

    const script = buildRunScript({
      question,
      findings,
      startOffset: conv.nextOffset,
      responseId,
      conversationId: String(conv.id),
      framing: conv.framing,
    });
    // Leave room for a cancel event after any emitted offset, then start the next run beyond it.
    conv.nextOffset = script.lastOffset + this.prng.int(5, 15);
    let resolveDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    const run: AgentRun = {
      assistantMessageId,
      responseId,
      conversationId: conv.id,
      message: assistant,
      events: [],
      status: 'running',
      listeners: new Set(),
      script,
      nextStep: 0,
      timer: undefined,
      done,
      resolveDone,
    };
    this.runs.set(assistantMessageId, run);
    this.schedule(run);
    return run;
  }

  /**
   * Holds every running run at its next step (no further events) until resume(): a test that
   * restarts the app mid-run uses it so the run cannot outpace a restart on a busy machine.
   */
  pause(): void {
    this.paused = true;
    for (const run of this.runs.values()) {
      clearTimeout(run.timer);
      run.timer = undefined;
    }
  }

  /** Lets held runs go on: each waits its current step's delay again. */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    for (const run of this.runs.values()) if (run.status === 'running' && run.timer === undefined) this.schedule(run);
  }

  private schedule(run: AgentRun): void {
    if (this.closed || this.paused || run.status !== 'running') return;
    const step = run.script.steps[run.nextStep];
    if (!step) {
      this.finish(run, run.script.outcome);
      return;
    }
    run.timer = setTimeout(
      () => {
        run.timer = undefined;
        if (run.status !== 'running') return;
        run.nextStep += 1;
        this.append(run, { ...step.event, timestamp: this.clock() });
        this.schedule(run);
      },
      Math.max(0, Math.round(step.delayMs / this.agentSpeed)),
    );
  }

  private append(run: AgentRun, event: WorkflowEvent): void {
    run.events.push(event);
    for (const l of [...run.listeners]) l(event);
  }

  private finish(run: AgentRun, status: MessageStatus): void {
    run.status = status;
    const now = this.clock();
    const streamed = run.events
      .filter((e) => e.event_type === 'streaming')
      .map((e) => e.content ?? '')
      .join('');
    run.message.status = status;
    run.message.updated_at = now;
    run.message.content = { text: status === 'completed' ? run.script.report : streamed };
    if (status === 'failed') {
      const err = run.events.find((e) => e.event_type === 'error')?.error;
      run.message.error_info = err ? { ...err } : { code: 'unknown' };
    }
    const conv = this.conversations.get(run.conversationId);
    if (conv) conv.updated_at = now;
    for (const l of [...run.listeners]) l(null);
    run.listeners.clear();
    run.resolveDone();
  }

  /** Ends a running run with a `cancel` event; a run that already ended is a conflict. */
  cancel(run: AgentRun): void {
    if (run.status !== 'running') throw new ConflictError(`run ${run.assistantMessageId} is not running (status ${run.status})`);
    clearTimeout(run.timer);
    const last = lastOffsetOf(run.events);
    this.append(run, {
      event_id: `evt_${run.responseId.slice(-10)}_cancel`,
      event_type: 'cancel',
      timestamp: this.clock(),
      response_id: run.responseId,
      workflow_id: 'wf_research_report_v3',
      execution_id: `exec_${run.responseId.slice(-12)}`,
      content: 'cancelled by user',
      offset: (last ?? run.script.steps[0]?.event.offset ?? 0) + 1,
    });
    this.finish(run, 'cancelled');
  }

  /** Stored events a reader asking from `fromOffset` gets (see events-from-offset.ts). */
  eventsFrom(run: AgentRun, fromOffset: number): WorkflowEvent[] {
    return eventsFromOffset(run.events, fromOffset);
  }

  /**
   * Replays stored events from `fromOffset` (eventsFrom) to `listener`, then follows the run.
   * Returns an unsubscribe function. The listener gets `null` once the run has ended (at once if
   * it already had).
   */
  subscribe(run: AgentRun, fromOffset: number, listener: RunListener): () => void {
    for (const e of this.eventsFrom(run, fromOffset)) listener(e);
    if (run.status !== 'running') {
      listener(null);
      return () => undefined;
    }
    // Events from now on are all new to this reader (one without an offset follows what it has).
    const wrapped: RunListener = (e) => {
      if (e === null || e.offset === undefined || e.offset >= fromOffset) listener(e);
    };
    run.listeners.add(wrapped);
    return () => run.listeners.delete(wrapped);
  }

  /** Stops every running run (they end as cancelled) and releases timers. */
  close(): void {
    this.closed = true;
    for (const run of this.runs.values()) {
      if (run.status === 'running') {
        clearTimeout(run.timer);
        this.finish(run, 'cancelled');
      }
    }
  }
}
