import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { harborWorkspace, type SlackEmulator, WORKFLOW_TOKEN_LIFETIME_MS } from '../../../../src/emulators/slack/index.js';
import { install } from '../oauth-helpers.js';
import { BOT, buildRichText, callApi, eventOf, type Receiver, startWorkflowEmulator } from './workflow-fixtures.js';

/** functions.completeSuccess / completeError and the workflow token, against a raw HTTP receiver. */
describe('functions.* and workflow tokens', () => {
  let emu: SlackEmulator;
  let receiver: Receiver;
  const clock = { now: Date.parse('2026-11-28T10:00:00Z') };

  beforeAll(async () => {
    ({ emu, receiver } = await startWorkflowEmulator({ clock: () => clock.now }));
  });
  afterAll(async () => {
    await emu.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  /** Runs search_research alone and returns the delivered event. */
  async function startSearch(query = 'NVDA') {
    const run = emu.workflows.runStep({ callback_id: 'search_research', inputs: { query } });
    const step = await emu.workflows.waitForStep(run.id, 1, 'delivered');
    return { run, event: eventOf(receiver.received, step.functionExecutionId) };
  }

  it('delivers function_executed with Slack fields and a signed request', async () => {
    const { run, event } = await startSearch();
    expect(event).toMatchObject({
      type: 'function_executed',
      function: { callback_id: 'search_research', title: 'Search research', type: 'app', app_id: emu.appId, date_deleted: 0 },
      inputs: { query: 'NVDA' },
      workflow_execution_id: run.id,
    });
    expect(event.function.id).toMatch(/^Fn/);
    expect(event.function_execution_id).toMatch(/^Fx/);
    expect(event.bot_access_token).toMatch(/^xwfp-/);
    expect(event.function.input_parameters).toContainEqual({ type: 'string', name: 'query', title: 'Search words', is_required: true });
    expect(event.function.output_parameters).toContainEqual({
      type: 'slack#/types/rich_text',
      name: 'results',
      title: 'results',
      is_required: true,
    });
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
    expect(receiver.received[0]?.body).toMatchObject({ type: 'event_callback', team_id: emu.teamId, api_app_id: emu.appId });
  });

  it('checks arguments: invalid_arguments, not_authed, function_execution_not_found', async () => {
    const { event } = await startSearch();
    const token = event.bot_access_token;
    expect(
      await callApi(emu, 'functions.completeSuccess', undefined, { function_execution_id: event.function_execution_id, outputs: {} }),
    ).toMatchObject({
      ok: false,
      error: 'not_authed',
    });
    expect(await callApi(emu, 'functions.completeSuccess', token, { outputs: {} })).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
      response_metadata: { messages: ['[ERROR] missing required field: function_execution_id'] },
    });
    expect(await callApi(emu, 'functions.completeSuccess', token, { function_execution_id: event.function_execution_id })).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
    expect(
      await callApi(emu, 'functions.completeSuccess', token, { function_execution_id: event.function_execution_id, outputs: 'x' }),
    ).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
    expect(await callApi(emu, 'functions.completeError', token, { function_execution_id: event.function_execution_id })).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
    expect(await callApi(emu, 'functions.completeSuccess', BOT, { function_execution_id: 'Fx0NOPE', outputs: {} })).toMatchObject({
      ok: false,
      error: 'function_execution_not_found',
    });
  });

  it('checks outputs against the declared output_parameters: parameter_validation_failed names each problem', async () => {
    const { run, event } = await startSearch();
    const answer = await callApi(emu, 'functions.completeSuccess', event.bot_access_token, {
      function_execution_id: event.function_execution_id,
      outputs: { result_count: '3', first_link: 'https://x', extra: 1 },
    });
    expect(answer).toMatchObject({ ok: false, error: 'parameter_validation_failed' });
    expect(answer.errors).toEqual([
      "output 'result_count' must be a number",
      "missing required output 'results' (slack#/types/rich_text)",
      "output 'extra' is not declared by the function (declared: result_count, results, first_link)",
    ]);
    // Still running: the app may try again with outputs that conform.
    const ok = await callApi(emu, 'functions.completeSuccess', event.bot_access_token, {
      function_execution_id: event.function_execution_id,
      outputs: { result_count: 3, results: buildRichText('Doc 1') },
    });
    expect(ok).toEqual({ ok: true });
    const done = await emu.workflows.waitForRun(run.id);
    expect(done.status).toBe('completed');
    expect(done.steps[0]?.outputs).toEqual({ result_count: 3, results: buildRichText('Doc 1') });
  });

  it('a workflow token acts as the bot while its execution runs and is revoked when it ends', async () => {
    const { event } = await startSearch();
    const token = event.bot_access_token;
    const posted = await callApi(emu, 'chat.postMessage', token, { channel: emu.defaultChannelId, text: 'searching…' });
    expect(posted).toMatchObject({ ok: true, message: { user: emu.botUserId, bot_id: emu.botId } });
    expect(emu.calls.at(-1)).toMatchObject({
      method: 'chat.postMessage',
      ok: true,
      token: 'bot',
      functionExecutionId: event.function_execution_id,
    });

    const outputs = { result_count: 0, results: buildRichText('none') };
    expect(await callApi(emu, 'functions.completeSuccess', token, { function_execution_id: event.function_execution_id, outputs })).toEqual(
      { ok: true },
    );
    expect(emu.workflows.executions().find((e) => e.id === event.function_execution_id)).toMatchObject({
      status: 'completed',
      completedWith: 'workflow_token',
    });
    // Revoked with the execution: a second completion, or any call, with it is refused.
    expect(
      await callApi(emu, 'functions.completeSuccess', token, { function_execution_id: event.function_execution_id, outputs }),
    ).toMatchObject({
      ok: false,
      error: 'token_revoked',
    });
    expect(await callApi(emu, 'chat.postMessage', token, { channel: emu.defaultChannelId, text: 'late' })).toMatchObject({
      ok: false,
      error: 'token_revoked',
    });
    // The bot token sees the execution, no longer running.
    expect(
      await callApi(emu, 'functions.completeError', BOT, { function_execution_id: event.function_execution_id, error: 'x' }),
    ).toMatchObject({
      ok: false,
      error: 'execution_not_in_running_state',
    });
  });

  it("refuses another execution's workflow token (access_denied) and takes the bot token", async () => {
    const a = await startSearch('A');
    const b = await startSearch('B');
    expect(
      await callApi(emu, 'functions.completeError', a.event.bot_access_token, {
        function_execution_id: b.event.function_execution_id,
        error: 'x',
      }),
    ).toMatchObject({ ok: false, error: 'access_denied' });
    expect(
      await callApi(emu, 'functions.completeError', BOT, {
        function_execution_id: b.event.function_execution_id,
        error: 'Unknown symbol ZZZZ',
      }),
    ).toEqual({
      ok: true,
    });
    const failed = await emu.workflows.waitForRun(b.run.id);
    expect(failed).toMatchObject({ status: 'failed', error: 'Step 1 (Search research): Unknown symbol ZZZZ' });
    expect(emu.workflows.executions().find((e) => e.id === b.event.function_execution_id)).toMatchObject({
      status: 'failed',
      completedWith: 'bot_token',
    });
    emu.workflows.cancel(a.run.id);
  });

  it('a workflow token expires 15 minutes after it was issued (token_expired); the bot token still completes', async () => {
    const { run, event } = await startSearch();
    clock.now += WORKFLOW_TOKEN_LIFETIME_MS - 1;
    expect(await callApi(emu, 'auth.test', event.bot_access_token, {})).toMatchObject({ ok: true, user_id: emu.botUserId });
    clock.now += 1;
    const outputs = { result_count: 1, results: buildRichText('Doc') };
    expect(
      await callApi(emu, 'functions.completeSuccess', event.bot_access_token, {
        function_execution_id: event.function_execution_id,
        outputs,
      }),
    ).toMatchObject({
      ok: false,
      error: 'token_expired',
    });
    expect(await callApi(emu, 'functions.completeSuccess', BOT, { function_execution_id: event.function_execution_id, outputs })).toEqual({
      ok: true,
    });
    expect((await emu.workflows.waitForRun(run.id)).status).toBe('completed');
  });

  it("keeps workspaces apart: a step runs in its workspace's installation, another workspace's token cannot see it", async () => {
    const harbor = await install(emu, { teamId: harborWorkspace.teamId });
    const run = emu.workflows.runStep({ callback_id: 'search_research', inputs: { query: 'NVDA' }, team_id: harborWorkspace.teamId });
    const step = await emu.workflows.waitForStep(run.id, 1, 'delivered');
    const delivered = receiver.received.find(
      (r) => (r.body as { event?: { function_execution_id?: string } }).event?.function_execution_id === step.functionExecutionId,
    );
    expect(delivered?.body).toMatchObject({ team_id: harborWorkspace.teamId, authorizations: [{ team_id: harborWorkspace.teamId }] });
    const outputs = { result_count: 0, results: buildRichText('none') };
    expect(
      await callApi(emu, 'functions.completeSuccess', BOT, { function_execution_id: step.functionExecutionId, outputs }),
    ).toMatchObject({
      ok: false,
      error: 'function_execution_not_found',
    });
    const token = eventOf(receiver.received, step.functionExecutionId).bot_access_token;
    expect(await callApi(emu, 'auth.test', token, {})).toMatchObject({ ok: true, team_id: harborWorkspace.teamId });
    expect(
      await callApi(emu, 'functions.completeSuccess', harbor.access_token, { function_execution_id: step.functionExecutionId, outputs }),
    ).toEqual({
      ok: true,
    });
  });

  it('an unknown xwfp- token is invalid_auth, and canceling a run revokes its token', async () => {
    expect(await callApi(emu, 'auth.test', 'xwfp-1-2-nope', {})).toMatchObject({ ok: false, error: 'invalid_auth' });
    const { run, event } = await startSearch();
    const canceled = emu.workflows.cancel(run.id, 'Stopped by the test');
    expect(canceled).toMatchObject({ status: 'canceled', error: 'Stopped by the test' });
    expect(await callApi(emu, 'auth.test', event.bot_access_token, {})).toMatchObject({ ok: false, error: 'token_revoked' });
  });
});
