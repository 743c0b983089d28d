/**
 * Runs workflows as Slack does: steps one after another, each step's inputs filled from literals
 * and earlier outputs; an app step sends `function_executed` and waits for the app's
 * functions.completeSuccess / completeError (minutes later is fine: nothing here times out);
 * a step that fails stops the workflow and its error is the run's. Scheduled workflows start when
 * `tick()` finds the emulator's clock at or past their next instant: the emulator calls it on a
 * timer, a test calls it after moving its clock.
 * @see https://docs.slack.dev/workflows/workflow-steps
 */
import type { ActionDeps } from '../action-deps.js';
import { EmulatorUsageError } from '../errors.js';
import { executeFunction } from './function-executed-event.js';
import type { ExecutionResult } from './function-executions.js';
import { parameterProblems } from './parameter-values.js';
import { runSendMessageStep } from './send-message-step.js';
import { coerceToDeclared, resolveInputs } from './step-inputs.js';
import { parseWorkflow, type WorkflowDefinition, type WorkflowStep } from './workflow-definition.js';
import type { StepRun, WorkflowRun } from './workflow-run.js';
import { nextRunAfter } from './workflow-schedule.js';

export interface RunnerSnapshot {
  workflows: WorkflowDefinition[];
  nextAt: Array<[string, number]>;
  runs: WorkflowRun[];
  runDefs: Array<[string, WorkflowDefinition]>;
}

/** Runs kept for the activity list; older finished ones are dropped first. */
const MAX_RUNS = 200;

export class WorkflowRunner {
  readonly workflows = new Map<string, WorkflowDefinition>();
  readonly runs = new Map<string, WorkflowRun>();
  private readonly nextAt = new Map<string, number>();
  /** The definition each run follows (a one-step run's is not saved in `workflows`). */
  private readonly runDefs = new Map<string, WorkflowDefinition>();

  constructor(private readonly deps: ActionDeps) {}

  private get clock(): () => number {
    return this.deps.config.clock;
  }

  private changed(): void {
    this.deps.state.changed({ kind: 'workflow' });
  }

  /** Saves (or replaces, same id) a workflow; its schedule's next instant counts from now. */
  define(raw: unknown): WorkflowDefinition {
    const def = parseWorkflow(raw, this.deps.state, () => this.deps.state.newId('Wf'));
    this.workflows.set(def.id, def);
    const next = def.schedule === undefined ? undefined : nextRunAfter(def.schedule, this.clock());
    if (next === undefined) this.nextAt.delete(def.id);
    else this.nextAt.set(def.id, next);
    this.changed();
    return def;
  }

  remove(workflowId: string): void {
    if (!this.workflows.delete(workflowId)) throw new EmulatorUsageError('workflow_not_found', `no workflow ${workflowId}`);
    this.nextAt.delete(workflowId);
    this.changed();
  }

  nextRunAt(workflowId: string): number | undefined {
    return this.nextAt.get(workflowId);
  }

  /** Starts a run now; it goes on in the background (watch `runs`, or wait with `whenFinished`). */
  start(workflowId: string, trigger: WorkflowRun['trigger'] = 'manual', scheduledFor?: number): WorkflowRun {
    const def = this.workflows.get(workflowId);
    if (def === undefined) throw new EmulatorUsageError('workflow_not_found', `no workflow ${workflowId}`);
    return this.launch(def, trigger, scheduledFor);
  }

  /** Runs one app function on its own, as a one-step workflow that is not saved. */
  runStep(p: { callback_id: string; inputs?: Record<string, unknown>; team_id?: string; user_id?: string }): WorkflowRun {
    const spec = this.deps.state.workflows.functionOf(p.callback_id);
    const def = parseWorkflow(
      {
        name: spec?.title ?? p.callback_id,
        ...(p.team_id !== undefined ? { team_id: p.team_id } : {}),
        ...(p.user_id !== undefined ? { user_id: p.user_id } : {}),
        steps: [{ type: 'function', callback_id: p.callback_id, inputs: p.inputs ?? {} }],
      },
      this.deps.state,
      () => `step:${p.callback_id}`,
    );
    return this.launch(def, 'manual', undefined);
  }

