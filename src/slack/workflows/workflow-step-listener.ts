/**
 * Bolt's `function_executed` listener for one step: Bolt has acked the event and gives the
 * execution's `complete`/`fail` (with its own token, context.functionBotAccessToken). Inputs are
 * parsed once; any failure — a bad input (OperationInputError), the service, the workspace not
 * connected, a bug — completes the step with the same user-safe words the slash commands use
 * (operationFailure), never leaving it running. A completion Slack refuses (an expired token, an
 * execution already ended) is logged, never thrown.
 * @see https://docs.slack.dev/tools/bolt-js/concepts/custom-steps
 * @see https://docs.slack.dev/reference/events/function_executed
 */
import { toSlackCallError } from '../../slack-api/slack-call-error.js';
import { clampPlainText } from '../blocks/clamp-text.js';
import { WORKFLOW_OUTPUT_LIMITS } from '../blocks/limits/workflow-output-limits.js';
import { requestContext } from '../kit/correlation-middleware.js';
import type { FeatureHooks } from '../kit/feature-hooks.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { ListenerRegistry } from '../kit/listener-router.js';
import { operationFailure } from '../kit/operations/operation-failure.js';
import { parseStepInputs, type StepInputFields } from './step-inputs.js';
import type { StepResult, WorkflowStep } from './workflow-step.js';

export type FunctionListener = Parameters<ListenerRegistry['function']>[1];

export function workflowStepListener<F extends StepInputFields>(
  deps: ListenerDeps,
  hooks: FeatureHooks,
  step: WorkflowStep<F>,
): FunctionListener {
  return async ({ event, context, complete, fail }) => {
    const { log: requestLog, correlationId, workspace } = requestContext(context, deps.logger);
    const executionId = event.function_execution_id;
    const log = requestLog.child({ step: step.callbackId, function_execution_id: executionId });
    let result: StepResult;
    try {
      const inputs = parseStepInputs(step.inputs, event.inputs);
      const functionToken = context.functionBotAccessToken;
      const userId = context.userId;
      result = await step.run(
        deps,
        hooks,
        { workspace, log, correlationId, executionId, ...(functionToken ? { functionToken } : {}), ...(userId ? { userId } : {}) },
        inputs,
      );
    } catch (error) {
      const failure = operationFailure(error, { correlationId, action: step.action });
      if (failure.code === 'internal') log.error('workflow step failed', { code: failure.code, error });
      else log.info('workflow step refused', { code: failure.code, field: failure.field });
      result = { error: failure.message };
    }
    try {
      if ('outputs' in result) {
        await complete({ outputs: result.outputs });
        log.info('workflow step completed');
      } else if ('error' in result) {
        await fail({ error: clampPlainText(result.error, WORKFLOW_OUTPUT_LIMITS.errorChars) });
      }
    } catch (error) {
      const method = 'outputs' in result ? 'functions.completeSuccess' : 'functions.completeError';
      log.warn('Slack refused to end the workflow step', { slack_error: toSlackCallError(method, error).code });
    }
  };
}
