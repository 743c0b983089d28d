/**
 * One Workflow Builder step of the app: its callback id, its inputs (checked at the edge,
 * step-inputs.ts) and what it does with them. A step answers with its outputs, with an error the
 * workflow's builder can act on, or — the agent step — by completing later.
 * @see https://docs.slack.dev/workflows/workflow-steps
 */
import type { Logger } from '../../observability/logger.js';
import type { WorkspaceRef } from '../../workspaces/workspace-ref.js';
import type { FeatureHooks } from '../kit/feature-hooks.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { StepInputFields, StepInputs } from './step-inputs.js';
import type { WorkflowStepId } from './workflow-step-ids.js';

export interface StepCall {
  workspace: WorkspaceRef;
  log: Logger;
  correlationId: string;
  /** Slack's function_execution_id. */
  executionId: string;
  /** The execution's own bot token (short-lived; kept only sealed). */
  functionToken?: string;
  /**
   * The person who ran the workflow, when the payload names one (Bolt's context.userId, read from
   * the event's `user`). Slack's documented function_executed carries none: a workflow hands the
   * person to a step as an input bound to "Person who used this workflow".
   * @see https://docs.slack.dev/reference/events/function_executed
   */
  userId?: string;
}

export type StepResult =
  | { outputs: Record<string, unknown> }
  /** User-safe: what went wrong and what to do (functions.completeError `error`). */
  | { error: string }
  /** The step completes later (the agent step, when its run ends). */
  | { waiting: true };

export interface WorkflowStep<F extends StepInputFields = StepInputFields> {
  callbackId: WorkflowStepId;
  inputs: F;
  /** What the step does, in the words of a failure message ("the search"). */
  action: string;
  /** Output names manifest.yml declares for the step (test/manifest.test.ts keeps them equal). */
  outputs: readonly string[];
  run(deps: ListenerDeps, hooks: FeatureHooks, call: StepCall, inputs: StepInputs<F>): Promise<StepResult>;
}
