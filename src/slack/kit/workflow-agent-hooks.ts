/**
 * What the agent slice offers the Workflow Builder step *Ask the research agent*
 * (src/slack/workflows/): start a run for a question in a channel, and read how a run ended. The
 * workflows slice keeps the execution's record and completes the step; the run itself is the
 * agent slice's like any other (leases, resume after a restart).
 */
import type { Logger } from '../../observability/logger.js';
import type { WorkspaceRef } from '../../workspaces/workspace-ref.js';
import type { ListenerDeps } from './listener-deps.js';

export interface WorkflowQuestion {
  workspace: WorkspaceRef;
  channelId: string;
  question: string;
  /** Who it is asked for (shown with the question); the app itself when the step names nobody. */
  userId?: string;
  /** The step execution's id: the same id starts one run. */
  requestId: string;
  log: Logger;
}

/** Started (or waiting to start by itself) with its run id, or refused with a user-safe reason. */
export type WorkflowQuestionResult =
  | { status: 'started'; runId: string; channelId: string; threadTs: string }
  | { status: 'refused'; message: string };

export interface WorkflowRunRef {
  workspace: WorkspaceRef;
  runId: string;
  log: Logger;
}

/** How a run ended, as a step's outputs or its error need it. */
export type WorkflowRunOutcome =
  /** Still starting or running (the step waits). */
  | { status: 'running' }
  | { status: 'completed'; answer: string; link?: string }
  /** Cancelled, timed out or failed; `message` says why, user-safe. */
  | { status: 'cancelled' | 'timed_out' | 'failed' | 'missing'; message: string; link?: string };

export interface WorkflowAgentHooks {
  askForWorkflow(deps: ListenerDeps, question: WorkflowQuestion): Promise<WorkflowQuestionResult>;
  workflowRunOutcome(deps: ListenerDeps, run: WorkflowRunRef): Promise<WorkflowRunOutcome>;
}
