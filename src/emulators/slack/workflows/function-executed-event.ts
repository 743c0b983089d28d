/**
 * A workflow reaches one of the app's steps: a new execution with its workflow token, and the
 * `function_executed` event delivered like any event (HTTP or Socket Mode, retried when not
 * acknowledged). Apps do not subscribe to it: an app with a function in a workflow receives it.
 * @see https://docs.slack.dev/reference/events/function_executed
 */
import type { ActionDeps } from '../action-deps.js';
import type { DeliveryResult } from '../delivery/delivery-record.js';
import { scopeOfTeam } from '../delivery/payloads.js';
import { sendEvent } from '../user-events.js';
import type { FunctionExecution } from './function-executions.js';
import { eventParameter, type WorkflowFunctionSpec } from './workflow-function-spec.js';

/** When the emulator "created" every function (function.date_created / date_updated, seconds). */
const FUNCTIONS_CREATED_AT_S = 1_735_689_600;

export function functionExecutedEvent(
  deps: ActionDeps,
  spec: WorkflowFunctionSpec,
  execution: FunctionExecution,
  token: string,
): Record<string, unknown> {
  return {
    type: 'function_executed',
    function: {
      id: spec.id,
      callback_id: spec.callbackId,
      title: spec.title,
      ...(spec.description !== undefined ? { description: spec.description } : {}),
      type: 'app',
      input_parameters: spec.inputs.map(eventParameter),
      output_parameters: spec.outputs.map(eventParameter),
      app_id: deps.state.seed.appId,
      date_created: FUNCTIONS_CREATED_AT_S,
      date_updated: FUNCTIONS_CREATED_AT_S,
      date_deleted: 0,
    },
    inputs: execution.inputs,
    function_execution_id: execution.id,
    workflow_execution_id: execution.workflowExecutionId,
    event_ts: deps.state.nextTs(),
    bot_access_token: token,
  };
}

/**
 * Starts an execution of `spec` in `teamId`'s workspace and delivers `function_executed`; throws
 * app_not_installed when the app is not in that workspace.
 */
export async function executeFunction(
  deps: ActionDeps,
  p: { spec: WorkflowFunctionSpec; teamId: string; workflowExecutionId: string; inputs: Record<string, unknown> },
): Promise<{ execution: FunctionExecution; delivery: DeliveryResult }> {
  const scope = scopeOfTeam(deps.state, p.teamId);
  const { execution, token } = deps.state.workflows.executions.start({
    workflowExecutionId: p.workflowExecutionId,
    callbackId: p.spec.callbackId,
    functionId: p.spec.id,
    installKey: scope.installation.key,
    teamId: p.teamId,
    inputs: p.inputs,
  });
  const delivery = await sendEvent(deps, functionExecutedEvent(deps, p.spec, execution, token), { scope });
  return { execution, delivery };
}
