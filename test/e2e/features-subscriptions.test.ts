/**
 * `/concepts subscribe | unsubscribe | subscriptions` with good and bad input, through the real
 * app: subscriptions land in the state store; bad time zones, times and cadences are refused
 * with an example; a channel the app cannot post to is refused before anything is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEphemeral } from '../../src/emulators/slack/index.js';
import { allText, buttonsOf, rejectedSlackCalls } from './command-helpers.js';
import { commandReply, invalidSlackCalls } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('digest subscription commands', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.close());

  const concepts = (text: string): Promise<StoredEphemeral> => commandReply(h, { command: '/concepts', text });
  const stored = (channel: string) => h.desk.stores.subscriptions.get(h.slack.teamId, channel);
  const research = () => h.slack.defaultChannelId;
  const markets = () => h.slack.secondChannelId;

  it('subscribes the current channel with the defaults: daily at 09:00 UTC, top 10', async () => {
    const reply = await concepts('subscribe');
    expect(reply.text).toContain(`Subscribed: <#${research()}> gets trending concepts every day at 09:00 UTC · top 10.`);
    expect(await stored(research())).toMatchObject({
      cadence: 'daily',
      time: '09:00',
      timeZone: 'UTC',
      top: 10,
      paused: false,
      createdBy: h.slack.defaultUserId,
    });
  });

  it('subscribes another channel, weekly, at a time in an IANA zone', async () => {
    const reply = await concepts(`subscribe <#${markets()}|markets> weekly fri at:17:30 tz:asia/shanghai top:5`);
    expect(reply.text).toContain(`<#${markets()}> gets trending concepts every Friday at 17:30 Asia/Shanghai · top 5`);
    expect(await stored(markets())).toMatchObject({ cadence: 'weekly', weekday: 5, time: '17:30', timeZone: 'Asia/Shanghai', top: 5 });
  });

  it('replaces a channel’s subscription when subscribed again', async () => {
    const reply = await concepts('subscribe weekdays at:8:05 tz:Europe/London');
    expect(reply.text).toContain('Updated:');
    expect(await stored(research())).toMatchObject({ cadence: 'weekdays', time: '08:05', timeZone: 'Europe/London' });
  });

  it('refuses a time zone that is not an IANA name, with an example', async () => {
    const reply = await concepts('subscribe tz:Mars/Olympus');
    expect(allText(reply)).toContain('not an IANA time zone');
    expect(allText(reply)).toContain('tz:Asia/Shanghai');
    const offset = await concepts('subscribe tz:+08:00');
    expect(allText(offset)).toContain('not an IANA time zone');
    expect((await stored(research()))?.timeZone).toBe('Europe/London');
  });

  it('refuses a time that is not HH:MM on a 24-hour clock', async () => {
    const reply = await concepts('subscribe at:25:00');
    expect(allText(reply)).toContain('not a time of day');
    expect(allText(reply)).toContain('at:09:00');
    expect((await stored(research()))?.time).toBe('08:05');
  });

  it('refuses an unknown cadence, suggesting the closest one', async () => {
    const reply = await concepts('subscribe hourly');
    expect(allText(reply)).toContain('`hourly` is not understood');
    const typo = await concepts('subscribe weekley');
    expect(allText(typo)).toContain('did you mean `weekly`');
    expect((await stored(research()))?.cadence).toBe('weekdays');
  });

  it('refuses a channel the app cannot post to, storing nothing', async () => {
    const reply = await concepts('subscribe <#C0NOTAMEMB|secret-plans> daily');
    expect(reply.text).toContain('I cannot see #secret-plans');
    expect(reply.text).toContain('/invite @Research Desk');
    expect(await stored('C0NOTAMEMB')).toBeNull();
    expect(h.slack.calls.some((c) => c.method === 'conversations.info' && c.error === 'channel_not_found')).toBe(true);
  });

  it('lists this workspace’s subscriptions with Pause and Remove, and the buttons work on the card', async () => {
    const list = await concepts('subscriptions');
    expect(allText(list)).toContain(`<#${research()}> · every weekday at 08:05 Europe/London · top 10`);
    expect(allText(list)).toContain(`<#${markets()}> · every Friday at 17:30 Asia/Shanghai · top 5`);
    expect(buttonsOf(list).map((b) => b.action_id)).toEqual(['rd.sub.pause:0', 'rd.sub.remove:0', 'rd.sub.pause:1', 'rd.sub.remove:1']);

    // Rows are in channel-id order; pause the #markets one.
    const pause = buttonsOf(list).find((b) => b.action_id.startsWith('rd.sub.pause') && b.value?.includes(markets()));
    if (!pause) throw new Error('no Pause for #markets');
    await h.slack.clickAction({
      channel_id: list.channel,
      message_ts: list.ts,
      action_id: pause.action_id,
      value: pause.value ?? '',
      ephemeral: true,
    });
    const paused = await h.slack.waitFor(
      () => h.slack.ephemeralFor(h.slack.defaultUserId, list.channel).find((e) => e.ts === list.ts && e.edits > 0),
      8_000,
    );
    expect(allText(paused)).toContain('paused');
    expect(buttonsOf(paused).find((b) => b.value?.includes(markets()))?.text).toBe('Resume');
    expect((await stored(markets()))?.paused).toBe(true);

    const extra = await concepts('subscriptions now');
    expect(allText(extra)).toContain('takes no arguments');
  });

  it('unsubscribes a channel, and says so when there was nothing to remove', async () => {
    const reply = await concepts(`unsubscribe <#${markets()}|markets>`);
    expect(reply.text).toContain(`<#${markets()}> will no longer receive digests.`);
    expect(await stored(markets())).toBeNull();
    const again = await concepts(`unsubscribe <#${markets()}|markets>`);
    expect(again.text).toContain('had no digest subscription');
    const current = await concepts('unsubscribe');
    expect(current.text).toContain(`<#${research()}> will no longer receive digests.`);
    const bad = await concepts('unsubscribe not-a-channel');
    expect(allText(bad)).toContain('is not a channel');
    expect(await h.desk.stores.subscriptions.listForTeam(h.slack.teamId)).toEqual([]);
  });

  it('made no Slack call that Slack would refuse, apart from the channel it could not see', () => {
    expect(invalidSlackCalls(h)).toEqual([]);
    expect(rejectedSlackCalls(h, ['channel_not_found'])).toEqual([]);
  });
});
