/** *Search research*: `/research`'s search as a step — query, optional categories, markets and a since date. */
import { formatSearchResults } from '../format/format-search-results.js';
import { optionalDate, optionalText, text } from '../step-inputs.js';
import type { WorkflowStep } from '../workflow-step.js';
import { operationCallOf } from './operation-call-of.js';
import { WORKFLOW_STEP_IDS } from '../workflow-step-ids.js';

const inputs = {
  query: text('Search words', 'e.g. NVDA data center'),
  categories: optionalText('Categories', 'comma-separated, e.g. news, reports, filings'),
  markets: optionalText('Markets', 'comma-separated: cn, hk, us'),
  since: optionalDate('Published since', 'a date, e.g. 2025-01-31'),
};

export const searchResearchStep: WorkflowStep<typeof inputs> = {
  callbackId: WORKFLOW_STEP_IDS.searchResearch,
  inputs,
  action: 'the search',
  outputs: ['result_count', 'results', 'first_link'],
  async run(deps, hooks, call, input) {
    const found = await hooks.operations.searchResearch(deps, call.workspace, input, operationCallOf(call));
    return { outputs: formatSearchResults(found) };
  },
};
