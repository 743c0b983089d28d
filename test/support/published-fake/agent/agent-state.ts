/**
 * The fake's conversations, messages and runs. A run plays its events (run-events.ts) one every
 * `eventDelayMs`; a test can hold every run after an event type (e.g. `tool_start`) to act while
 * it is running (cancel it), then release them. Message ids are integers beyond 2^53, as the
 * real service's are, so they are BigInts here and written as bare digits.
 */
import type { WireEvent } from './run-events.js';

export interface ConversationRecord {
  id: number;
  userId: number;
  agentId: bigint;
  type: string;
  title: string;
  meta: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
  /** Offset of the next run's first event: offsets continue across a conversation's runs. */
  nextOffset: number;
  turns: number;
}

export interface MessageRecord {
  id: bigint;
  user_id: number;
  conversation_id: number;
  turn_id: number;
  role: 'user' | 'assistant';
  reply_to_message_id: bigint | null;
  content: { text: string } | null;
  status: string;
  error_info: Record<string, unknown> | null;
  assistant_message_id: string | null;
  created_at: number;
  updated_at: number;
  assistant_events: null;
}

type Listener = (event: WireEvent | null) => void;

export interface FakeRun {
  conversationId: number;
  /** The assistant message id of the header and the events route (the examples use the response id). */
  responseId: string;
  status: 'running' | 'completed' | 'cancelled';
  planned: WireEvent[];
  emitted: WireEvent[];
  assistant: MessageRecord;
  /** The report, kept as the assistant message's text once the run completes. */
  report: string;
  listeners: Set<Listener>;
  timer?: NodeJS.Timeout;
}

const USER_ID = 987_654_321;
const AGENT_ID = 11_887_655_289_749_510n;
/** First message id: beyond Number.MAX_SAFE_INTEGER and odd, so a float cannot hold it. */
const FIRST_MESSAGE_ID = 1_197_862_772_277_383_169n;

export class AgentState {
  private readonly conversations = new Map<number, ConversationRecord>();
  private readonly messages = new Map<number, MessageRecord[]>();
  private readonly runs = new Map<string, FakeRun>();
  private nextConversationId = 683_242_877_840_089;
  private nextMessageId = FIRST_MESSAGE_ID;
  private holdAfter: string | undefined;
  private closed = false;

  constructor(
    private readonly now: () => number,
    private readonly eventDelayMs: number,
  ) {}

  createConversation(req: { agentId?: bigint; title?: string; type?: string; meta?: Record<string, unknown> }): ConversationRecord {
    const at = this.now();
    const conv: ConversationRecord = {
      id: this.nextConversationId++,
      userId: USER_ID,
      agentId: req.agentId ?? AGENT_ID,
      type: req.type ?? 'agent_chat',
      title: req.title ?? '',
      meta: req.meta ?? {},
      createdAt: at,
      updatedAt: at,
      nextOffset: 9_195,
      turns: 0,
    };
    this.conversations.set(conv.id, conv);
    this.messages.set(conv.id, []);
    return conv;
  }

  conversation(id: number): ConversationRecord | undefined {
    return this.conversations.get(id);
  }

  /** Newest first. */
  listMessages(conversationId: number): MessageRecord[] {
    return [...(this.messages.get(conversationId) ?? [])].reverse();
  }

  run(conversationId: number, responseId: string): FakeRun | undefined {
    const run = this.runs.get(responseId);
    return run?.conversationId === conversationId ? run : undefined;
  }

  allRuns(): FakeRun[] {
    return [...this.runs.values()];
  }

  /** Starts a run of `planned` events for a question; the caller builds the events. */
  startRun(conv: ConversationRecord, question: string, responseId: string, planned: WireEvent[], report: string): FakeRun {
    const at = this.now();
    conv.turns += 1;
    conv.updatedAt = at;
    const last = planned.filter((e) => e.offset !== undefined).at(-1)?.offset ?? conv.nextOffset;
    conv.nextOffset = last + 7;
    const user: MessageRecord = this.message(conv, 'user', null, { text: question }, 'completed', null, at);
    const assistant = this.message(conv, 'assistant', user.id, null, 'running', responseId, at);
    const run: FakeRun = {
      conversationId: conv.id,
      responseId,
      status: 'running',
      planned,
      emitted: [],
      assistant,
      report,
      listeners: new Set(),
    };
    this.runs.set(responseId, run);
    this.schedule(run);
    return run;
  }

