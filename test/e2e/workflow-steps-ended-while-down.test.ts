/**
 * Issue 32: an agent run that ended while no process was up still completes its workflow step.
 * The first process stops while the step waits; its run is then marked ended in the store — what a
 * process leaves when it ends the run and dies before completing the step — and the next process's
 * sweep at start completes the step, with the bot token (the execution's token is not kept without
 * the deployment's encryption keys), once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchDesk } from '../../src/research-desk.js';
import { eventually, waitForRecord } from './agent-helpers.js';
import type { Harness } from './harness.js';
import { agentStepStarted, completionsOf, startNextProcess, startWorkflowHarness } from './workflow-helpers.js';

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
    const { step, runId } = await agentStepStarted(h, run.id, 1);
    await waitForRecord(h, runId, (r) => r.status === 'running');
    await h.desk.stop();
    await h.desk.stores.runs.markEnded(runId, 'cancelled');

    restarted = await startNextProcess(h);
    h.service.resumeAgentRuns();

    const done = await h.slack.workflows.waitForRun(run.id, 30_000);
    expect(done.status).toBe('failed');
    expect(done.steps[0]?.error).toBe('The question was cancelled before the agent answered. Run the workflow again to ask again.');
    expect(completionsOf(h, step.functionExecutionId).map((c) => [c.method, c.ok, c.functionExecutionId])).toEqual([
      ['functions.completeError', true, undefined],
    ]);
    const stores = restarted.stores;
    await eventually(async () => (await stores.workflowExecutions.list()).length === 0);
  });
});
