import type { App } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { type BoltMode, newBoltApp, startBoltApp } from './bolt-app.js';

/** The emulator against a real Bolt app (not ours): Bolt must accept every delivery and its Web API calls. */
function buildApp(emu: SlackEmulator, mode: BoltMode): App {
  const app = newBoltApp(emu, mode);
  app.command('/research', async ({ ack, respond, command }) => {
    await ack();
    await respond({
      response_type: 'in_channel',
      text: `help for ${command.text}`,
      blocks: [{ type: 'actions', elements: [{ type: 'button', action_id: 'open', text: { type: 'plain_text', text: 'Open' } }] }],
    });
  });
  app.action('open', async ({ ack, body, client }) => {
    await ack();
    await client.views.open({
      trigger_id: (body as { trigger_id: string }).trigger_id,
      view: {
        type: 'modal',
        callback_id: 'ask',
        title: { type: 'plain_text', text: 'Ask' },
        submit: { type: 'plain_text', text: 'Go' },
        blocks: [
          { type: 'input', block_id: 'q', label: { type: 'plain_text', text: 'Q' }, element: { type: 'plain_text_input', action_id: 'q' } },
        ],
      },
    });
  });
  app.view('ask', async ({ ack, view }) => {
    const q = view.state.values.q?.q?.value ?? '';
    if (q.length < 3) await ack({ response_action: 'errors', errors: { q: 'Too short' } });
    else await ack();
  });
  app.event('app_mention', async ({ event, say }) => {
    await say({ text: `you said ${event.text}`, thread_ts: event.ts });
  });
  return app;
}

describe.each(['http', 'socket'] as const)('a real Bolt app over %s', (mode) => {
  let emu: SlackEmulator;
  let app: App;

  beforeAll(async () => {
    emu = await startSlackEmulator({ deliveryMode: mode, rateLimits: 'off' });
    app = buildApp(emu, mode);
    await startBoltApp(app, emu, mode);
  });
  afterAll(async () => {
    await app.stop();
    await emu.close();
  });

  it('runs a command → respond → button → modal → submit flow', async () => {
    expect(await emu.sendCommand({ command: '/research', text: 'help' })).toMatchObject({ ok: true });
    const card = await emu.waitFor(() => emu.channelMessages(emu.defaultChannelId).find((m) => m.text === 'help for help'));
    expect((await emu.clickAction({ channel_id: emu.defaultChannelId, message_ts: card.ts, action_id: 'open' })).ok).toBe(true);
    const [modal] = await emu.waitFor(() => (emu.openModals().length > 0 ? emu.openModals() : undefined));
    const short = await emu.submitView({ view_id: modal!.id, values: { q: { q: 'ab' } } });
    expect(short.viewAction).toBe('errors');
    expect((await emu.submitView({ view_id: modal!.id, values: { q: { q: 'a real question' } } })).viewAction).toBe('close');
    expect(emu.deliveries.length).toBeGreaterThan(0);
    expect(emu.deliveries.every((d) => d.transport === mode && d.outcome === 'acked')).toBe(true);
  });

  it('answers a mention in its thread', async () => {
    const { ts, deliveries } = await emu.postMessage({ text: '@Research Desk ping' });
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((d) => d.ok)).toBe(true);
    const replies = await emu.waitFor(() =>
      emu.threadReplies(emu.defaultChannelId, ts).length > 0 ? emu.threadReplies(emu.defaultChannelId, ts) : undefined,
    );
    expect(replies[0]?.text).toBe(`you said <@${emu.botUserId}> ping`);
  });
});
