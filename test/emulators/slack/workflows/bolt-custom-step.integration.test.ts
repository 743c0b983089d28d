import type { App } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../../src/emulators/slack/index.js';
import { type BoltMode, newBoltApp, startBoltApp } from '../bolt-app.js';
import { buildFunctions, buildRichText } from './workflow-fixtures.js';

/** A tiny Bolt app (not ours) with `app.function` steps: Bolt's complete()/fail() use the workflow token. */
function buildApp(emu: SlackEmulator, mode: BoltMode): App {
  const app = newBoltApp(emu, mode);
  app.function('search_research', async ({ inputs, complete, fail, client }) => {
    const query = String(inputs.query);
    if (query === 'ZZZZ') {
      await fail({ error: 'Unknown symbol ZZZZ — use SH:600519, HK:00700 or US:NVDA' });
      return;
    }
    await client.chat.postMessage({ channel: emu.defaultChannelId, text: `Searching ${query}…` });
    await complete({ outputs: { result_count: 1, results: buildRichText(`${query} 10-K`), first_link: 'https://example.com/d/1' } });
  });
  app.function('summarise', async ({ inputs, complete }) => {
    await complete({ outputs: { summary: `Read ${String(inputs.link)}` } });
  });
  return app;
}

describe.each(['http', 'socket'] as const)('a Bolt app.function step over %s', (mode) => {
  let emu: SlackEmulator;
  let app: App;

  beforeAll(async () => {
    emu = await startSlackEmulator({
      deliveryMode: mode,
      rateLimits: 'off',
      workflowFunctions: buildFunctions(),
      workflowScheduleTickMs: 0,
    });
    app = buildApp(emu, mode);
    await startBoltApp(app, emu, mode);
  });
  afterAll(async () => {
    await app.stop();
    await emu.close();
  });

  it('runs a two-step workflow end to end, each step completed with its own workflow token', async () => {
    emu.workflows.define({
      id: 'two',
      name: 'Two steps',
      steps: [
        { type: 'function', callback_id: 'search_research', inputs: { query: 'NVDA' } },
        { type: 'function', callback_id: 'summarise', inputs: { link: '{{steps.1.first_link}}' } },
      ],
    });
    const done = await emu.workflows.waitForRun(emu.workflows.start('two').id);
    expect(done.status).toBe('completed');
    expect(done.steps[1]?.outputs).toEqual({ summary: 'Read https://example.com/d/1' });
    const executions = done.steps.map((s) => s.functionExecutionId);
    const completions = emu.calls.filter((c) => c.method === 'functions.completeSuccess');
    expect(completions.map((c) => [c.ok, c.functionExecutionId])).toEqual(executions.map((id) => [true, id]));
    // Bolt's client in the listener is the workflow token's: the post belongs to step 1's execution.
    expect(emu.calls.find((c) => c.method === 'chat.postMessage')).toMatchObject({ ok: true, functionExecutionId: executions[0] });
    expect(emu.deliveries.filter((d) => d.kind === 'event_callback').every((d) => d.transport === mode && d.outcome === 'acked')).toBe(
      true,
    );
  });

  it("ends the workflow with the step's fail() error", async () => {
    const run = emu.workflows.runStep({ callback_id: 'search_research', inputs: { query: 'ZZZZ' } });
    const done = await emu.workflows.waitForRun(run.id);
    expect(done).toMatchObject({
      status: 'failed',
      error: 'Step 1 (Search research): Unknown symbol ZZZZ — use SH:600519, HK:00700 or US:NVDA',
    });
  });
});
