/**
 * The playground's ready example: every Monday at 09:00 (UTC), this week's earnings calendar — the
 * app's *Earnings calendar* step (all three markets, this week) — posted to #markets by the built-in
 * message step. Saved only when the app declares the function with the inputs and outputs it uses.
 */
import type { WorkflowInput } from './workflow-definition.js';
import type { WorkflowFunctionSpec } from './workflow-function-spec.js';

export const MONDAY_EARNINGS_WORKFLOW_ID = 'monday-earnings';

const CALENDAR = { callbackId: 'earnings_calendar', inputs: { week: 'this' }, outputs: ['calendar', 'report_count'] };

export function exampleWorkflows(functions: readonly WorkflowFunctionSpec[]): WorkflowInput[] {
  const calendar = functions.find((f) => f.callbackId === CALENDAR.callbackId);
  const usable =
    calendar !== undefined &&
    Object.keys(CALENDAR.inputs).every((name) => calendar.inputs.some((p) => p.name === name)) &&
    CALENDAR.outputs.every((name) => calendar.outputs.some((o) => o.name === name));
  if (!usable) return [];
  return [
    {
      id: MONDAY_EARNINGS_WORKFLOW_ID,
      name: 'Monday earnings',
      schedule: { cron: '0 9 * * 1', timezone: 'UTC' },
      steps: [
        { type: 'function', callback_id: CALENDAR.callbackId, inputs: { ...CALENDAR.inputs } },
        {
          type: 'send_message',
          // The calendar's own heading names the markets, the week and how many reports.
          inputs: { channel_id: '#markets', message: '{{steps.1.calendar}}' },
        },
      ],
    },
  ];
}
