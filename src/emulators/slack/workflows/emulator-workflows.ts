/**
 * Workflow Builder in the emulator, as a test or the playground drives it (`emu.workflows`):
 * the app's functions, saved workflows, runs and their steps, and the schedule. Documented for
 * tests in PLAYGROUND-API.md (HTTP) and on the SlackEmulator interface.
 */
import type { ActionDeps } from '../action-deps.js';
import { EmulatorUsageError } from '../errors.js';
import type { ChangeEvent } from '../change-event.js';
import { waitFor } from '../wait-for.js';
import { exampleWorkflows } from './example-workflows.js';
import type { FunctionExecution } from './function-executions.js';
import type { WorkflowDefinition, WorkflowInput } from './workflow-definition.js';
import type { ManifestFunctions, WorkflowFunctionSpec } from './workflow-function-spec.js';
import type { WorkflowsOptions } from './workflows-options.js';
import type { StepRun, WorkflowRun } from './workflow-run.js';
import { WorkflowRunner } from './workflow-runner.js';
import { attachWorkflowsFile, workflowsFileOf } from './workflows-file.js';

export interface EmulatorWorkflows {
  /** The app's functions, from the manifest's `functions` (option `workflowFunctions` or `setFunctions`). */
  functions(): WorkflowFunctionSpec[];
  /** Replaces the app's functions with a manifest's `functions` map (callback_id → definition). */
  setFunctions(manifestFunctions: ManifestFunctions): void;
  /** Saves a workflow (same id: replaced); throws invalid_workflow / invalid_schedule saying what to fix. */
  define(workflow: WorkflowInput): WorkflowDefinition;
  list(): WorkflowDefinition[];
  remove(workflowId: string): void;
  /** Runs a saved workflow now; the run goes on in the background. */
  start(workflowId: string): WorkflowRun;
  /** Runs one app function alone (a one-step workflow, not saved). */
  runStep(p: { callback_id: string; inputs?: Record<string, unknown>; team_id?: string; user_id?: string }): WorkflowRun;
  /** A run as it is now (a copy), or undefined. */
  run(runId: string): WorkflowRun | undefined;
  /** Runs, newest first (of one workflow when given). */
  runs(workflowId?: string): WorkflowRun[];
  /** Resolves with the run once it completed, failed or was canceled. */
  waitForRun(runId: string, timeoutMs?: number): Promise<WorkflowRun>;
  /**
   * Resolves with step `index` (1-based) once `function_executed` was delivered for it
   * ('delivered'; the built-in message step: once it started) or once it ended ('finished').
   * Rejects with run_ended when the run ends before that.
   */
  waitForStep(runId: string, index: number, until?: 'delivered' | 'finished', timeoutMs?: number): Promise<StepRun>;
  cancel(runId: string, reason?: string): WorkflowRun;
  /** Starts the scheduled workflows whose instant the clock has reached; returns those runs. */
  tick(): WorkflowRun[];
  /** The next scheduled instant of a workflow (clock ms), if it has a schedule. */
  nextRunAt(workflowId: string): number | undefined;
  /** Every function execution, oldest first (status, inputs, outputs or error, how it was completed). */
  executions(): FunctionExecution[];
}

const copy = <T>(value: T): T => structuredClone(value);

function stepReached(step: StepRun, until: 'delivered' | 'finished'): boolean {
  const ended = step.status === 'completed' || step.status === 'failed' || step.status === 'skipped';
  if (until === 'finished' || ended) return ended;
  return step.type === 'send_message' ? step.status !== 'pending' : step.delivery !== undefined;
}

/**
 * Workflow Builder for an emulator: with a `stateFile`, its workflows, runs and executions are kept
 * in `<name>-workflows.json` beside it and restored first (running workflows go on).
 */
export async function startWorkflows(
  deps: ActionDeps,
  opts: WorkflowsOptions & { stateFile?: string; onStateFileProblem?: (error: Error) => void },
): Promise<{ api: EmulatorWorkflows; close(): Promise<void> }> {
  const runner = new WorkflowRunner(deps);
  const { state } = deps;
  if (opts.workflowFunctions !== undefined) state.workflows.setFunctions(opts.workflowFunctions);
  const onProblem = opts.onStateFileProblem ?? ((error: Error) => process.stderr.write(`slack emulator: ${error.message}\n`));
  const file =
    opts.stateFile === undefined ? undefined : await attachWorkflowsFile(state, runner, workflowsFileOf(opts.stateFile), onProblem);
  const defineExamples = (): void => {
    if (opts.exampleWorkflows === true)
      for (const w of exampleWorkflows(state.workflows.functions)) if (!runner.workflows.has(w.id ?? '')) runner.define(w);
  };
  defineExamples();
  const onChange = (change: ChangeEvent): void => {
    if (change.kind === 'reset') runner.reset();
  };
  state.events.on('change', onChange);
  const tickMs = opts.workflowScheduleTickMs ?? 1000;
  const timer = tickMs > 0 ? setInterval(() => runner.tick(), tickMs) : undefined;
  timer?.unref();
  const live = (runId: string): WorkflowRun => {
    const run = runner.runs.get(runId);
    if (run === undefined) throw new EmulatorUsageError('run_not_found', `no workflow run ${runId}`);
    return run;
  };

  const api: EmulatorWorkflows = {
    functions: () => copy(state.workflows.functions),
    setFunctions: (manifestFunctions) => {
      state.workflows.setFunctions(manifestFunctions);
      defineExamples();
      state.changed({ kind: 'workflow' });
    },
    define: (workflow) => copy(runner.define(workflow)),
    list: () => copy([...runner.workflows.values()]),
    remove: (id) => runner.remove(id),
    start: (id) => copy(runner.start(id)),
    runStep: (p) => copy(runner.runStep(p)),
    run: (runId) => {
      const run = runner.runs.get(runId);
      return run === undefined ? undefined : copy(run);
    },
    runs: (workflowId) => copy([...runner.runs.values()].filter((r) => workflowId === undefined || r.workflowId === workflowId).reverse()),
    waitForRun: async (runId, timeoutMs) => {
      const run = live(runId);
      return copy(await waitFor(state.events, () => run.status !== 'running' && run, timeoutMs));
    },
    waitForStep: async (runId, index, until = 'delivered', timeoutMs) => {
      const run = live(runId);
      const step = run.steps[index - 1];
      if (step === undefined) throw new EmulatorUsageError('step_not_found', `run ${runId} has steps 1–${run.steps.length}`);
      const reached = await waitFor(state.events, () => (stepReached(step, until) || run.status !== 'running') && step, timeoutMs);
      if (!stepReached(reached, until)) {
        throw new EmulatorUsageError('run_ended', `run ${runId} ${run.status} before step ${index} was ${until}: ${run.error ?? ''}`);
      }
      return copy(reached);
    },
    cancel: (runId, reason) => copy(runner.cancel(runId, reason)),
    tick: () => copy(runner.tick()),
    nextRunAt: (id) => runner.nextRunAt(id),
    executions: () => copy([...state.workflows.executions.executions.values()]),
  };
  return {
    api,
    close: async () => {
      if (timer !== undefined) clearInterval(timer);
      state.events.off('change', onChange);
      file?.detach();
      await file?.flush();
    },
  };
}
