/**
 * Workflow Builder steps (manifest `functions`): *Search research*, *Company financials*, *Ask
 * the research agent*, *Trending concepts* and *Earnings calendar*, each one `app.function` listener. The data comes
 * from the slices' operations and the agent through the hooks; the agent step's completion
 * after its run ends is followed from start-up (followAgentExecutions, start-background-work.ts).
 * @see https://docs.slack.dev/workflows/workflow-steps
 */
import type { RegisterSlice } from '../kit/feature-hooks.js';
import { askResearchAgentStep } from './steps/ask-research-agent-step.js';
import { companyFinancialsStep } from './steps/company-financials-step.js';
import { earningsCalendarStep } from './steps/earnings-calendar-step.js';
import { searchResearchStep } from './steps/search-research-step.js';
import { trendingConceptsStep } from './steps/trending-concepts-step.js';
import type { WorkflowStep } from './workflow-step.js';
import { workflowStepListener } from './workflow-step-listener.js';

/**
 * Every step of the app, once each (test/manifest.test.ts compares them with manifest.yml). Each
 * step's `run` takes its own inputs' type; the list holds them as steps of any inputs (the cast),
 * and the listener parses each step's inputs with that step's own fields before calling its run.
 */
export const WORKFLOW_STEPS: readonly WorkflowStep[] = [
  searchResearchStep,
  companyFinancialsStep,
  askResearchAgentStep,
  trendingConceptsStep,
  earningsCalendarStep,
] as unknown as readonly WorkflowStep[];

export const registerWorkflows: RegisterSlice = (app, deps, hooks) => {
  for (const step of WORKFLOW_STEPS) app.function(step.callbackId, workflowStepListener(deps, hooks, step));
};

export { followAgentExecutions } from './agent/follow-agent-executions.js';
