/**
 * Who may remove a watch and who may list or change a channel's watches (watch-permission.ts),
 * against the Slack emulator's users.info and conversations.info. Issue 34: a member who is
 * neither the watch's owner nor an admin must not remove it, whether a channel or a DM watch.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_SCOPES } from '../../../src/emulators/slack/config.js';
import type { WatchRecord } from '../../../src/store/records.js';
import { mayRemoveWatch, watchChannelRefusal, watchRemovalRefusal } from '../../../src/slack/watch/watch-permission.js';
import { callsOf, type PermissionSlack, startPermissionSlack } from '../kit/permissions/permission-slack.js';

const OWNER = 'U0EMUUSER1';
const watch = (scope: WatchRecord['scope'], createdBy = OWNER): WatchRecord => ({
  teamId: 'T0EMUTEAM1',
  watchId: `w_${scope}`,
  channelId: scope === 'user' ? 'D0EMUDM001' : 'C0EMURSRCH',
  scope,
  target: { kind: 'symbol', symbol: 'NVDA' },
  categories: [],
  createdBy,
  createdAtMs: 0,
});

describe('mayRemoveWatch', () => {
  let s: PermissionSlack;
  let member: string;
  let admin: string;
  beforeAll(async () => {
    s = await startPermissionSlack();
    // The watches belong to someone else: the seed's member acts as a colleague here.
    member = s.slack.defaultUserId;
    admin = s.slack.adminUserId;
  });
  afterAll(async () => s?.slack.close());
  beforeEach(() => {
    s.slack.calls.length = 0;
  });

  it('a member who is neither owner nor admin cannot remove a channel watch', async () => {
    expect(await mayRemoveWatch(s.client, member, watch('channel', 'U0SOMEONE1'))).toBe(false);
    expect(callsOf(s.slack, 'users.info').map((c) => c.args.user)).toEqual([member]);
  });

  it('a member who is neither owner nor admin cannot remove a DM watch, and nor can an admin', async () => {
    expect(await mayRemoveWatch(s.client, member, watch('user', 'U0SOMEONE1'))).toBe(false);
    expect(await mayRemoveWatch(s.client, admin, watch('user', 'U0SOMEONE1'))).toBe(false);
    expect(callsOf(s.slack, 'users.info')).toEqual([]);
  });

  it('an admin may remove another person’s channel watch', async () => {
    expect(await mayRemoveWatch(s.client, admin, watch('channel', OWNER))).toBe(true);
  });

  it('the owner may remove their own watch, channel or DM, without asking Slack', async () => {
    expect(await mayRemoveWatch(s.client, OWNER, watch('channel'))).toBe(true);
    expect(await mayRemoveWatch(s.client, OWNER, watch('user'))).toBe(true);
    expect(callsOf(s.slack, 'users.info')).toEqual([]);
  });

  it('a watch already gone is no refusal (the caller says there is nothing to remove)', async () => {
    expect(await mayRemoveWatch(s.client, member, null)).toBe(true);
    expect(callsOf(s.slack, 'users.info')).toEqual([]);
  });
});

describe('watchRemovalRefusal', () => {
  it('says a DM watch is its owner’s, and who may remove a channel watch', () => {
    expect(watchRemovalRefusal(watch('user'))).toBe('That watch belongs to another person’s DM.');
    expect(watchRemovalRefusal(watch('channel'))).toBe('Only the person who added this watch or a workspace admin can remove it.');
  });
});

describe('watchChannelRefusal', () => {
  let s: PermissionSlack;
  let failing: PermissionSlack;
  let privateId: string;
  beforeAll(async () => {
    s = await startPermissionSlack();
    privateId = s.slack.addChannel({ name: 'deals', is_private: true, members: [s.slack.defaultUserId] }).id;
    failing = await startPermissionSlack({ botScopes: DEFAULT_BOT_SCOPES.filter((scope) => scope !== 'groups:read') });
  });
  afterAll(async () => {
    await s?.slack.close();
    await failing?.slack.close();
  });
  const refusal = (p: PermissionSlack, userId: string, channelId: string) =>
    watchChannelRefusal({ client: p.client, userId, channelId, log: p.log });

  it('allows a public channel and a private one the user is in', async () => {
    expect(await refusal(s, s.slack.adminUserId, s.slack.secondChannelId)).toBeNull();
    expect(await refusal(s, s.slack.defaultUserId, privateId)).toBeNull();
  });

  it('explains each refusal: not a member, another’s DM, a channel the app cannot see, Slack not answering', async () => {
    expect(await refusal(s, s.slack.adminUserId, privateId)).toBe(
      'That is a private channel you are not a member of, so you can’t see or change its watches. Ask one of its members to invite you, or to manage its watches for you.',
    );
    expect(await refusal(s, s.slack.adminUserId, s.slack.defaultDmId)).toBe(
      'That is another person’s DM with Research Desk: its watches are theirs alone. Run `/research watches` in your own DM with Research Desk to see yours.',
    );
    expect(await refusal(s, s.slack.defaultUserId, 'C0NOSUCH01')).toBe(
      'I can’t see that channel: it may be private and I am not in it. Run the command in the channel itself, or invite me there with /invite @Research Desk.',
    );
    const deals = failing.slack.addChannel({ name: 'deals', is_private: true }).id;
    expect(await refusal(failing, failing.slack.defaultUserId, deals)).toBe(
      'Slack would not tell me whether you are a member of that channel (missing_scope), so I can’t show or change its watches. Please try again in a minute, or run the command in the channel itself.',
    );
  });
});
