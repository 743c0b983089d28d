/**
 * The playground's ready example: every Monday at 09:00 (UTC), the week's earnings news — the
 * app's Search research step for earnings call transcripts — posted to #markets by the built-in
 * message step. (The app has no earnings-calendar step; this is the nearest it offers.) Saved only
 * when the app declares the function with the inputs and outputs it uses.
 */
import type { WorkflowInput } from './workflow-definition.js';
import type { WorkflowFunctionSpec } from './workflow-function-spec.js';

export const MONDAY_EARNINGS_WORKFLOW_ID = 'monday-earnings';

const SEARCH = { callbackId: 'search_research', inputs: { query: 'earnings', categories: 'transcripts' } };

export function exampleWorkflows(functions: readonly WorkflowFunctionSpec[]): WorkflowInput[] {
  const search = functions.find((f) => f.callbackId === SEARCH.callbackId);
  const usable =
    search !== undefined &&
    Object.keys(SEARCH.inputs).every((name) => search.inputs.some((p) => p.name === name)) &&
    ['result_count', 'results'].every((name) => search.outputs.some((o) => o.name === name));
  if (!usable) return [];
  return [
    {
      id: MONDAY_EARNINGS_WORKFLOW_ID,
      name: 'Monday earnings',
      schedule: { cron: '0 9 * * 1', timezone: 'UTC' },
      steps: [
        { type: 'function', callback_id: SEARCH.callbackId, inputs: { ...SEARCH.inputs } },
        {
          type: 'send_message',
          inputs: { channel_id: '#markets', message: "*This week's earnings calls* ({{steps.1.result_count}} found)\n{{steps.1.results}}" },
        },
      ],
    },
  ];
}
