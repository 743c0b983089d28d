/**
 * Where the bot may post with chat.postMessage, as Slack answers: not in an archived channel
 * (`is_archived`), not in a public channel it is not in without chat:write.public
 * (`not_in_channel`), and a private channel it is not in does not exist for it.
 * @see https://docs.slack.dev/reference/methods/chat.postMessage#errors
 */
import { WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_SCOPES } from '../../../src/emulators/slack/config.js';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';

const BOT = 'xoxb-emulator-bot-token';

describe('Slack emulator: where chat.postMessage may post', () => {
  let emu: SlackEmulator | undefined;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });
  const post = (channel: string) =>
    new WebClient(BOT, { slackApiUrl: emu!.apiUrl, retryConfig: { retries: 0 } }).chat.postMessage({ channel, text: 'hi' });

  it('refuses archived channels, and channels the bot is not in', async () => {
    emu = await startSlackEmulator({ rateLimits: 'off' });
    const archived = emu.addChannel({ name: 'old', is_archived: true });
    const outside = emu.addChannel({ name: 'outside', bot_is_member: false });
    const secret = emu.addChannel({ name: 'secret', is_private: true, bot_is_member: false });
    await expect(post(archived.id)).rejects.toMatchObject({ data: { ok: false, error: 'is_archived' } });
    await expect(post(outside.id)).rejects.toMatchObject({ data: { ok: false, error: 'not_in_channel' } });
    await expect(post(secret.id)).rejects.toMatchObject({ data: { ok: false, error: 'channel_not_found' } });
    await expect(post(emu.defaultChannelId)).resolves.toMatchObject({ ok: true });
    expect(emu.channelMessages(outside.id)).toEqual([]);
  });

  it('posts in a public channel the bot is not in when it holds chat:write.public', async () => {
    emu = await startSlackEmulator({ rateLimits: 'off', botScopes: [...DEFAULT_BOT_SCOPES, 'chat:write.public'] });
    const outside = emu.addChannel({ name: 'outside', bot_is_member: false });
    await expect(post(outside.id)).resolves.toMatchObject({ ok: true });
  });
});
