/**
 * Issue 32: *Ask the research agent* with its optional "Asked by" left empty. Slack's
 * function_executed names no person (the emulator sends it as documented), so the run has no asker:
 * it sends no ephemeral note to an empty user and lists nothing on App Home under an empty user id;
 * with "Asked by" filled, the run is that person's (their App Home lists it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './agent-helpers.js';
import type { Harness } from './harness.js';
import { startWorkflowHarness } from './workflow-helpers.js';

describe('issue 32: the agent step’s asker', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startWorkflowHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  async function answered(inputs: Record<string, unknown>): Promise<string> {
    const run = h.slack.workflows.runStep({ callback_id: 'ask_research_agent', inputs });
    const done = await h.slack.workflows.waitForRun(run.id, 30_000);
    expect(done.status, done.error).toBe('completed');
    return String(done.steps[0]?.outputs?.conversation_link ?? '');
  }

  it('“Asked by” empty: no App Home entry under an empty user id, no ephemeral without a user', async () => {
    await answered({ question: 'How is NVIDIA doing?', channel: '#research' });
    expect(await h.desk.stores.recentRuns.list(h.slack.teamId, '')).toEqual([]);
    const ephemerals = h.slack.calls.filter((c) => c.method === 'chat.postEphemeral');
    expect(ephemerals.filter((c) => !c.args.user)).toEqual([]);
  });

  it('“Asked by” filled: the run is on that person’s App Home', async () => {
    const before = (await h.desk.stores.recentRuns.list(h.slack.teamId, h.slack.defaultUserId)).length;
    await answered({ question: 'How is Apple doing?', channel: '#research', asked_by: h.slack.defaultUserId });
    const runs = await eventually(async () => {
      const listed = await h.desk.stores.recentRuns.list(h.slack.teamId, h.slack.defaultUserId);
      return listed.length > before ? listed : undefined;
    });
    expect(runs[0]?.question).toContain('How is Apple doing?');
    expect(await h.desk.stores.recentRuns.list(h.slack.teamId, '')).toEqual([]);
  });
});
