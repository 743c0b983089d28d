/** *Company financials*: `/financials <symbol> income|balance|cashflow` as a step. */
import { formatFinancials, KEY_FIGURE_OUTPUTS } from '../format/format-financials.js';
import { optionalText, text } from '../step-inputs.js';
import type { WorkflowStep } from '../workflow-step.js';
import { operationCallOf } from './operation-call-of.js';
import { WORKFLOW_STEP_IDS } from '../workflow-step-ids.js';

const inputs = {
  symbol: text('Symbol', 'e.g. SH:600519, HK:00700 or US:NVDA'),
  statement: text('Statement', 'income, balance or cashflow'),
  period: optionalText('Period', 'annual, quarterly or cumulative'),
};

export const companyFinancialsStep: WorkflowStep<typeof inputs> = {
  callbackId: WORKFLOW_STEP_IDS.companyFinancials,
  inputs,
  action: 'the statement',
  outputs: ['table', 'company', 'latest_period', ...Object.values(KEY_FIGURE_OUTPUTS)],
  async run(deps, hooks, call, input) {
    const statement = await hooks.operations.companyFinancials(deps, call.workspace, input, operationCallOf(call));
    return { outputs: formatFinancials(statement) };
  },
};
