/**
 * message_metadata_posted: after the app posts a message carrying metadata of a subscribed event
 * type, the emulator pushes its channel, ts and metadata, as Slack does for the manifest's
 * `metadata_subscriptions`; nothing for other event types, for messages without metadata, or when
 * the app does not subscribe to the event.
 * @see https://docs.slack.dev/reference/events/message_metadata_posted
 */
import { WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator, type SlackEmulatorOptions } from '../../../src/emulators/slack/index.js';
import { startReceiver } from './receiver.js';

const SECRET = 'metadata-events-secret';
const BOT = 'xoxb-metadata-events';

describe('message_metadata_posted', () => {
  let emu: SlackEmulator | undefined;
  let app: Awaited<ReturnType<typeof startReceiver>> | undefined;
  afterEach(async () => {
    await emu?.close();
    await app?.close();
    emu = undefined;
    app = undefined;
  });

  const setUp = async (options: Partial<SlackEmulatorOptions> = {}) => {
    app = await startReceiver(SECRET, () => ({}));
    emu = await startSlackEmulator({ signingSecret: SECRET, botToken: BOT, requestUrl: app.url, rateLimits: 'off', ...options });
    const client = new WebClient(BOT, { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
    const pushes = () =>
      (emu?.deliveries ?? [])
        .map((d) => d.payload.event as Record<string, unknown> | undefined)
        .filter((e) => e?.type === 'message_metadata_posted');
    return { client, pushes, emu };
  };

  it('pushes the channel, ts and metadata of a bot message with a subscribed event type', async () => {
    const { client, pushes, emu: e } = await setUp({ metadataSubscriptions: ['research_desk_digest'] });
    const metadata = { event_type: 'research_desk_digest', event_payload: { slot: '2025-07-01T09:00:00.000Z' } };
    const res = await client.chat.postMessage({ channel: e.defaultChannelId, text: 'digest', metadata });
    await e.waitFor(() => pushes().length === 1);
    expect(pushes()[0]).toMatchObject({
      type: 'message_metadata_posted',
      app_id: e.appId,
      bot_id: e.botId,
      team_id: e.teamId,
      channel_id: e.defaultChannelId,
      message_ts: res.ts,
      metadata,
    });
    const delivery = e.deliveries.find((d) => (d.payload.event as { type?: string }).type === 'message_metadata_posted');
    expect(delivery).toMatchObject({ kind: 'event_callback', outcome: 'acked' });

    // Another event type, and a message without metadata: nothing.
    await client.chat.postMessage({
      channel: e.defaultChannelId,
      text: 'other',
      metadata: { event_type: 'other_type', event_payload: {} },
    });
    await client.chat.postMessage({ channel: e.defaultChannelId, text: 'plain' });
    const next = await client.chat.postMessage({ channel: e.defaultChannelId, text: 'digest 2', metadata });
    await e.waitFor(() => pushes().some((p) => p?.message_ts === next.ts));
    expect(pushes().map((p) => p?.message_ts)).toEqual([res.ts, next.ts]);
  });

  it('pushes nothing when the app does not subscribe to the event', async () => {
    const { client, pushes, emu: e } = await setUp({ subscribedEvents: ['message.im', 'message.channels'] });
    await client.chat.postMessage({ channel: e.defaultChannelId, text: 'digest', metadata: { event_type: 'x', event_payload: {} } });
    // A user message after it is delivered in order: by then a push would have been sent too.
    await e.postMessage({ channel_id: e.defaultChannelId, text: 'after' });
    expect(pushes()).toEqual([]);
  });
});
