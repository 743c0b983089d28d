/**
 * Conversations, their messages and agent runs. A run's script is emitted over real time
 * (delays divided by agentSpeed, by agent-run-player.ts); emitted events are kept so any reader
 * can replay from an offset and then follow the run until it ends. Conversation and message ids are bigints: in the
 * published framing they pass 2^53 (the server writes them as JSON integers all the same).
 * The store can hand out its state and start from one (agent-run-store-state.ts), so a run that
 * was running when the process stopped goes on after a restart with the same ids and offsets.
 */
import type { WorkflowEvent } from './agent-events.js';
import { AgentRunPlayer } from './agent-run-player.js';
import {
  ConflictError,
  createAgentRun,
  endedScript,
  type AgentRun,
  type ConversationRecord,
  type MessageRecord,
  type MessageStatus,
  type RunListener,
} from './agent-run-records.js';
import type { AgentRunStoreState, StoredRun } from './agent-run-store-state.js';
import { buildRunScript, type ScriptInput } from './agent-run-script.js';
import { createPrng, hashSeed, type Prng } from './data/prng.js';
import { eventsFromOffset } from './events-from-offset.js';
import { rebuildRunScript } from './rebuild-run-script.js';
import type { ResearchFindings } from './research-findings.js';
import { FIRST_IDS, type StreamFraming } from './stream-framing.js';
import { turnMessages } from './turn-messages.js';

export { ConflictError, type AgentRun, type ConversationRecord, type MessageRecord, type MessageStatus, type RunListener };

const USER_ID = 10001;

const BASE_SEED = 42;

/** Generation 0 draws what the store always drew; later ones (restores, resets) draw anew. */
function prngOfGeneration(generation: number): Prng {
  return createPrng(generation === 0 ? BASE_SEED : hashSeed(`${BASE_SEED}:${generation}`));
}

export interface AgentRunStoreOptions {
  clock: () => number;
  /** Time multiplier for runs (delays are divided by it). */
  agentSpeed: number;
  /** The framing new conversations get (the emulator's variant decides it). Default 'document'. */
  framing?: () => StreamFraming;
  /** Told after every change of what toState() returns (to save it). */
  onChange?: () => void;
  /** A previous start's toState(): its conversations come back and its running runs go on. */
  restored?: AgentRunStoreState;
}

export class AgentRunStore {
  private readonly conversations = new Map<bigint, ConversationRecord>();
  private readonly messages = new Map<bigint, MessageRecord[]>();
  private readonly runs = new Map<string, AgentRun>();
  /** Next ids, per framing. */
  private readonly nextIds = {
    document: { ...FIRST_IDS.document },
    published: { ...FIRST_IDS.published },
  };
  private seedGeneration: number;
  private prng: Prng;
  private readonly player: AgentRunPlayer;
  private readonly clock: () => number;
  private readonly framing: () => StreamFraming;
  private readonly onChange: () => void;

  constructor(opts: AgentRunStoreOptions) {
    this.clock = opts.clock;
    this.framing = opts.framing ?? (() => 'document');
    this.onChange = opts.onChange ?? (() => undefined);
    this.player = new AgentRunPlayer({
      clock: opts.clock,
      agentSpeed: opts.agentSpeed,
      runs: () => this.runs.values(),
      onChange: this.onChange,
      onEnd: (run, endedAt) => {
        const conv = this.conversations.get(run.conversationId);
        if (conv) conv.updated_at = endedAt;
      },
    });
    this.seedGeneration = opts.restored ? opts.restored.seedGeneration + 1 : 0;
    this.prng = prngOfGeneration(this.seedGeneration);
    if (opts.restored) this.restore(opts.restored);
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
    this.onChange();
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
    const assistantMessageId = `am_${this.prng.hex(24)}`;
    const responseId = `resp_${this.prng.hex(20)}`;
    const { user, assistant } = turnMessages({
      userId: USER_ID,
      conversationId: conv.id,
      turn,
      question,
      assistantMessageId,
      now,
      nextMessageId: () => ids.message++,
    });
    list.push(user, assistant);
    this.messages.set(conv.id, list);
    if (conv.title === 'New conversation') conv.title = question.slice(0, 40);
    conv.updated_at = now;

    const scriptInput: ScriptInput = {
      question,
      findings,
      startOffset: conv.nextOffset,
      responseId,
      conversationId: String(conv.id),
      framing: conv.framing,
    };
    const script = buildRunScript(scriptInput);
    // Leave room for a cancel event after any emitted offset, then start the next run beyond it.
    conv.nextOffset = script.lastOffset + this.prng.int(5, 15);
    const run = createAgentRun(
      { assistantMessageId, responseId, conversationId: conv.id, message: assistant, events: [], status: 'running' },
      scriptInput,
      script,
    );
    this.runs.set(assistantMessageId, run);
    this.onChange();
    this.player.play(run);
    return run;
  }

