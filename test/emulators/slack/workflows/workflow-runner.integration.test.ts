import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmulatorUsageError, type SlackEmulator } from '../../../../src/emulators/slack/index.js';
import {
  BOT,
  buildRichText,
  callApi,
  eventOf,
  functionEvents,
  completeStep,
  type Receiver,
  startWorkflowEmulator,
} from './workflow-fixtures.js';

/** The runner: steps chained by variables, the built-in message step, a failing step stopping the chain. */
describe('workflow runner', () => {
  let emu: SlackEmulator;
  let receiver: Receiver;

  beforeAll(async () => {
    ({ emu, receiver } = await startWorkflowEmulator());
  });
  afterAll(async () => {
    await emu.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const chain = (id: string) => ({
    id,
    name: 'Search then summarise',
    steps: [
      { type: 'function' as const, callback_id: 'search_research', inputs: { query: 'NVDA data center' } },
      {
        type: 'function' as const,
        callback_id: 'summarise',
        inputs: {
          link: '{{steps.1.first_link}}',
          note: 'Found {{steps.1.result_count}}: {{steps.1.results}}',
          count: '{{steps.1.result_count}}',
          channel: '#markets',
        },
      },
      { type: 'send_message' as const, inputs: { channel_id: '#research', message: '{{steps.1.results}}' } },
      { type: 'send_message' as const, inputs: { channel_id: emu.secondChannelId, message: 'Summary: {{steps.2.summary}}' } },
    ],
  });

  const complete = (runId: string, step: number, outputs: Record<string, unknown>): Promise<void> =>
    completeStep(emu, receiver, runId, step, outputs);

  it('maps outputs to later inputs and posts with the built-in message step', async () => {
    emu.workflows.define(chain('chain'));
    const run = emu.workflows.start('chain');
    expect(run).toMatchObject({ status: 'running', trigger: 'manual', workflowName: 'Search then summarise' });
    const results = buildRichText('NVDA 10-K');
    await complete(run.id, 1, { result_count: 2, results, first_link: 'https://example.com/d/1' });

    const second = await emu.workflows.waitForStep(run.id, 2, 'delivered');
    const event = eventOf(receiver.received, second.functionExecutionId);
    // A variable alone keeps its type; inside text it is text; a #channel for a channel_id input is its id.
    expect(event.inputs).toEqual({
      link: 'https://example.com/d/1',
      note: 'Found 2: • <https://example.com/d/1|NVDA 10-K>',
      count: 2,
      channel: emu.secondChannelId,
    });
    expect(event.workflow_execution_id).toBe(run.id);
    await complete(run.id, 2, { summary: 'Capex is up.' });

    const done = await emu.workflows.waitForRun(run.id);
    expect(done.status).toBe('completed');
    expect(done.steps.map((s) => s.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    const posted = emu.channelMessages(emu.defaultChannelId).at(-1);
    expect(posted).toMatchObject({
      bot_id: 'B0WFBUILDER',
      text: '• <https://example.com/d/1|NVDA 10-K>',
      blocks: [{ ...results, block_id: 'wf' }],
    });
    expect(done.steps[2]?.outputs).toMatchObject({ message_context: { channel_id: emu.defaultChannelId, message_ts: posted?.ts } });
    expect(emu.channelMessages(emu.secondChannelId).at(-1)).toMatchObject({ text: 'Summary: Capex is up.' });
    // The app hears of Workflow Builder's message as of any bot's.
    const messageEvents = receiver.received
      .map((r) => (r.body as { event?: Record<string, unknown> }).event)
      .filter((e) => e?.type === 'message');
    expect(messageEvents).toContainEqual(expect.objectContaining({ bot_id: 'B0WFBUILDER', channel: emu.defaultChannelId }));
  });

  it('a step that fails stops the workflow and shows its error, like Slack', async () => {
    emu.workflows.define(chain('failing'));
    const run = emu.workflows.start('failing');
    const first = await emu.workflows.waitForStep(run.id, 1, 'delivered');
    expect(
      await callApi(emu, 'functions.completeError', BOT, {
        function_execution_id: first.functionExecutionId,
        error: 'Unknown symbol ZZZZ — use SH:600519, HK:00700 or US:NVDA',
      }),
    ).toEqual({ ok: true });
    const done = await emu.workflows.waitForRun(run.id);
    expect(done).toMatchObject({
      status: 'failed',
      error: 'Step 1 (Search research): Unknown symbol ZZZZ — use SH:600519, HK:00700 or US:NVDA',
    });
    expect(done.steps.map((s) => s.status)).toEqual(['failed', 'skipped', 'skipped', 'skipped']);
    expect(functionEvents(receiver.received)).toHaveLength(1);
  });

  it('fails a step whose variable gave a required input no value, before sending it', async () => {
    emu.workflows.define(chain('no-link'));
    const run = emu.workflows.start('no-link');
    await complete(run.id, 1, { result_count: 0, results: buildRichText('none') });
    const done = await emu.workflows.waitForRun(run.id);
    expect(done).toMatchObject({ status: 'failed', error: "Step 2 (Summarise a link): missing required input 'link' (string)" });
    expect(functionEvents(receiver.received)).toHaveLength(1);
  });

  it('runs a single step and reads it over HTTP, waiting with ?wait=', async () => {
    const started = (await (
      await fetch(`${emu.url}/api/workflows/step`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ callback_id: 'summarise', inputs: { link: 'https://x' } }),
      })
    ).json()) as { ok: boolean; run: { id: string } };
    expect(started.ok).toBe(true);
    const delivered = (await (await fetch(`${emu.url}/api/workflows/runs/${started.run.id}?wait=delivered&step=1`)).json()) as {
      run: { steps: Array<{ functionExecutionId: string }> };
    };
    const executionId = delivered.run.steps[0]?.functionExecutionId;
    expect(
      await callApi(emu, 'functions.completeSuccess', BOT, { function_execution_id: executionId, outputs: { summary: 'ok' } }),
    ).toEqual({ ok: true });
    const finished = await (await fetch(`${emu.url}/api/workflows/runs/${started.run.id}?wait=finished`)).json();
    expect(finished).toMatchObject({ ok: true, run: { status: 'completed', steps: [{ outputs: { summary: 'ok' } }] } });
    expect(await (await fetch(`${emu.url}/api/workflows/runs/Wx0NOPE`)).json()).toMatchObject({ ok: false, error: 'run_not_found' });
    const list = (await (await fetch(`${emu.url}/api/workflows`)).json()) as { functions: Array<{ callbackId: string }> };
    expect(list.functions.map((f) => f.callbackId)).toEqual(['search_research', 'summarise']);
  });

  it('gives {{trigger.user_id}}, the person who ran the workflow, to a step', async () => {
    emu.workflows.define({
      id: 'by-whom',
      name: 'By whom',
      user_id: emu.adminUserId,
      steps: [{ type: 'function', callback_id: 'search_research', inputs: { query: 'asked by {{trigger.user_id}}' } }],
    });
    const run = emu.workflows.start('by-whom');
    const step = await emu.workflows.waitForStep(run.id, 1, 'delivered');
    expect(eventOf(receiver.received, step.functionExecutionId).inputs).toEqual({ query: `asked by ${emu.adminUserId}` });
    emu.workflows.cancel(run.id);
    expect(() =>
      emu.workflows.define({
        name: 'Bad',
        steps: [{ type: 'function', callback_id: 'search_research', inputs: { query: '{{trigger.channel_id}}' } }],
      }),
    ).toThrow('{{trigger.channel_id}} is not a trigger variable (trigger.user_id is)');
  });

  it('refuses a workflow Workflow Builder would not publish, saying what to fix', () => {
    const bad =
      (steps: unknown[], extra: Record<string, unknown> = {}) =>
      () =>
        emu.workflows.define({ name: 'Bad', steps, ...extra } as never);
    expect(bad([{ type: 'function', callback_id: 'nope' }])).toThrow(
      'step 1: the app has no function "nope" (its functions: search_research, summarise)',
    );
    expect(bad([{ type: 'function', callback_id: 'search_research', inputs: {} }])).toThrow(
      'step 1 (Search research): the required input "query" is empty',
    );
    expect(bad([{ type: 'function', callback_id: 'search_research', inputs: { query: 'x', limit: 3 } }])).toThrow('no input "limit"');
    expect(bad([{ type: 'function', callback_id: 'summarise', inputs: { link: '{{steps.1.first_link}}' } }])).toThrow(
      'names no earlier step',
    );
    expect(
      bad([
        { type: 'function', callback_id: 'search_research', inputs: { query: 'x' } },
        { type: 'function', callback_id: 'summarise', inputs: { link: '{{steps.1.url}}' } },
      ]),
    ).toThrow('step 2: step 1 (Search research) has no output "url" (outputs: result_count, results, first_link)');
    expect(bad([{ type: 'send_message', inputs: { channel_id: '#nowhere', message: 'hi' } }])).toThrow('no channel #nowhere');
    expect(
      bad([{ type: 'send_message', inputs: { channel_id: '#research', message: 'x' } }], { schedule: { cron: 'every monday' } }),
    ).toThrow(/not a 5-field cron pattern/);
    expect(bad([])).toThrow(EmulatorUsageError);
  });
});
