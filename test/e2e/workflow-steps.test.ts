/**
 * Issue 32: each Workflow Builder step of the app through the Slack emulator — Slack sends
 * `function_executed`, the app answers with functions.completeSuccess (outputs checked by the
 * emulator against the manifest's output_parameters) or, for a bad input, functions.completeError
 * with words a workflow's builder can act on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleWorkflows, MONDAY_EARNINGS_WORKFLOW_ID } from '../../src/emulators/slack/workflows/example-workflows.js';
import type { Harness } from './harness.js';
import { richTextOf, runStep, startWorkflowHarness } from './workflow-helpers.js';

describe('issue 32: Workflow Builder steps, one at a time', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startWorkflowHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('Search research: the number of results, the list as rich text, the first document’s link', async () => {
    const run = await runStep(h, 'search_research', { query: 'NVIDIA', categories: 'reports, news', markets: 'us', since: '2020-01-01' });
    expect(run.status, run.error).toBe('completed');
    const outputs = run.steps[0]?.outputs ?? {};
    expect(outputs.result_count).toEqual(expect.any(Number));
    expect(outputs.result_count as number).toBeGreaterThan(0);
    expect(outputs.results).toMatchObject({ type: 'rich_text' });
    expect(richTextOf(outputs.results)).toMatch(/documents? match(es)? “NVIDIA”/);
    expect(String(outputs.first_link)).toMatch(/^https?:\/\//);
    expect(JSON.stringify(outputs.results)).toContain(`"url":"${String(outputs.first_link)}"`);
    // Completed with the execution's own token, as Bolt does.
    const completion = h.slack.calls.find(
      (c) => c.method === 'functions.completeSuccess' && c.args.function_execution_id === run.steps[0]?.functionExecutionId,
    );
    expect(completion?.functionExecutionId).toBe(run.steps[0]?.functionExecutionId);
  });

  it('Company financials: the statement as a table and the key figures as numbers', async () => {
    const run = await runStep(h, 'company_financials', { symbol: 'US:NVDA', statement: 'income' });
    expect(run.status, run.error).toBe('completed');
    const outputs = run.steps[0]?.outputs ?? {};
    expect(outputs.company).toMatch(/NVDA/);
    expect(outputs.latest_period).toEqual(expect.any(String));
    expect(outputs.revenue).toEqual(expect.any(Number));
    expect(outputs.net_profit).toEqual(expect.any(Number));
    expect(richTextOf(outputs.table)).toMatch(/Income statement/);
    expect(JSON.stringify(outputs.table)).toContain('rich_text_preformatted');
  });

  it('Trending concepts: the list, how many, the top one', async () => {
    const run = await runStep(h, 'trending_concepts', { limit: 3 });
    expect(run.status, run.error).toBe('completed');
    const outputs = run.steps[0]?.outputs ?? {};
    expect(outputs.concept_count).toBe(3);
    expect(richTextOf(outputs.concepts)).toContain(String(outputs.top_concept));
  });

  it('Earnings calendar: the week’s reports as the card lists them, how many, the week’s Monday', async () => {
    const run = await runStep(h, 'earnings_calendar', { markets: 'us', week: '2025-05-28' });
    expect(run.status, run.error).toBe('completed');
    const outputs = run.steps[0]?.outputs ?? {};
    expect(outputs).toMatchObject({ report_count: 1, week_start: '2025-05-26', calendar: { type: 'rich_text' } });
    expect(richTextOf(outputs.calendar)).toMatch(/^Earnings calendar · US — week of Mon 26 May – Sun 1 Jun 2025 · 1 report/);
    expect(richTextOf(outputs.calendar)).toMatch(/AMD \(US:AMD\) — After close/);
    // Empty inputs: all three markets, this week.
    const all = await runStep(h, 'earnings_calendar', { markets: '', week: null });
    expect(all.status, all.error).toBe('completed');
    expect(richTextOf(all.steps[0]?.outputs?.calendar)).toContain('Earnings calendar · China A-shares, Hong Kong, US');
    expect(all.steps[0]?.outputs?.week_start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the playground’s ready example (every Monday: the earnings calendar to #markets) runs through the app', async () => {
    for (const example of exampleWorkflows(h.slack.workflows.functions())) h.slack.workflows.define(example);
    const example = h.slack.workflows.list().find((w) => w.id === MONDAY_EARNINGS_WORKFLOW_ID);
    expect(example?.steps.map((s) => s.callbackId)).toEqual(['earnings_calendar', 'send_message']);
    const run = await h.slack.workflows.waitForRun(h.slack.workflows.start(MONDAY_EARNINGS_WORKFLOW_ID).id, 20_000);
    expect(run.status, run.error).toBe('completed');
    expect(run.steps[0]?.outputs).toMatchObject({ report_count: expect.any(Number), week_start: expect.any(String) });
    const markets = h.slack.channels().find((c) => c.name === 'markets');
    const posted = h.slack.channelMessages(markets?.id ?? '').at(-1);
    expect(posted?.text).toContain('Earnings calendar · China A-shares, Hong Kong, US');
  });

  it('bad inputs complete with an error that says what to fix', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['company_financials', { symbol: 'ZZZZ', statement: 'income' }, /ZZZZ/],
      ['company_financials', { symbol: 'US:NVDA', statement: 'horoscope' }, /income.*balance.*cash ?flow/i],
      // (A date in the wrong form never reaches the app: Workflow Builder's date picker, and the emulator, refuse it.)
      ['search_research', { query: 'NVIDIA', categories: 'horoscopes' }, /horoscopes/],
      ['search_research', { query: 'NVIDIA', markets: 'mars' }, /mars/],
      ['trending_concepts', { limit: 50 }, /1 to 20/],
      ['company_financials', { symbol: 'US:NVDA', statement: 'income', period: 'fortnightly' }, /fortnightly/],
      ['earnings_calendar', { markets: 'us, mars' }, /Unknown market “mars”.*cn, hk, us/],
      ['earnings_calendar', { week: 'fortnight' }, /Unknown week “fortnight”.*this, next, last/],
      ['earnings_calendar', { week: '2025-02-30' }, /not a real calendar date/],
    ];
    for (const [callbackId, inputs, expected] of cases) {
      const run = await runStep(h, callbackId, inputs);
      expect(run.status, `${callbackId} ${JSON.stringify(inputs)}`).toBe('failed');
      expect(run.steps[0]?.error, callbackId).toMatch(expected);
    }
  });

  it('the agent step in a channel the app is not in completes with an error that says how to fix it', async () => {
    const closed = h.slack.addChannel({ name: 'closed-desk', is_private: true, bot_is_member: false });
    const run = await runStep(h, 'ask_research_agent', { question: 'How is NVIDIA doing?', channel: closed.id });
    expect(run.status).toBe('failed');
    expect(run.steps[0]?.error).toMatch(/not a member of the step’s channel.*\/invite @Research Desk/);
    expect(await h.desk.stores.workflowExecutions.list()).toEqual([]);
  });
});

describe('issue 32: Workflow Builder steps in Socket Mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startWorkflowHarness({ deliveryMode: 'socket' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a step arrives over the socket and completes like over HTTP; a bad input completes with its error', async () => {
    const ok = await runStep(h, 'trending_concepts', { limit: 2 });
    expect(ok.status, ok.error).toBe('completed');
    expect(ok.steps[0]?.outputs?.concept_count).toBe(2);
    const bad = await runStep(h, 'company_financials', { symbol: 'ZZZZ', statement: 'income' });
    expect(bad.status).toBe('failed');
    expect(bad.steps[0]?.error).toMatch(/ZZZZ/);
  });
});
