import type { DeliveryOutcome } from '../delivery/delivery-record.js';

export type RunStatus = 'running' | 'completed' | 'failed' | 'canceled';
export type StepStatus = 'pending' | 'running' | 'completed' | 'failed' | 'skipped';

/** One step of a run, as Workflow Builder's activity shows it. */
export interface StepRun {
  /** 1-based, as variables name it (`{{steps.1.…}}`). */
  index: number;
  type: 'function' | 'send_message';
  callbackId: string;
  title: string;
  status: StepStatus;
  /** The inputs as sent, variables replaced. */
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  /** Why the step failed: the app's completeError message, or what stopped the step. */
  error?: string;
  functionExecutionId?: string;
  /** How `function_executed` reached the app (first attempt; retries are in `deliveries`). */
  delivery?: { ok: boolean; outcome: DeliveryOutcome; deliveryId: string };
  startedAt?: number;
  finishedAt?: number;
}

/** One run of a workflow: `id` is the workflow_execution_id its function steps receive. */
export interface WorkflowRun {
  id: string;
  workflowId: string;
  workflowName: string;
  teamId: string;
  userId: string;
  trigger: 'manual' | 'schedule';
  /** The scheduled instant it ran for (clock ms), for a scheduled run. */
  scheduledFor?: number;
  status: RunStatus;
  startedAt: number;
  finishedAt?: number;
  /** The failing step's error, prefixed with the step ("Step 2 (Company financials): …"). */
  error?: string;
  steps: StepRun[];
}
