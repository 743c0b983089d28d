/** What the agent slice offers the Workflow Builder steps (wired in src/slack/register-listeners.ts). */
import type { WorkflowAgentHooks } from '../../kit/workflow-agent-hooks.js';
import { askForWorkflow } from './ask-for-workflow.js';
import { workflowRunOutcome } from './workflow-run-outcome.js';

export const agentWorkflowHooks: WorkflowAgentHooks = { askForWorkflow, workflowRunOutcome };
