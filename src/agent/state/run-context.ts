/**
 * Everything one run's relay knows, in one place, handed from phase to phase (see
 * runtime/drive-run.ts). Each fact has one owner here: the record (keeper), where the run stands in
 * its event log (cursor: offset and deduplication), what the events say (view), how Slack shows it
 * (renderer, bound once the conversation is known; sink).
 */
import type { StreamingMode } from '../../config/relay-config.js';
import type { Logger } from '../../observability/logger.js';
import type { WrapPhase } from '../../observability/tracing/wrap-phase.js';
import type { EventCursor } from '../../service/event-stream/event-cursor.js';
import type { ResearchService, WorkflowStreamEvent } from '../../service/types.js';
import type { RunRecord } from '../../store/records.js';
import type { RunStore } from '../../store/run-store.js';
import type { ThreadConversations } from '../../store/thread-conversations.js';
import type { Timers } from '../runtime/timers.js';
import type { AgentViewThread } from '../sinks/agent-view-thread.js';
import type { NativeStreamOptions } from '../sinks/native-stream-sink.js';
import type { RelayMetrics } from '../sinks/relay-metrics.js';
import type { RunRenderer } from '../sinks/run-renderer.js';
import type { RunSink } from '../sinks/run-sink.js';
import type { SlackWriter } from '../sinks/slack-writer.js';
import type { UpdateScheduler } from '../sinks/update-scheduler.js';
import type { CheckedFigures } from './checked-figures.js';
import type { RunRecordKeeper } from './run-record-keeper.js';
import type { RunView } from './run-view.js';

/** What a run's relay is given (one set per process, shared by its runs). */
export interface RunDeps {
  service: ResearchService;
  slack: SlackWriter;
  scheduler: UpdateScheduler;
  runs: Pick<RunStore, 'save' | 'saveProgress' | 'markEnded' | 'get'>;
  threads: Pick<ThreadConversations, 'get' | 'save'>;
  metrics: RelayMetrics;
  logger: Logger;
  clock: () => number;
  timers: Timers;
  streaming: StreamingMode;
  idleTimeoutMs: number;
  /** The offset is saved at least this often while events arrive (and with every shown update). */
  offsetSaveIntervalMs: number;
  native: NativeStreamOptions;
  /**
   * Checks the figures of a completed run's report against its workspace's statements (off when
   * absent: FIGURE_CHECK=off). Called once per run, before its final render.
   */
  checkFigures?: CheckFigures;
  /**
   * Starts reading, while the run goes on, what its figure check will need (the companies' names,
   * the statements its data tools read), so the final answer does not wait for them. Cheap and
   * synchronous; called when the run's tool calls change. Absent with FIGURE_CHECK=off.
   */
  warmFigures?: WarmFigures;
  /** Binds the renderers to a run; called once per run, when its conversation is known. */
  rendererFor(run: Pick<RunRecord, 'runId' | 'askerUserId' | 'conversationUrl'> & Partial<Pick<RunRecord, 'question'>>): RunRenderer;
  /** Wraps each phase of the run (a span per phase when tracing is on); absent, phases run bare. */
  wrapPhase?: WrapPhase;
}

/** The figure check of one completed run, over the run's own workspace service; `signal` aborts when its time is up. */
export type CheckFigures = (input: {
  service: ResearchService;
  view: RunView;
  run: RunRecord;
  signal: AbortSignal;
}) => Promise<CheckedFigures>;

/** See RunDeps.warmFigures: never throws, never awaited. */
export type WarmFigures = (input: { service: ResearchService; view: RunView; run: RunRecord }) => void;

export interface RunContext {
  readonly deps: RunDeps;
  readonly log: Logger;
  /** Aborted when the relay of this run stops (lease lost, shutdown). */
  readonly signal: AbortSignal;
  /** Taken over from a process that stopped: any step may be half done, so look before acting. */
  readonly resumed: boolean;
  readonly keeper: RunRecordKeeper;
  /** The one owner of the run's offset and the one place duplicates are dropped. */
  readonly cursor: EventCursor;
  view: RunView;
  renderer: RunRenderer | undefined;
  /** The chat call's own event stream, when this process started the run. */
  live: AsyncIterable<WorkflowStreamEvent> | undefined;
  sink: RunSink | undefined;
  /** The agent view's status line and session, for runs in the app's DM; none in channels. */
  agentView: AgentViewThread | undefined;
  /** A startStream whose outcome is unknown may have left a segment we hold no ts for. */
  straySegmentPossible: boolean;
  /** Set once progress writing has ended: the next render is the final one. */
  followed: boolean;
  /** Arrival of the oldest event progress did not show before the final render (for staleness). */
  pendingSince: number | undefined;
  /** Stopped because another relay owns the run now: its record is that relay's to write. */
  leaseLost: boolean;
}

/** The thread a run writes in. */
export function runTarget(ctx: RunContext): { runId: string; teamId: string; channelId: string; threadTs: string } {
  const r = ctx.keeper.get();
  return { runId: r.runId, teamId: r.teamId, channelId: r.channelId, threadTs: r.threadTs };
}

/**
 * The run's own reply (part 1). The starting phase posts or adopts it before any later phase
 * runs, so its absence is a bug in the phase order, not a state to handle.
 */
export function replyTsOf(ctx: RunContext): string {
  const ts = ctx.keeper.get().replyTs[0];
  if (ts === undefined) throw new Error(`run ${ctx.keeper.get().runId} has no reply message yet`);
  return ts;
}
