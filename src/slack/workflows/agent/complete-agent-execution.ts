/**
 * Completes an *Ask the research agent* execution once its run has ended: the answer and the
 * thread's link, or an error that says why there is none (cancelled, timed out, failed, never
 * started). Called when a run ends in this process (relay.onRunEnded, resumed runs included),
 * right after the execution starts waiting (a run that ended at once), and by the sweep after a
 * start (runs that ended while no process was up). The store's claim makes exactly one caller
 * complete it, across restarts and replicas.
 */
import type { Logger } from '../../../observability/logger.js';
import type { WorkflowExecution } from '../../../store/workflow-executions.js';
import { plainText } from '../../blocks/escape.js';
import { clampPlainText } from '../../blocks/clamp-text.js';
import { WORKFLOW_OUTPUT_LIMITS } from '../../blocks/limits/workflow-output-limits.js';
import type { FeatureHooks } from '../../kit/feature-hooks.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { sendStepCompletion, type StepCompletion } from './send-step-completion.js';

/**
 * How long an execution may wait for its run to exist: a run deferred through an outage starts
 * within minutes (defer-run-start.ts) or tells why not; a record older than this without a run
 * will never get one (the process stopped between recording the execution and starting the run).
 */
export const RUN_START_GRACE_MS = 15 * 60_000;

export type ExecutionState = 'completed' | 'waiting';

export async function completeAgentExecution(
  deps: ListenerDeps,
  hooks: Pick<FeatureHooks, 'workflowAgent'>,
  execution: WorkflowExecution,
  parentLog: Logger,
): Promise<ExecutionState> {
  const log = parentLog.child({ function_execution_id: execution.executionId, runId: execution.runId });
  const late = deps.clock() - execution.createdAtMs > RUN_START_GRACE_MS;
  let completion: StepCompletion;
  if (!execution.runId) {
    if (!late) return 'waiting';
    completion = { error: 'The question never reached the agent (the app stopped while starting it). Run the workflow again.' };
  } else {
    const workspace = { teamId: execution.teamId, ...(execution.enterpriseId ? { enterpriseId: execution.enterpriseId } : {}) };
    const outcome = await hooks.workflowAgent.workflowRunOutcome(deps, { workspace, runId: execution.runId, log });
    if (outcome.status === 'running' || (outcome.status === 'missing' && !late)) return 'waiting';
    completion =
      outcome.status === 'completed'
        ? {
            outputs: {
              answer: clampPlainText(plainText(outcome.answer), WORKFLOW_OUTPUT_LIMITS.stringChars),
              conversation_link: outcome.link ?? '',
            },
          }
        : { error: outcome.message };
  }
  const executions = deps.stores.workflowExecutions;
  if (!(await executions.claimCompletion(execution.teamId, execution.executionId))) return 'completed';
  const sent = await sendStepCompletion(deps, execution, completion, log);
  if (sent === 'retry') {
    // Slack could not be told now: the record stays, and the next sweep (or run end) tries again.
    await executions.releaseCompletion(execution.teamId, execution.executionId);
    return 'waiting';
  }
  await executions.finish(execution.teamId, execution.executionId);
  log.info('workflow agent step ended', { outcome: 'outputs' in completion ? 'answered' : 'error', sent });
  return 'completed';
}
