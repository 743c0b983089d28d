/**
 * Plays agent runs over real time: each step of a run's script is emitted after its delay
 * (divided by agentSpeed), readers are told every event, and a run ends with its script's
 * outcome, a cancel, or an error of its own. The runs themselves belong to the AgentRunStore,
 * which hands them in (`runs`) for the operations that touch every run at once.
 */
import type { WorkflowEvent } from './agent-events.js';
import { ConflictError, type AgentRun, type MessageStatus, type RunListener } from './agent-run-records.js';
import { eventsFromOffset, lastOffsetOf } from './events-from-offset.js';

export interface AgentRunPlayerOptions {
  clock: () => number;
  /** Time multiplier for runs (delays are divided by it). */
  agentSpeed: number;
  /** Every run the store holds. */
  runs: () => Iterable<AgentRun>;
  /** Told after every change to a run (to save the state). */
  onChange: () => void;
  /** Told when a run ends, with the time it ended, before `onChange`. */
  onEnd: (run: AgentRun, endedAt: number) => void;
}

export class AgentRunPlayer {
  private closed = false;
  private paused = false;
  /** Set by pauseAfter: the event after which every run is held. */
  private holdAfter: ((event: WorkflowEvent) => boolean) | undefined;

  constructor(private readonly opts: AgentRunPlayerOptions) {}

  /** Emits the run's next step after its delay, and so on until the script ends. */
  play(run: AgentRun): void {
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
        const event: WorkflowEvent = { ...step.event, timestamp: this.opts.clock() };
        this.append(run, event);
        if (this.holdAfter?.(event)) {
          this.holdAfter = undefined;
          this.pause();
        }
        this.play(run);
      },
      Math.max(0, Math.round(step.delayMs / this.opts.agentSpeed)),
    );
  }

  /**
   * Holds every running run at its next step (no further events) until resume(): a test that
   * restarts the app mid-run uses it so the run cannot outpace a restart on a busy machine.
   */
  pause(): void {
    this.paused = true;
    for (const run of this.opts.runs()) {
      clearTimeout(run.timer);
      run.timer = undefined;
    }
  }

  /**
   * Holds every running run (as pause() does) right after the first event that `match` accepts
   * is emitted: a test sees a run in a given state however fast or slow the machine is.
   */
  pauseAfter(match: (event: WorkflowEvent) => boolean): void {
    this.holdAfter = match;
  }

  /** Lets held runs go on: each waits its current step's delay again. */
  resume(): void {
    this.holdAfter = undefined;
    if (!this.paused) return;
    this.paused = false;
    for (const run of this.opts.runs()) if (run.status === 'running' && run.timer === undefined) this.play(run);
  }

  /** Ends a running run with a `cancel` event; a run that already ended is a conflict. */
  cancel(run: AgentRun): void {
    if (run.status !== 'running') throw new ConflictError(`run ${run.assistantMessageId} is not running (status ${run.status})`);
    this.endWith(run, 'cancelled', 'cancel', { content: 'cancelled by user' });
  }

  /** Ends a running run with one last event of its own (offset after the last one handed out). */
  endWith(run: AgentRun, status: MessageStatus, type: 'cancel' | 'error', fields: Partial<WorkflowEvent>): void {
    clearTimeout(run.timer);
    const last = lastOffsetOf(run.events);
    this.append(run, {
      event_id: `evt_${run.responseId.slice(-10)}_${type}`,
      event_type: type,
      timestamp: this.opts.clock(),
      response_id: run.responseId,
      workflow_id: 'wf_research_report_v3',
      execution_id: `exec_${run.responseId.slice(-12)}`,
      ...fields,
      offset: (last ?? run.script.steps[0]?.event.offset ?? 0) + 1,
    });
    this.finish(run, status);
  }

  /**
   * Replays stored events from `fromOffset` (events-from-offset.ts) to `listener`, then follows
   * the run. Returns an unsubscribe function. The listener gets `null` once the run has ended (at
   * once if it already had).
   */
  subscribe(run: AgentRun, fromOffset: number, listener: RunListener): () => void {
    for (const e of eventsFromOffset(run.events, fromOffset)) listener(e);
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

  /**
   * Releases timers. Running runs end as cancelled, unless `keepRunning` (the state is saved):
   * then they stay `running` where they are, for the next start to continue.
   */
  close(opts: { keepRunning?: boolean } = {}): void {
    this.closed = true;
    for (const run of this.opts.runs()) {
      clearTimeout(run.timer);
      run.timer = undefined;
      if (run.status === 'running' && !opts.keepRunning) this.finish(run, 'cancelled');
    }
  }

  private append(run: AgentRun, event: WorkflowEvent): void {
    run.events.push(event);
    this.opts.onChange();
    for (const l of [...run.listeners]) l(event);
  }

  private finish(run: AgentRun, status: MessageStatus): void {
    run.status = status;
    const now = this.opts.clock();
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
    this.opts.onEnd(run, now);
    this.opts.onChange();
    for (const l of [...run.listeners]) l(null);
    run.listeners.clear();
    run.resolveDone();
  }
}
