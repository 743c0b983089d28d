/**
 * The payload shapes of issue 27 as the Slack emulator sends them to the real app: Slackbot in a
 * DM, the edit of a mention (message_changed and app_mention again), an edit adding a mention, a
 * reply also sent to the channel, a file shared with a question, and a deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryResult } from '../../src/emulators/slack/index.js';
import { botReplies, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('issue 27 payload shapes from the Slack emulator', () => {
  let h: Harness;
  let channel: string;
  const mention = (text: string) => `<@${h.slack.botUserId}> ${text}`;

  beforeAll(async () => {
    h = await startHarness({ agentSpeed: 12, logLevel: 'debug' });
    channel = h.slack.defaultChannelId;
  });
  afterAll(async () => h?.close());

  const startedLines = () => h.logs.filter((l) => l.includes('agent run started')).length;
  /** What the app did with a delivery, from its log line carrying the event id. */
  const outcomeOf = (d: DeliveryResult | undefined): Promise<'started' | 'turned away'> => {
    const eventId = d?.eventId;
    if (eventId === undefined) throw new Error('nothing was delivered');
    return h.slack.waitFor(() => {
      const line = h.logs.find((l) => l.includes(eventId) && /agent run started|ignored|not answered again/.test(l));
      if (line === undefined) return undefined;
      return line.includes('agent run started') ? 'started' : 'turned away';
    }, 10_000);
  };
  const mentionDelivery = (ts: string) =>
    h.slack.deliveries.find(
      (d) =>
        (d.payload as { event?: { type?: string; ts?: string } }).event?.type === 'app_mention' &&
        (d.payload as { event: { ts?: string } }).event.ts === ts,
    );

  /** The event a delivery carried, from the emulator's record of it. */
  const eventOf = (d: DeliveryResult | undefined): Record<string, unknown> | undefined =>
    (
      h.slack.deliveries.find((r) => d?.eventId !== undefined && r.eventId === d.eventId)?.payload as
        | { event?: Record<string, unknown> }
        | undefined
    )?.event;

  let answered: string;

  it('a DM from Slackbot starts no run', async () => {
    const before = startedLines();
    const { delivery } = await h.slack.postSlackbotMessage({ text: 'You have been removed from #deals by <@U0EMUADMIN>' });
    expect(eventOf(delivery)).toMatchObject({ user: 'USLACKBOT', channel_type: 'im' });
    expect(eventOf(delivery)).not.toHaveProperty('bot_id');
    expect(await outcomeOf(delivery)).toBe('turned away');
    expect(startedLines()).toBe(before);
  });

  it('the edit of an answered mention sends message_changed and app_mention again, and is not answered again', async () => {
    const { ts } = await h.slack.postMessage({ text: mention('How strong is NVIDIA’s balance sheet?') });
    const first = mentionDelivery(ts);
    expect((await waitForRunEnd(h, runIdForEvent(h, channel, first?.eventId ?? ''))).status).toBe('completed');
    answered = ts;
    const before = startedLines();
    const edit = await h.slack.editMessage({ channel_id: channel, ts, text: mention('How strong is NVIDIA’s balance sheet now?') });
    const resent = eventOf(edit.mention);
    expect(resent).toMatchObject({ type: 'app_mention', ts, edited: { user: h.slack.defaultUserId, ts: edit.eventTs } });
    expect(edit.mention?.eventId).not.toBe(first?.eventId);
    expect(await outcomeOf(edit.mention)).toBe('turned away');
    expect(await outcomeOf(edit.delivery)).toBe('turned away');
    expect(startedLines()).toBe(before);
    expect(botReplies(h, channel, ts)).toHaveLength(1);
  });

  it('an edit that adds the mention to an unanswered message is answered once; a further edit is not', async () => {
    const { ts } = await h.slack.postMessage({ text: 'What drives Tesla’s margins?' });
    const edit = await h.slack.editMessage({ channel_id: channel, ts, text: mention('What drives Tesla’s margins?') });
    expect(await outcomeOf(edit.mention)).toBe('started');
    expect((await waitForRunEnd(h, runIdForEvent(h, channel, edit.mention?.eventId ?? ''))).status).toBe('completed');
    const again = await h.slack.editMessage({ channel_id: channel, ts, text: mention('What drives Tesla’s margins, really?') });
    expect(await outcomeOf(again.mention)).toBe('turned away');
    expect(botReplies(h, channel, ts)).toHaveLength(1);
  });

  it('a reply also sent to the channel (thread_broadcast) in a thread the app answered is a follow-up', async () => {
    const { ts, deliveries } = await h.slack.postMessage({
      text: 'And how much cash does it hold?',
      thread_ts: answered,
      reply_broadcast: true,
    });
    const message = deliveries.find((d) => eventOf(d)?.subtype === 'thread_broadcast');
    expect(await outcomeOf(message)).toBe('started');
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, message?.eventId ?? ''));
    expect(record).toMatchObject({ status: 'completed', threadTs: answered });
    expect(ts).not.toBe(answered);
  });

  it('a file shared with a question in the DM (file_share) is a question', async () => {
    const dm = h.slack.defaultDmId;
    const { deliveries } = await h.slack.shareFile({
      text: 'What does this chart say about margins?',
      file: { name: 'margins.png', mimetype: 'image/png' },
      channel_id: dm,
    });
    const [message] = deliveries;
    expect(eventOf(message)).toMatchObject({ subtype: 'file_share', channel_type: 'im' });
    expect(await outcomeOf(message)).toBe('started');
    expect((await waitForRunEnd(h, runIdForEvent(h, dm, message?.eventId ?? ''))).status).toBe('completed');
  });

  it('deleting a message (message_deleted) starts nothing', async () => {
    const dm = h.slack.defaultDmId;
    const { ts } = await h.slack.postMessage({ text: 'What is Apple’s cash position?', channel_id: dm });
    const posted = h.slack.deliveries.find((d) => (d.payload as { event?: { ts?: string } }).event?.ts === ts);
    await waitForRunEnd(h, runIdForEvent(h, dm, posted?.eventId ?? ''));
    const before = startedLines();
    const { delivery } = await h.slack.deleteMessage({ channel_id: dm, ts });
    expect(eventOf(delivery)).toMatchObject({ subtype: 'message_deleted', deleted_ts: ts });
    expect(await outcomeOf(delivery)).toBe('turned away');
    expect(startedLines()).toBe(before);
  });
});