  /** Stops a running workflow: its running app step is ended (its workflow token revoked). */
  cancel(runId: string, reason = 'The workflow was canceled.'): WorkflowRun {
    const run = this.runs.get(runId);
    if (run === undefined) throw new EmulatorUsageError('run_not_found', `no workflow run ${runId}`);
    if (run.status !== 'running') return run;
    run.status = 'canceled';
    run.error = reason;
    run.finishedAt = this.clock();
    for (const step of run.steps) {
      if (step.status === 'running') {
        step.status = 'failed';
        step.error = reason;
        step.finishedAt = this.clock();
        const execution = step.functionExecutionId && this.deps.state.workflows.executions.executions.get(step.functionExecutionId);
        if (execution && execution.status === 'running')
          this.deps.state.workflows.executions.finish(execution.id, { error: reason }, undefined);
      } else if (step.status === 'pending') step.status = 'skipped';
    }
    this.changed();
    return run;
  }

  /** Starts every scheduled workflow whose instant has come by the clock; missed instants fire once. */
  tick(): WorkflowRun[] {
    const now = this.clock();
    const started: WorkflowRun[] = [];
    for (const def of this.workflows.values()) {
      const at = this.nextAt.get(def.id);
      if (def.schedule === undefined || at === undefined || at > now) continue;
      const next = nextRunAfter(def.schedule, now);
      if (next === undefined) this.nextAt.delete(def.id);
      else this.nextAt.set(def.id, next);
      started.push(this.launch(def, 'schedule', at));
    }
    return started;
  }

  /** The workspace was reset: running workflows are canceled and every run and execution forgotten. */
  reset(): void {
    for (const run of this.runs.values()) if (run.status === 'running') this.cancel(run.id, 'The workspace was reset.');
    this.runs.clear();
    this.runDefs.clear();
    this.deps.state.workflows.executions.clear();
    this.changed();
  }

  private launch(def: WorkflowDefinition, trigger: WorkflowRun['trigger'], scheduledFor: number | undefined): WorkflowRun {
    const run: WorkflowRun = {
      id: this.deps.state.newId('Wx'),
      workflowId: def.id,
      workflowName: def.name,
      teamId: def.teamId,
      userId: def.userId,
      trigger,
      ...(scheduledFor !== undefined ? { scheduledFor } : {}),
      status: 'running',
      startedAt: this.clock(),
      steps: def.steps.map((s, i) => ({ index: i + 1, type: s.type, callbackId: s.callbackId, title: s.title, status: 'pending' })),
    };
    this.runs.set(run.id, run);
    this.runDefs.set(run.id, def);
    this.dropOldRuns();
    this.changed();
    this.follow(run, def);
    return run;
  }

  /** What a restart keeps: workflows, their next instants, runs and what each run follows. */
  snapshot(): RunnerSnapshot {
    return structuredClone({
      workflows: [...this.workflows.values()],
      nextAt: [...this.nextAt.entries()],
      runs: [...this.runs.values()],
      runDefs: [...this.runDefs.entries()],
    });
  }

  /** Puts a snapshot back; runs that were running go on where they were (an app step: waiting for the app). */
  restore(snapshot: RunnerSnapshot): void {
    for (const w of snapshot.workflows) this.workflows.set(w.id, w);
    for (const [id, at] of snapshot.nextAt) this.nextAt.set(id, at);
    for (const [id, def] of snapshot.runDefs) this.runDefs.set(id, def);
    for (const run of snapshot.runs) {
      this.runs.set(run.id, run);
      const def = this.runDefs.get(run.id);
      if (run.status !== 'running') continue;
      if (def === undefined) this.endRun(run, 'failed', 'The emulator restarted and lost this workflow.');
      else this.follow(run, def);
    }
  }

