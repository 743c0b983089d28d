/** *Trending concepts*: `/concepts` as a step. */
import { formatConcepts } from '../format/format-concepts.js';
import { optionalWholeNumber } from '../step-inputs.js';
import type { WorkflowStep } from '../workflow-step.js';
import { operationCallOf } from './operation-call-of.js';
import { WORKFLOW_STEP_IDS } from '../workflow-step-ids.js';

const inputs = {
  limit: optionalWholeNumber('How many', 'a whole number from 1 to 20'),
};

export const trendingConceptsStep: WorkflowStep<typeof inputs> = {
  callbackId: WORKFLOW_STEP_IDS.trendingConcepts,
  inputs,
  action: 'the trending concepts',
  outputs: ['concepts', 'concept_count', 'top_concept'],
  async run(deps, hooks, call, input) {
    const trending = await hooks.operations.trendingConcepts(deps, call.workspace, input, operationCallOf(call));
    return { outputs: formatConcepts(trending) };
  },
};
