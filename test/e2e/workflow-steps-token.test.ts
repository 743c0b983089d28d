/**
 * Issue 32: the agent step's own token, in a deployment that keeps it (OAuth installs: sealed with
 * the encryption key). Slack lets a step's token expire 15 minutes after the step starts; an agent
 * run may take longer. Here the Slack emulator's clock moves 16 minutes while the run is held: the
 * app tries the execution's token, Slack answers token_expired, the app logs it and completes the
 * step with the workspace's bot token instead. The token is never in the store in plain text, nor
 * in a log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../src/store/keys.js';
import { waitForRecord } from './agent-helpers.js';
import type { Harness } from './harness.js';
import { connectFromHome, installOAuth } from './multi-workspace-helpers.js';
import { agentStepStarted, completionsOf, startWorkflowHarness } from './workflow-helpers.js';

describe('issue 32: the agent step after its own token expired', () => {
  let h: Harness;
  let slackOffsetMs = 0;
  beforeAll(async () => {
    h = await startWorkflowHarness({ store: 'redis', oauth: {}, slack: { clock: () => Date.now() + slackOffsetMs } });
    expect((await installOAuth(h, { teamId: h.slack.teamId })).status).toBe(200);
    await connectFromHome(h, h.slack.adminUserId, h.service.apiKey);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('keeps the token sealed, and completes with the bot token once it expired', async () => {
    h.service.pauseAgentRunsAfter(() => true);
    const run = h.slack.workflows.runStep({
      callback_id: 'ask_research_agent',
      inputs: { question: 'How is Moutai doing?', channel: '#research' },
    });
    const { step, execution, runId } = await agentStepStarted(h, run.id, 1);
    await waitForRecord(h, runId, (r) => r.status === 'running');
    const raw = (await h.store.get(keys.workflowExecution(execution.teamId, execution.executionId))) ?? '';
    expect(raw).toContain('sealedToken');
    expect(raw).not.toContain('xwfp-');

    slackOffsetMs = 16 * 60_000;
    h.service.resumeAgentRuns();
    const done = await h.slack.workflows.waitForRun(run.id, 30_000);
    expect(done.status, done.error).toBe('completed');
    expect(String(done.steps[0]?.outputs?.answer)).toContain('Research report');

    expect(completionsOf(h, step.functionExecutionId).map((c) => [c.ok, c.error, c.functionExecutionId])).toEqual([
      [false, 'token_expired', step.functionExecutionId],
      [true, undefined, undefined],
    ]);
    expect(h.logs.some((l) => l.includes('the workflow step’s own token no longer works') && l.includes('token_expired'))).toBe(true);
    expect(h.logs.join('\n')).not.toContain('xwfp-');
  });
});
