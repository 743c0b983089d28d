/**
 * functions.completeSuccess and functions.completeError: the app ends a workflow step it runs.
 * Both take a bot token or the execution's workflow token (`xwfp-`, what Bolt's complete()/fail()
 * use); no scope. Errors as the method pages list them: `function_execution_not_found` (unknown
 * id), `access_denied` (the actor has no access to this execution: another execution's workflow
 * token), `execution_not_in_running_state` (already completed or failed) and, for outputs that do
 * not conform to the function's output_parameters, `parameter_validation_failed` with the
 * problems listed. A missing argument is `invalid_arguments`. Ending an execution revokes its
 * workflow token, so a second call with that token answers `token_revoked`.
 * @see https://docs.slack.dev/reference/methods/functions.completeSuccess
 * @see https://docs.slack.dev/reference/methods/functions.completeError
 */
import { SlackApiError } from '../errors.js';
import type { ApiContext, ApiMethod, ApiResult } from '../web-api/api-context.js';
import { parseJsonArg } from '../validation/parse-json-arg.js';
import { isRecord } from '../validation/validation-issue.js';
import type { FunctionExecution } from './function-executions.js';
import { parameterProblems } from './parameter-values.js';

/** The running execution the call may end, after Slack's checks in Slack's order. */
function runningExecution(ctx: ApiContext): FunctionExecution {
  const id = ctx.args.need('function_execution_id');
  const execution = ctx.state.workflows.executions.executions.get(id);
  if (execution === undefined) throw new SlackApiError('function_execution_not_found');
  const ownToken = ctx.auth.functionExecutionId;
  if (ownToken !== undefined && ownToken !== id) throw new SlackApiError('access_denied');
  // Another installation's bot cannot see this execution at all.
  if (ctx.auth.installation !== undefined && ctx.auth.installation.key !== execution.installKey) {
    throw new SlackApiError('function_execution_not_found');
  }
  if (execution.status !== 'running') throw new SlackApiError('execution_not_in_running_state');
  return execution;
}

function completedWith(ctx: ApiContext): 'workflow_token' | 'bot_token' {
  return ctx.auth.functionExecutionId === undefined ? 'bot_token' : 'workflow_token';
}

function completeSuccess(ctx: ApiContext): ApiResult {
  ctx.args.need('function_execution_id');
  const raw = ctx.args.value('outputs');
  if (raw === undefined || raw === null || raw === '') {
    throw new SlackApiError('invalid_arguments', { messages: ['missing required field: outputs'] });
  }
  const parsed = parseJsonArg(raw);
  if (!parsed.ok || !isRecord(parsed.value)) {
    throw new SlackApiError('invalid_arguments', { messages: ['outputs must be a JSON object keyed by output parameter name'] });
  }
  const outputs = parsed.value;
  const execution = runningExecution(ctx);
  const spec = ctx.state.workflows.functionOf(execution.callbackId);
  const problems = spec === undefined ? [] : parameterProblems(spec.outputs, outputs, 'output');
  if (problems.length > 0) throw new SlackApiError('parameter_validation_failed', { messages: problems });
  ctx.state.workflows.executions.finish(execution.id, { outputs }, completedWith(ctx));
  return { ok: true };
}

function completeError(ctx: ApiContext): ApiResult {
  ctx.args.need('function_execution_id');
  const error = ctx.args.need('error');
  const execution = runningExecution(ctx);
  ctx.state.workflows.executions.finish(execution.id, { error }, completedWith(ctx));
  return { ok: true };
}

export const functionMethods: Record<string, ApiMethod> = {
  'functions.completeSuccess': { handler: completeSuccess, token: 'bot' },
  'functions.completeError': { handler: completeError, token: 'bot' },
};
