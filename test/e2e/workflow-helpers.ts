/**
 * Issue 32's Workflow Builder e2e tests: the real app between both emulators, the Slack emulator
 * knowing the app's steps from manifest.yml's `functions` (as Workflow Builder does once the app
 * is installed), its schedule timer off (tests start runs themselves).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { ApiCall, ManifestFunctions, StepRun, WorkflowRun } from '../../src/emulators/slack/index.js';
import { type ResearchDesk, startResearchDesk } from '../../src/research-desk.js';
import type { WorkflowExecution } from '../../src/store/workflow-executions.js';
import { eventually } from './agent-helpers.js';
import { type Harness, type HarnessOptions, startHarness } from './harness.js';
import { richTextNodes } from '../slack/workflows/support/rich-text-output.js';

const manifest = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8')) as { functions: ManifestFunctions };

export async function startWorkflowHarness(options: HarnessOptions = {}): Promise<Harness> {
  return startHarness({
    ...options,
    slack: { workflowFunctions: manifest.functions, workflowScheduleTickMs: 0, ...options.slack },
  });
}

/** Runs one step of the app alone and waits for it to end. */
export async function runStep(h: Harness, callbackId: string, inputs: Record<string, unknown>, timeoutMs = 20_000): Promise<WorkflowRun> {
  const run = h.slack.workflows.runStep({ callback_id: callbackId, inputs });
  return h.slack.workflows.waitForRun(run.id, timeoutMs);
}

/**
 * Step `index` of workflow run `workflowRunId` once Slack delivered it (an agent step), and the
 * app's stored execution of it once the app started the step's agent run (`runId`).
 */
export async function agentStepStarted(
  h: Harness,
  workflowRunId: string,
  index: number,
): Promise<{ step: StepRun; execution: WorkflowExecution; runId: string }> {
  const step = await h.slack.workflows.waitForStep(workflowRunId, index, 'delivered');
  const execution = await eventually(async () =>
    (await h.desk.stores.workflowExecutions.list()).find((e) => e.executionId === step.functionExecutionId && e.runId !== undefined),
  );
  return { step, execution, runId: execution.runId ?? '' };
}

/** Starts the next process of the app on the harness's store (the first one stopped) and points Slack at it. */
export async function startNextProcess(h: Harness): Promise<ResearchDesk> {
  const next = await startResearchDesk(h.deskOptions);
  h.slack.setRequestUrl(`http://127.0.0.1:${next.port}/slack/events`);
  return next;
}

/** The app's functions.complete* calls for one step execution, in order. */
export function completionsOf(h: Harness, functionExecutionId: string | undefined): ApiCall[] {
  return h.slack.calls.filter((c) => c.method.startsWith('functions.complete') && c.args.function_execution_id === functionExecutionId);
}

/** The readable text of a rich_text output. */
export function richTextOf(value: unknown): string {
  return richTextNodes(value)
    .flatMap((n) => (typeof n.text === 'string' ? [n.text] : n.type === 'link' && typeof n.url === 'string' ? [n.url] : []))
    .join('');
}
