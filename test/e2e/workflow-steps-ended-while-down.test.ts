/**
 * Issue 32: an agent run that ended while no process was up still completes its workflow step.
 * The first process stops while the step waits; its run is then marked ended in the store — what a
 * process leaves when it ends the run and dies before completing the step — and the next process's
 * sweep at start completes the step, with the bot token (the execution's token is not kept without
 * the deployment's encryption keys), once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResearchDesk, startResearchDesk } from '../../src/research-desk.js';
import { eventually, waitForRecord } from './agent-helpers.js';
import type { Harness } from './harness.js';
import { startWorkflowHarness } from './workflow-helpers.js';

describe('issue 32: an agent step whose run ended while the app was down', () => {
  let h: Harness;
  let restarted: ResearchDesk | undefined;
  beforeAll(async () => {
    h = await startWorkflowHarness({ store: 'redis' });
  });
  afterAll(async () => {
    await restarted?.stop();
    await h?.close();
  });

  it('is completed by the sweep of the next process, saying why there is no answer', async () => {
    h.service.pauseAgentRunsAfter(() => true);
    const run = h.slack.workflows.runStep({
      callback_id: 'ask_research_agent',
      inputs: { question: 'How is BYD doing?', channel: '#research' },
    });
    const step = await h.slack.workflows.waitForStep(run.id, 1, 'delivered');
    const execution = await eventually(async () =>
      (await h.desk.stores.workflowExecutions.list()).find((e) => e.executionId === step.functionExecutionId && e.runId !== undefined),
    );
    const runId = execution.runId ?? '';
    await waitForRecord(h, runId, (r) => r.status === 'running');
    await h.desk.stop();
    await h.desk.stores.runs.markEnded(runId, 'cancelled');

    restarted = await startResearchDesk(h.deskOptions);
    h.slack.setRequestUrl(`http://127.0.0.1:${restarted.port}/slack/events`);
    h.service.resumeAgentRuns();

    const done = await h.slack.workflows.waitForRun(run.id, 30_000);
    expect(done.status).toBe('failed');
    expect(done.steps[0]?.error).toBe('The question was cancelled before the agent answered. Run the workflow again to ask again.');
    const completions = h.slack.calls.filter(
      (c) => c.method.startsWith('functions.complete') && c.args.function_execution_id === step.functionExecutionId,
    );
    expect(completions.map((c) => [c.method, c.ok, c.functionExecutionId])).toEqual([['functions.completeError', true, undefined]]);
    const stores = restarted.stores;
    await eventually(async () => (await stores.workflowExecutions.list()).length === 0);
  });
});