  private follow(run: WorkflowRun, def: WorkflowDefinition): void {
    this.drive(run, def).catch((error: unknown) => {
      // A bug in the runner must still end the run visibly, never leave it "running" forever.
      if (run.status === 'running')
        this.endRun(run, 'failed', `The emulator failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private async drive(run: WorkflowRun, def: WorkflowDefinition): Promise<void> {
    const outputs = new Map<number, Record<string, unknown>>([[0, { user_id: run.userId }]]);
    for (const [i, step] of def.steps.entries()) {
      const record = run.steps[i];
      if (record === undefined || run.status !== 'running') return;
      if (record.status === 'completed') {
        // A run followed again after a restart: its finished steps stand.
        outputs.set(record.index, record.outputs ?? {});
        continue;
      }
      const waiting = record.status === 'running' && record.functionExecutionId !== undefined;
      if (!waiting) {
        record.status = 'running';
        record.startedAt = this.clock();
        this.changed();
      }
      const result = waiting ? await this.outcome(record.functionExecutionId ?? '') : await this.runOne(run, step, record, outputs);
      if (run.status !== 'running') return;
      record.finishedAt = this.clock();
      if ('error' in result) {
        record.status = 'failed';
        record.error = result.error;
        for (const later of run.steps.slice(i + 1)) later.status = 'skipped';
        this.endRun(run, 'failed', `Step ${record.index} (${record.title}): ${result.error}`);
        return;
      }
      record.status = 'completed';
      record.outputs = result.outputs;
      outputs.set(record.index, result.outputs);
      this.changed();
    }
    this.endRun(run, 'completed', undefined);
  }

  private async runOne(
    run: WorkflowRun,
    step: WorkflowStep,
    record: StepRun,
    outputs: Map<number, Record<string, unknown>>,
  ): Promise<ExecutionResult> {
    const resolved = resolveInputs(step.inputs, outputs);
    if (step.type === 'send_message') {
      record.inputs = resolved;
      return runSendMessageStep(this.deps, run.teamId, resolved);
    }
    const spec = this.deps.state.workflows.functionOf(step.callbackId);
    if (spec === undefined) return { error: `The app no longer has the function "${step.callbackId}".` };
    const inputs: Record<string, unknown> = {};
    for (const p of spec.inputs) {
      const value = resolved[p.name];
      if (value === undefined) continue;
      // Workflow Builder's channel picker gives an id: a `#name` here stands for that pick.
      const picked = p.type === 'slack#/types/channel_id' && typeof value === 'string' && value.startsWith('#');
      inputs[p.name] = picked ? (this.deps.state.resolveChannel(value)?.id ?? value) : coerceToDeclared(p.type, value);
    }
    record.inputs = inputs;
    const problems = parameterProblems(spec.inputs, inputs, 'input');
    if (problems.length > 0) return { error: problems.join('; ') };
    let started: Awaited<ReturnType<typeof executeFunction>>;
    try {
      started = await executeFunction(this.deps, { spec, teamId: run.teamId, workflowExecutionId: run.id, inputs });
    } catch (error) {
      if (error instanceof EmulatorUsageError) return { error: error.message };
      throw error;
    }
    record.functionExecutionId = started.execution.id;
    record.delivery = { ok: started.delivery.ok, outcome: started.delivery.outcome, deliveryId: started.delivery.deliveryId };
    this.changed();
    return this.outcome(started.execution.id);
  }

  /** Waits for the app to end an execution: its outputs, or its error. */
  private async outcome(executionId: string): Promise<ExecutionResult> {
    if (!this.deps.state.workflows.executions.executions.has(executionId)) return { error: 'The emulator lost this step.' };
    const finished = await this.deps.state.workflows.executions.whenFinished(executionId);
    return finished.status === 'completed' ? { outputs: finished.outputs ?? {} } : { error: finished.error ?? 'The step failed.' };
  }

  private endRun(run: WorkflowRun, status: 'completed' | 'failed', error: string | undefined): void {
    run.status = status;
    run.finishedAt = this.clock();
    if (error !== undefined) run.error = error;
    this.changed();
  }

  private dropOldRuns(): void {
    for (const [id, run] of this.runs) {
      if (this.runs.size <= MAX_RUNS) return;
      if (run.status !== 'running') {
        this.runs.delete(id);
        this.runDefs.delete(id);
      }
    }
  }
}
