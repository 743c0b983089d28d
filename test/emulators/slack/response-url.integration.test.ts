import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { startReceiver } from './receiver.js';

describe('response_url', () => {
  const clock = { now: 1_750_000_000_000 };
  let emu: SlackEmulator;
  let app: Awaited<ReturnType<typeof startReceiver>>;
  const post = async (url: string, body: unknown) => {
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    app = await startReceiver('emulator-signing-secret');
    emu = await startSlackEmulator({ rateLimits: 'off', clock: () => clock.now, requestUrl: app.url });
  });
  afterAll(async () => {
    await emu.close();
    await app.close();
  });

  it('posts ephemeral by default and in_channel on request', async () => {
    const { responseUrl } = await emu.sendCommand({ command: '/research', text: 'nvda' });
    expect(await post(responseUrl!, { text: 'just you' })).toEqual({ status: 200, body: { ok: true } });
    expect(emu.ephemeralFor(emu.defaultUserId, emu.defaultChannelId).map((e) => e.text)).toContain('just you');
    await post(responseUrl!, {
      response_type: 'in_channel',
      text: 'everyone',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*everyone*' } }],
    });
    expect(emu.channelMessages(emu.defaultChannelId).pop()).toMatchObject({ text: 'everyone', bot_id: emu.botId });
  });

  it('replaces and deletes the original message of an interaction', async () => {
    const posted = (await (
      await fetch(`${emu.apiUrl}chat.postMessage`, {
        method: 'POST',
        headers: { Authorization: 'Bearer xoxb-emulator-bot-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          channel: emu.defaultChannelId,
          text: 'card',
          blocks: [{ type: 'actions', elements: [{ type: 'button', action_id: 'go', text: { type: 'plain_text', text: 'Go' } }] }],
        }),
      })
    ).json()) as { ts: string };
    const { responseUrl } = await emu.clickAction({ channel_id: emu.defaultChannelId, message_ts: posted.ts, action_id: 'go' });
    await post(responseUrl!, { replace_original: true, text: 'replaced' });
    expect(emu.channelMessages(emu.defaultChannelId).find((m) => m.ts === posted.ts)).toMatchObject({ text: 'replaced', edits: 1 });
    expect((await post(responseUrl!, { replace_original: true, blocks: 'nope' })).body).toMatchObject({
      ok: false,
      error: 'invalid_blocks_format',
    });
    await post(responseUrl!, { delete_original: true });
    expect(emu.channelMessages(emu.defaultChannelId).find((m) => m.ts === posted.ts)).toBeUndefined();
  });

  it('replaces an ephemeral original', async () => {
    const cmd = await emu.sendCommand({ command: '/research' });
    await post(cmd.responseUrl!, {
      text: 'pick one',
      blocks: [{ type: 'actions', elements: [{ type: 'button', action_id: 'pick', text: { type: 'plain_text', text: 'Pick' } }] }],
    });
    const eph = emu.ephemeralFor(emu.defaultUserId).pop()!;
    const click = await emu.clickAction({ channel_id: emu.defaultChannelId, message_ts: eph.ts, action_id: 'pick', ephemeral: true });
    expect(app.received[app.received.length - 1]!.body).toMatchObject({ container: { is_ephemeral: true, message_ts: eph.ts } });
    await post(click.responseUrl!, { replace_original: true, text: 'picked' });
    expect(emu.ephemeralFor(emu.defaultUserId).find((e) => e.ts === eph.ts)).toMatchObject({ text: 'picked', edits: 1 });
  });

  it('allows 5 uses, then answers used_url', async () => {
    const { responseUrl } = await emu.sendCommand({ command: '/research' });
    for (let i = 0; i < 5; i += 1) expect((await post(responseUrl!, { text: `n${i}` })).status).toBe(200);
    expect(await post(responseUrl!, { text: 'n5' })).toEqual({ status: 404, body: { ok: false, error: 'used_url' } });
  });

  it('expires after 30 minutes', async () => {
    const { responseUrl } = await emu.sendCommand({ command: '/research' });
    clock.now += 30 * 60 * 1000 + 1;
    expect(await post(responseUrl!, { text: 'late' })).toEqual({ status: 404, body: { ok: false, error: 'expired_url' } });
  });
});