  /** The store's state as plain data, for a later start to go on from (see `restored`). */
  toState(): AgentRunStoreState {
    return {
      seedGeneration: this.seedGeneration,
      nextIds: { document: { ...this.nextIds.document }, published: { ...this.nextIds.published } },
      conversations: [...this.conversations.values()].map((conversation) => ({
        conversation,
        messages: this.messages.get(conversation.id) ?? [],
      })),
      runs: [...this.runs.values()].map((run) => ({
        assistantMessageId: run.assistantMessageId,
        responseId: run.responseId,
        conversationId: run.conversationId,
        messageId: run.message.id,
        status: run.status,
        events: run.events,
        ...(run.status === 'running' && run.scriptInput ? { scriptInput: run.scriptInput } : {}),
      })),
    };
  }

  private restore(state: AgentRunStoreState): void {
    this.nextIds.document = { ...state.nextIds.document };
    this.nextIds.published = { ...state.nextIds.published };
    for (const { conversation, messages } of state.conversations) {
      this.conversations.set(conversation.id, conversation);
      this.messages.set(conversation.id, messages);
    }
    for (const stored of state.runs) {
      const message = this.messages.get(stored.conversationId)?.find((m) => m.id === stored.messageId);
      // A snapshot is written whole, so its runs' messages are in it; one without is not a run to keep.
      if (message) this.runs.set(stored.assistantMessageId, this.restoreRun(stored, message));
    }
    for (const run of this.runs.values()) this.player.play(run);
  }

  /**
   * A stored run as a live one: a running one goes on with its rebuilt script, or ends as failed,
   * visibly, when its script cannot be rebuilt (rebuild-run-script.ts).
   */
  private restoreRun(stored: StoredRun, message: MessageRecord): AgentRun {
    const fields = { ...stored, message, events: [...stored.events] };
    if (stored.status !== 'running') {
      const run = createAgentRun(fields, undefined, endedScript(message));
      run.resolveDone();
      return run;
    }
    const rebuilt = rebuildRunScript(stored);
    const run = createAgentRun(fields, stored.scriptInput, rebuilt.ok ? rebuilt.script : endedScript(message));
    if (!rebuilt.ok)
      this.player.endWith(run, 'failed', 'error', {
        error: {
          code: 'run_not_resumable',
          type: 'EmulatorError',
          message: `This demo run cannot continue after the restart: ${rebuilt.problem}`,
        },
      });
    return run;
  }

  /** Holds every running run at its next step until resume() (see AgentRunPlayer.pause). */
  pause(): void {
    this.player.pause();
  }

  /** Holds every running run right after the first event `match` accepts (AgentRunPlayer.pauseAfter). */
  pauseAfter(match: (event: WorkflowEvent) => boolean): void {
    this.player.pauseAfter(match);
  }

  /** Lets held runs go on: each waits its current step's delay again. */
  resume(): void {
    this.player.resume();
  }

  /** Ends a running run with a `cancel` event; a run that already ended is a conflict. */
  cancel(run: AgentRun): void {
    this.player.cancel(run);
  }

  /** Stored events a reader asking from `fromOffset` gets (see events-from-offset.ts). */
  eventsFrom(run: AgentRun, fromOffset: number): WorkflowEvent[] {
    return eventsFromOffset(run.events, fromOffset);
  }

  /** Replays stored events from `fromOffset`, then follows the run (see AgentRunPlayer.subscribe). */
  subscribe(run: AgentRun, fromOffset: number, listener: RunListener): () => void {
    return this.player.subscribe(run, fromOffset, listener);
  }

  /**
   * Releases timers. Running runs end as cancelled, unless `keepRunning` (the state is saved):
   * then they stay `running` where they are, for the next start to continue.
   */
  close(opts: { keepRunning?: boolean } = {}): void {
    this.player.close(opts);
  }

  /**
   * Back to no conversations: running runs are cancelled (their readers see the end), then all
   * goes. Ids keep counting and random ids are drawn anew, so nothing that still holds an old id
   * (the app's store) can take a new conversation for its old one.
   */
  reset(): void {
    for (const run of this.runs.values()) if (run.status === 'running') this.cancel(run);
    this.conversations.clear();
    this.messages.clear();
    this.runs.clear();
    this.seedGeneration += 1;
    this.prng = prngOfGeneration(this.seedGeneration);
    this.onChange();
  }
}
