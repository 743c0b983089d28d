/**
 * One run's relay: builds its RunContext and drives it through the phases (drive-run.ts) from
 * wherever its record says it stands to its final render. Each external step is preceded by saving
 * the record, so a crash at any point resumes without a second reply, a second chat or lost text.
 */
import { createEventCursor } from '../../service/event-stream/event-cursor.js';
import type { RunRecord } from '../../store/records.js';
import { createRunRecordKeeper } from '../state/run-record-keeper.js';
import type { RunContext, RunDeps } from '../state/run-context.js';
import { initialRunView, markCancelRequested } from '../state/run-view.js';
import { createAgentViewThread, hasAgentView } from '../sinks/agent-view-thread.js';
import { driveRun } from './drive-run.js';
import type { RunOutcome } from './run-phase.js';

export interface RunHandle {
  readonly runId: string;
  /** Rejects only on trouble that may pass (store, network): the lease then expires and a replica resumes. */
  readonly done: Promise<RunOutcome>;
  /**
   * Stops relaying without finishing (lease lost, shutdown): the in-flight write completes and the
   * offset is saved, unless the lease was lost (the record is then another relay's to write).
   */
  stop(options?: { leaseLost?: boolean }): Promise<void>;
  /** Records who pressed Cancel (shown in the ending). */
  noteCancel(byUserId: string): void;
  record(): RunRecord;
  /** Writes the whole record as the relay holds it now (after the store lost it). */
  saveRecord(): Promise<void>;
}

export function relayRun(initial: RunRecord, deps: RunDeps, options: { resumed: boolean }): RunHandle {
  const log = deps.logger.child({ runId: initial.runId, component: 'relay-run' });
  const stopper = new AbortController();
  // A run taken over re-reads its whole event log through this cursor (resuming-phase.ts).
  const cursor = createEventCursor();
  const keeper = createRunRecordKeeper(initial, { runs: deps.runs, clock: deps.clock, offset: () => cursor.lastOffset, logger: log });
  const ctx: RunContext = {
    deps,
    log,
    signal: stopper.signal,
    resumed: options.resumed,
    keeper,
    cursor,
    view: initialRunView({ startedAtMs: initial.startedAtMs }),
    renderer: undefined,
    live: undefined,
    sink: undefined,
    // Every thread gets Slack's agent session (its native Stop); only the DM's agent view a status line.
    agentView: createAgentViewThread(
      { runId: initial.runId, teamId: initial.teamId, channelId: initial.channelId, threadTs: initial.threadTs },
      { slack: deps.slack, scheduler: deps.scheduler, logger: log, clock: deps.clock },
      { statusLine: hasAgentView(initial.channelId) },
    ),
    straySegmentPossible: false,
    followed: false,
    pendingSince: undefined,
    leaseLost: false,
  };
  const done = driveRun(ctx);
  return {
    runId: initial.runId,
    done,
    async stop(stopOptions = {}) {
      if (stopOptions.leaseLost) ctx.leaseLost = true;
      stopper.abort();
      // How it ended (or failed) is reported by whoever holds `done` (the runtime logs it).
      await Promise.allSettled([done]);
    },
    noteCancel(byUserId) {
      keeper.apply({ cancelledBy: byUserId });
      ctx.view = markCancelRequested(ctx.view, byUserId, deps.clock());
    },
    record: () => keeper.get(),
    saveRecord: () => keeper.save(),
  };
}
