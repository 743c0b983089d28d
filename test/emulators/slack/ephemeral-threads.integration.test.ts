/**
 * chat.postEphemeral with thread_ts: Slack shows the message in a thread only when the thread
 * already exists ("Ephemeral messages in threads are only shown if there is already an active
 * thread"), so an app that answers privately in a thread it has not started reaches no one.
 * @see https://docs.slack.dev/reference/methods/chat.postEphemeral
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';

describe('ephemeral messages in threads', () => {
  let emu: SlackEmulator;
  let client: WebClient;
  beforeAll(async () => {
    emu = await startSlackEmulator({ rateLimits: 'off' });
    client = new WebClient('xoxb-emulator-bot-token', { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
  });
  afterAll(() => emu?.close());

  const seen = () => emu.ephemeralFor(emu.defaultUserId, emu.defaultChannelId).map((e) => e.text);
  const post = (text: string, threadTs?: string) =>
    client.chat.postEphemeral({
      channel: emu.defaultChannelId,
      user: emu.defaultUserId,
      text,
      ...(threadTs ? { thread_ts: threadTs } : {}),
    });

  it('shows one in an existing thread (from its parent or a reply) and in the channel, not in a thread not yet started', async () => {
    const { ts: lonely } = await emu.postMessage({ text: 'no replies here' });
    const { ts: parent } = await emu.postMessage({ text: 'a thread' });
    await emu.postMessage({ text: 'a reply', thread_ts: parent });

    expect(await post('into nothing', lonely)).toMatchObject({ ok: true });
    await post('in the thread', parent);
    await post('in the channel');
    expect(seen()).toEqual(['in the thread', 'in the channel']);
    expect(emu.ephemeralFor(emu.defaultUserId, emu.defaultChannelId).find((e) => e.text === 'in the thread')?.thread_ts).toBe(parent);
  });
});
