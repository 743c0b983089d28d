/**
 * Issue 32, acceptance: a workflow of the four steps runs end to end through the Slack emulator —
 * search, financials, the agent (asked about the company step 2 found), trending concepts, and
 * Workflow Builder's own "send a message" posting the answer — with the app restarted on the same
 * store while the agent step waits for its run. The run is held at the service while the first
 * process stops, so the restart lands mid-run whatever the machine's speed; the new process
 * resumes the run and completes the step (with the bot token: the execution's own token is not
 * kept without the deployment's encryption keys), and the workflow goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchDesk } from '../../src/research-desk.js';
import { eventually, waitForRecord } from './agent-helpers.js';
import type { Harness } from './harness.js';
import { agentStepStarted, completionsOf, richTextOf, startNextProcess, startWorkflowHarness } from './workflow-helpers.js';

describe('issue 32: a workflow of the four steps, with an app restart during the agent step', () => {
  let h: Harness;
  let restarted: ResearchDesk | undefined;

  beforeAll(async () => {
    h = await startWorkflowHarness({ store: 'redis' });
  });
  afterAll(async () => {
    await restarted?.stop();
    await h?.close();
  });

  it('runs search → financials → agent → concepts → message, completing the agent step after the restart', async () => {
    h.slack.workflows.define({
      id: 'desk-brief',
      name: 'Desk brief',
      steps: [
        { type: 'function', callback_id: 'search_research', inputs: { query: 'NVIDIA', categories: 'reports' } },
        { type: 'function', callback_id: 'company_financials', inputs: { symbol: 'US:NVDA', statement: 'income' } },
        {
          type: 'function',
          callback_id: 'ask_research_agent',
          inputs: { question: 'What drove the revenue of {{steps.2.company}} in {{steps.2.latest_period}}?', channel: '#research' },
        },
        { type: 'function', callback_id: 'trending_concepts', inputs: { limit: 3 } },
        {
          type: 'send_message',
          inputs: {
            channel_id: '#markets',
            message:
              'Desk brief: {{steps.1.result_count}} reports. Agent: {{steps.3.answer}} Thread: {{steps.3.conversation_link}} Top concept: {{steps.4.top_concept}}',
          },
        },
      ],
    });
    // The agent's run is held at the service right after its first event, until the restart.
    h.service.pauseAgentRunsAfter(() => true);
    const run = h.slack.workflows.start('desk-brief');
    const { runId } = await agentStepStarted(h, run.id, 3);
    await waitForRecord(h, runId, (r) => r.status === 'running' || r.status === 'starting');

    await h.desk.stop();
    restarted = await startNextProcess(h);
    h.service.resumeAgentRuns();

    const done = await h.slack.workflows.waitForRun(run.id, 60_000);
    expect(done.status, done.error).toBe('completed');
    expect(done.steps.map((s) => s.status)).toEqual(['completed', 'completed', 'completed', 'completed', 'completed']);
    const [search, financials, agent, concepts, message] = done.steps;
    expect(search?.outputs?.result_count as number).toBeGreaterThan(0);
    expect(financials?.outputs?.revenue).toEqual(expect.any(Number));
    // Outputs became inputs: the agent was asked about the company step 2 found.
    expect(String(agent?.inputs?.question)).toContain(String(financials?.outputs?.company));
    expect(String(agent?.inputs?.question)).not.toContain('{{');
    expect(concepts?.outputs?.concept_count).toBe(3);
    expect(richTextOf(concepts?.outputs?.concepts)).toContain(String(concepts?.outputs?.top_concept));

    // The answer is the one the thread shows; the link is the thread's permalink.
    const record = await restarted.stores.runs.get(runId);
    expect(record?.status).toBe('completed');
    const answer = String(agent?.outputs?.answer);
    expect(answer.length).toBeGreaterThan(50);
    const link = String(agent?.outputs?.conversation_link);
    expect(link).toMatch(new RegExp(`^https://[^/]+/archives/${record?.channelId}/p${(record?.threadTs ?? '').replace('.', '')}$`));
    const threadText = h.slack
      .threadReplies(record?.channelId ?? '', record?.threadTs ?? '')
      .map((m) => JSON.stringify(m.blocks ?? m.text))
      .join('\n');
    expect(answer).toContain('Research report: NVIDIA');
    const figure = /USD [\d.]+bn/.exec(answer)?.[0];
    expect(figure).toBeDefined();
    expect(threadText).toContain(figure);

    // Completed once, by the restarted process, with the bot token (no workflow token kept).
    expect(completionsOf(h, agent?.functionExecutionId).map((c) => [c.method, c.ok, c.functionExecutionId])).toEqual([
      ['functions.completeSuccess', true, undefined],
    ]);
    expect(h.logs.some((l) => l.includes('resuming a run whose relay stopped') && l.includes(runId))).toBe(true);
    const stores = restarted.stores;
    await eventually(async () => (await stores.workflowExecutions.list()).length === 0);

    // Workflow Builder's own step posted the brief in #markets.
    expect(message?.outputs?.message_link).toEqual(expect.any(String));
    const markets = h.slack.channels().find((c) => c.name === 'markets');
    const posted = h.slack.channelMessages(markets?.id ?? '').at(-1);
    expect(posted?.text ?? JSON.stringify(posted?.blocks)).toContain('Desk brief:');
  });
});
