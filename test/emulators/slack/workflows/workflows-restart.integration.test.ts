import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../../src/emulators/slack/index.js';
import { startReceiver } from '../receiver.js';
import { BOT, buildFunctions, callApi, eventOf, SECRET } from './workflow-fixtures.js';

/** With a state file (the playground), a restart of the emulator keeps workflows and runs going. */
describe('workflows across an emulator restart', () => {
  let dir: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const start = (): Promise<SlackEmulator> =>
    startSlackEmulator({
      requestUrl: receiver.url,
      signingSecret: SECRET,
      rateLimits: 'off',
      stateFile: path.join(dir, 'slack.json'),
      workflowFunctions: buildFunctions(),
      workflowScheduleTickMs: 0,
    });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'workflows-restart-'));
    receiver = await startReceiver(SECRET);
  });
  afterAll(async () => {
    await receiver.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a run waiting on an app step is still waiting after the restart, and completes then', async () => {
    let emu = await start();
    emu.workflows.define({
      id: 'two',
      name: 'Two steps',
      schedule: { cron: '0 9 * * 1', timezone: 'UTC' },
      steps: [
        { type: 'function', callback_id: 'summarise', inputs: { link: 'https://example.com/d/1' } },
        { type: 'send_message', inputs: { channel_id: '#research', message: 'Summary: {{steps.1.summary}}' } },
      ],
    });
    const run = emu.workflows.start('two');
    const step = await emu.workflows.waitForStep(run.id, 1, 'delivered');
    const event = eventOf(receiver.received, step.functionExecutionId);
    const nextRunAt = emu.workflows.nextRunAt('two');
    await emu.close();
    expect(await readFile(path.join(dir, 'slack-workflows.json'), 'utf8')).not.toContain(event.bot_access_token);

    emu = await start();
    try {
      expect(emu.workflows.list().map((w) => w.id)).toEqual(['two']);
      expect(emu.workflows.nextRunAt('two')).toBe(nextRunAt);
      expect(emu.workflows.run(run.id)?.steps.map((s) => s.status)).toEqual(['running', 'pending']);
      // The unexpired workflow token still works; the app may as well use its bot token.
      expect(await callApi(emu, 'auth.test', event.bot_access_token, {})).toMatchObject({ ok: true });
      expect(
        await callApi(emu, 'functions.completeSuccess', BOT, {
          function_execution_id: event.function_execution_id,
          outputs: { summary: 'Capex is up.' },
        }),
      ).toEqual({ ok: true });
      const done = await emu.workflows.waitForRun(run.id);
      expect(done.status).toBe('completed');
      expect(emu.channelMessages(emu.defaultChannelId).at(-1)?.text).toBe('Summary: Capex is up.');
    } finally {
      await emu.close();
    }
  });
});
