/**
 * Who may change a channel's digest subscription (subscription-change-permission.ts): the person
 * who subscribed it or a workspace admin, as the Slack emulator's users.info says.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mayChangeSubscription, subscriptionChangeRefusal } from '../../../../src/slack/concepts/digest/subscription-change-permission.js';
import type { DigestSubscription } from '../../../../src/store/records.js';
import { callsOf, type PermissionSlack, startPermissionSlack } from '../../kit/permissions/permission-slack.js';

const subscription = (createdBy: string): DigestSubscription => ({
  teamId: 'T0EMUTEAM1',
  channelId: 'C0EMURSRCH',
  cadence: 'daily',
  time: '09:00',
  timeZone: 'Europe/London',
  top: 5,
  createdBy,
  createdAtMs: 0,
  paused: false,
});

describe('mayChangeSubscription', () => {
  let s: PermissionSlack;
  beforeAll(async () => {
    s = await startPermissionSlack();
  });
  afterAll(async () => s?.slack.close());
  beforeEach(() => {
    s.slack.calls.length = 0;
  });

  it('a member who neither subscribed the channel nor is an admin cannot change it', async () => {
    expect(await mayChangeSubscription(s.client, s.slack.defaultUserId, subscription('U0SOMEONE1'))).toBe(false);
    expect(callsOf(s.slack, 'users.info').map((c) => c.args.user)).toEqual([s.slack.defaultUserId]);
  });

  it('an admin may change another person’s subscription', async () => {
    expect(await mayChangeSubscription(s.client, s.slack.adminUserId, subscription(s.slack.defaultUserId))).toBe(true);
  });

  it('the subscriber may, and a channel with no subscription is no refusal, without asking Slack', async () => {
    expect(await mayChangeSubscription(s.client, s.slack.defaultUserId, subscription(s.slack.defaultUserId))).toBe(true);
    expect(await mayChangeSubscription(s.client, s.slack.defaultUserId, null)).toBe(true);
    expect(callsOf(s.slack, 'users.info')).toEqual([]);
  });

  it('says who may change it, naming the channel', () => {
    expect(subscriptionChangeRefusal('C0EMURSRCH')).toBe(
      'Only the person who subscribed this channel (C0EMURSRCH) to the digest or a workspace admin can change or remove its subscription.',
    );
  });
});
