/**
 * The emulator's message shapes of issue 27, as an app receives them over HTTP: the edit of a
 * mention (message_changed and app_mention again), a deletion, Slackbot in a DM, a shared file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { startReceiver } from './receiver.js';

const SECRET = 'test-signing-secret';

describe('message shapes the emulator sends', () => {
  let emu: SlackEmulator;
  let app: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    app = await startReceiver(SECRET, () => ({}));
    emu = await startSlackEmulator({ signingSecret: SECRET, requestUrl: app.url, rateLimits: 'off' });
  });
  afterAll(async () => {
    await emu.close();
    await app.close();
  });

  const eventOf = (eventId: string | undefined) =>
    (app.received.find((r) => r.body.event_id === eventId)?.body.event ?? undefined) as Record<string, unknown> | undefined;

  it('an edit of a message that mentions the app sends message_changed and app_mention again (same ts, edited, new event id)', async () => {
    const posted = await emu.postMessage({ text: `<@${emu.botUserId}> first words` });
    const firstMention = posted.deliveries.find((d) => eventOf(d.eventId)?.type === 'app_mention');
    const edit = await emu.editMessage({ channel_id: emu.defaultChannelId, ts: posted.ts, text: `<@${emu.botUserId}> second words` });
    expect(eventOf(edit.delivery?.eventId)).toMatchObject({ type: 'message', subtype: 'message_changed', ts: edit.eventTs });
    expect(eventOf(edit.mention?.eventId)).toMatchObject({
      type: 'app_mention',
      ts: posted.ts,
      text: `<@${emu.botUserId}> second words`,
      edited: { user: emu.defaultUserId, ts: edit.eventTs },
      event_ts: edit.eventTs,
    });
    expect(edit.mention?.eventId).not.toBe(firstMention?.eventId);

    const plain = await emu.postMessage({ text: 'no mention here' });
    const plainEdit = await emu.editMessage({ channel_id: emu.defaultChannelId, ts: plain.ts, text: 'still none' });
    expect(plainEdit.mention).toBeUndefined();
  });

  it('a deletion sends a hidden message_deleted naming the message', async () => {
    const posted = await emu.postMessage({ text: 'delete me' });
    const deleted = await emu.deleteMessage({ channel_id: emu.defaultChannelId, ts: posted.ts });
    expect(eventOf(deleted.delivery?.eventId)).toMatchObject({
      type: 'message',
      subtype: 'message_deleted',
      hidden: true,
      deleted_ts: posted.ts,
      ts: deleted.eventTs,
      previous_message: { ts: posted.ts, text: 'delete me' },
    });
    expect(emu.channelMessages(emu.defaultChannelId).some((m) => m.ts === posted.ts)).toBe(false);
    await expect(emu.deleteMessage({ channel_id: emu.defaultChannelId, ts: posted.ts })).rejects.toMatchObject({
      code: 'message_not_found',
    });
  });

  it('Slackbot writes in a DM as USLACKBOT, without bot_id', async () => {
    const { delivery } = await emu.postSlackbotMessage({ text: 'You have been removed from #deals' });
    const event = eventOf(delivery?.eventId);
    expect(event).toMatchObject({ type: 'message', user: 'USLACKBOT', channel: emu.defaultDmId, channel_type: 'im' });
    expect(event).not.toHaveProperty('bot_id');
    expect(event).not.toHaveProperty('subtype');
  });

  it('a shared file comes as file_share with the file under files', async () => {
    const { deliveries } = await emu.shareFile({
      text: 'what does this say?',
      file: { name: 'q3.pdf', mimetype: 'application/pdf' },
      channel_id: emu.defaultDmId,
    });
    expect(eventOf(deliveries[0]?.eventId)).toMatchObject({
      type: 'message',
      subtype: 'file_share',
      channel_type: 'im',
      text: 'what does this say?',
      files: [{ name: 'q3.pdf', mimetype: 'application/pdf', filetype: 'pdf' }],
    });
  });
});