  /** Runs stop after emitting an event of this type until `releaseRuns`. */
  holdRunsAfter(eventType: string | undefined): void {
    this.holdAfter = eventType;
  }

  releaseRuns(): void {
    this.holdAfter = undefined;
    for (const run of this.runs.values()) if (run.status === 'running' && !run.timer) this.schedule(run);
  }

  /** Events from `fromOffset` on, then live ones; `null` once the run has ended. Returns an unsubscribe. */
  subscribe(run: FakeRun, fromOffset: number, listener: Listener): () => void {
    for (const e of run.emitted) if (includedFrom(run, e, fromOffset)) listener(e);
    if (run.status !== 'running') {
      listener(null);
      return () => undefined;
    }
    const live: Listener = (e) => {
      if (e === null || includedFrom(run, e, fromOffset)) listener(e);
    };
    run.listeners.add(live);
    return () => run.listeners.delete(live);
  }

  eventsFrom(run: FakeRun, fromOffset: number): WireEvent[] {
    return run.emitted.filter((e) => includedFrom(run, e, fromOffset));
  }

  cancel(run: FakeRun, cancelEvent: (offset: number) => WireEvent): void {
    if (run.status !== 'running') return;
    if (run.timer) clearTimeout(run.timer);
    run.timer = undefined;
    const last = run.emitted.filter((e) => e.offset !== undefined).at(-1)?.offset ?? 0;
    this.emit(run, cancelEvent(last + 1));
    this.finish(run, 'cancelled', null);
  }

  close(): void {
    this.closed = true;
    for (const run of this.runs.values()) {
      if (run.timer) clearTimeout(run.timer);
      run.timer = undefined;
      for (const l of run.listeners) l(null);
      run.listeners.clear();
    }
  }

  private schedule(run: FakeRun): void {
    if (this.closed) return;
    run.timer = setTimeout(() => {
      run.timer = undefined;
      const next = run.planned[run.emitted.length];
      if (!next || run.status !== 'running') return;
      this.emit(run, next);
      if (run.emitted.length === run.planned.length) {
        this.finish(run, 'completed', { text: run.report });
        return;
      }
      if (this.holdAfter !== undefined && next.event_type === this.holdAfter) return;
      this.schedule(run);
    }, this.eventDelayMs);
  }

  private emit(run: FakeRun, event: WireEvent): void {
    run.emitted.push(event);
    for (const l of run.listeners) l(event);
  }

  private finish(run: FakeRun, status: 'completed' | 'cancelled', content: { text: string } | null): void {
    run.status = status;
    run.assistant.status = status;
    run.assistant.content = content;
    run.assistant.updated_at = this.now();
    for (const l of run.listeners) l(null);
    run.listeners.clear();
  }

  private message(
    conv: ConversationRecord,
    role: 'user' | 'assistant',
    replyTo: bigint | null,
    content: { text: string } | null,
    status: string,
    assistantMessageId: string | null,
    at: number,
  ): MessageRecord {
    const m: MessageRecord = {
      id: this.nextMessageId,
      user_id: USER_ID,
      conversation_id: conv.id,
      turn_id: conv.turns,
      role,
      reply_to_message_id: replyTo,
      content,
      status,
      error_info: null,
      assistant_message_id: assistantMessageId,
      created_at: at,
      updated_at: at,
      assistant_events: null,
    };
    this.nextMessageId += 2n;
    this.messages.get(conv.id)?.push(m);
    return m;
  }
}

/**
 * Whether `from_offset` includes an event. An event without an offset (`tool_end`) goes with the
 * next event that has one: it is included exactly when that one is.
 */
function includedFrom(run: FakeRun, event: WireEvent, fromOffset: number): boolean {
  if (event.offset !== undefined) return event.offset >= fromOffset;
  const all = [...run.planned, ...run.emitted.filter((e) => !run.planned.includes(e))];
  const next = all.slice(all.indexOf(event) + 1).find((e) => e.offset !== undefined);
  return next?.offset === undefined || next.offset >= fromOffset;
}
