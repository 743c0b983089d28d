/**
 * Issue 32: *Ask the research agent* completes with an error that says why when its run does not
 * answer — it failed, it was cancelled in its thread, it timed out — and never leaves the step
 * running. The runs are real runs of the relay against the service emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, waitForRecord } from './agent-helpers.js';
import type { Harness } from './harness.js';
import { agentStepStarted, startWorkflowHarness } from './workflow-helpers.js';

describe('issue 32: the agent step when its run does not answer', () => {
  let h: Harness;
  beforeAll(async () => {
    // A short silence limit, so the timed-out run ends within the test.
    h = await startWorkflowHarness({ agentIdleTimeoutMs: 1_500 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a failed run: the step fails with the agent’s reason', async () => {
    const run = h.slack.workflows.runStep({
      callback_id: 'ask_research_agent',
      inputs: { question: '[error] How is NVIDIA doing?', channel: '#research' },
    });
    const done = await h.slack.workflows.waitForRun(run.id, 30_000);
    expect(done.status).toBe('failed');
    expect(done.steps[0]?.error).toMatch(/^The agent could not answer \(.*simulated failure.*\)\. Run the workflow again to ask again\.$/);
  });

  it('a cancelled run: the step fails saying it was cancelled', async () => {
    h.service.pauseAgentRunsAfter(() => true);
    const run = h.slack.workflows.runStep({
      callback_id: 'ask_research_agent',
      inputs: { question: 'How is Apple doing?', channel: '#research', asked_by: h.slack.defaultUserId },
    });
    const { runId } = await agentStepStarted(h, run.id, 1);
    await waitForRecord(h, runId, (r) => r.status === 'running' && r.assistantMessageId !== '');
    expect((await h.desk.relay.cancelRun(runId, h.slack.defaultUserId)).ok).toBe(true);
    h.service.resumeAgentRuns();
    const done = await h.slack.workflows.waitForRun(run.id, 30_000);
    expect(done.status).toBe('failed');
    expect(done.steps[0]?.error).toBe('The question was cancelled before the agent answered. Run the workflow again to ask again.');
  });

  it('a run that goes silent: the step fails saying it timed out', async () => {
    h.service.pauseAgentRunsAfter(() => true);
    const run = h.slack.workflows.runStep({
      callback_id: 'ask_research_agent',
      inputs: { question: 'How is Tesla doing?', channel: '#research' },
    });
    const done = await h.slack.workflows.waitForRun(run.id, 30_000);
    h.service.resumeAgentRuns();
    expect(done.status).toBe('failed');
    expect(done.steps[0]?.error).toMatch(/^The agent stopped sending anything and the run timed out before it answered\./);
    // Its record goes once the step is completed (right after Slack took the completion).
    await eventually(async () => (await h.desk.stores.workflowExecutions.list()).length === 0);
  });
});
