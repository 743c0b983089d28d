/**
 * The step listener hands a step the person who ran the workflow when Bolt's context names one
 * (context.userId, which Bolt reads from an event's `user`), and nobody when it does not — Slack's
 * documented function_executed names no person, so a step must not count on it.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import type { ListenerDeps } from '../../../src/slack/kit/listener-deps.js';
import { FEATURE_HOOKS } from '../../../src/slack/register-listeners.js';
import { optionalText } from '../../../src/slack/workflows/step-inputs.js';
import type { StepCall, WorkflowStep } from '../../../src/slack/workflows/workflow-step.js';
import { workflowStepListener } from '../../../src/slack/workflows/workflow-step-listener.js';

const inputs = { note: optionalText('Note', 'any text') };

function recordingStep(calls: StepCall[]): WorkflowStep<typeof inputs> {
  return {
    callbackId: 'trending_concepts',
    inputs,
    action: 'the test step',
    outputs: ['seen'],
    async run(_deps, _hooks, call) {
      calls.push(call);
      return { outputs: { seen: call.userId ?? 'nobody' } };
    },
  };
}

async function runWith(context: Record<string, unknown>): Promise<{ call?: StepCall; outputs?: Record<string, unknown> }> {
  const calls: StepCall[] = [];
  const deps = { logger: createMemoryLogger((t) => t) } as Partial<ListenerDeps> as ListenerDeps;
  const listener = workflowStepListener(deps, FEATURE_HOOKS, recordingStep(calls));
  let outputs: Record<string, unknown> | undefined;
  const args = {
    event: { type: 'function_executed', function_execution_id: 'Fx1', inputs: {} },
    context: { teamId: 'T1', ...context },
    complete: async (p: { outputs: Record<string, unknown> }) => {
      outputs = p.outputs;
    },
    fail: async () => {},
  };
  await (listener as unknown as (a: typeof args) => Promise<void>)(args);
  return { call: calls[0], outputs };
}

describe('workflowStepListener: who ran the workflow', () => {
  it('passes Bolt’s context.userId to the step', async () => {
    const { call, outputs } = await runWith({ userId: 'U0RUNNER' });
    expect(call?.userId).toBe('U0RUNNER');
    expect(outputs).toEqual({ seen: 'U0RUNNER' });
  });

  it('passes nobody when the event names no person (Slack’s function_executed)', async () => {
    const { call } = await runWith({});
    expect(call).toBeDefined();
    expect(call && 'userId' in call).toBe(false);
  });
});
