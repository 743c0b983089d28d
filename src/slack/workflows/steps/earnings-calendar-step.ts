/** *Earnings calendar*: `/financials earnings [cn|hk|us] [this|next|last|YYYY-MM-DD]` as a step. */
import { formatEarningsCalendar } from '../format/format-earnings-calendar.js';
import { optionalText } from '../step-inputs.js';
import type { WorkflowStep } from '../workflow-step.js';
import { operationCallOf } from './operation-call-of.js';
import { WORKFLOW_STEP_IDS } from '../workflow-step-ids.js';

const inputs = {
  markets: optionalText('Markets', 'cn, hk or us, comma-separated (all three when empty)'),
  week: optionalText('Week', 'this, next, last or a date in the week as YYYY-MM-DD (this week when empty)'),
};

export const earningsCalendarStep: WorkflowStep<typeof inputs> = {
  callbackId: WORKFLOW_STEP_IDS.earningsCalendar,
  inputs,
  action: 'the earnings calendar',
  outputs: ['calendar', 'report_count', 'week_start'],
  async run(deps, hooks, call, input) {
    const calendar = await hooks.operations.earningsCalendar(deps, call.workspace, input, operationCallOf(call));
    return { outputs: formatEarningsCalendar(calendar) };
  },
};
