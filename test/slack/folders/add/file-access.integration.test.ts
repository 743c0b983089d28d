/**
 * Whether the person adding a file may see it (file-access.ts): they shared it, or it is shared in
 * the conversation they add it from and they can read that conversation. Files shared on the
 * Slack emulator, their facts read with files.info as the add path reads them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversationsOf, FILE_NOT_YOURS, maySeeFile } from '../../../../src/slack/folders/add/file-access.js';
import { slackFileInfo } from '../../../../src/slack/folders/add/fetch-slack-file.js';
import { callsOf, type PermissionSlack, startPermissionSlack } from '../../kit/permissions/permission-slack.js';

describe('conversationsOf', () => {
  it('reads every list files.info gives: channels, groups, ims, public and private shares', () => {
    expect(conversationsOf({ id: 'F1', name: '' })).toEqual(new Set());
    expect(conversationsOf({ id: 'F1', name: '', channels: ['C1'] })).toEqual(new Set(['C1']));
    expect(conversationsOf({ id: 'F1', name: '', groups: ['G1'] })).toEqual(new Set(['G1']));
    expect(conversationsOf({ id: 'F1', name: '', ims: ['D1'] })).toEqual(new Set(['D1']));
    expect(conversationsOf({ id: 'F1', name: '', shares: { public: { C2: [] } } })).toEqual(new Set(['C2']));
    expect(conversationsOf({ id: 'F1', name: '', shares: { private: { G2: [] } } })).toEqual(new Set(['G2']));
    expect(conversationsOf({ id: 'F1', name: '', shares: {} })).toEqual(new Set());
  });
});

describe('maySeeFile on the Slack emulator', () => {
  let s: PermissionSlack;
  let publicFile: Awaited<ReturnType<typeof slackFileInfo>>;
  let privateFile: Awaited<ReturnType<typeof slackFileInfo>>;
  let privateId: string;
  beforeAll(async () => {
    s = await startPermissionSlack();
    const sharer = s.slack.defaultUserId;
    privateId = s.slack.addChannel({ name: 'deals', is_private: true, members: [sharer] }).id;
    const file = { name: 'plan.txt', mimetype: 'text/plain', bytes: 'plan' };
    const shared = await s.slack.shareFile({ text: '', file, channel_id: s.slack.defaultChannelId, user_id: sharer });
    publicFile = await slackFileInfo(s.client, shared.fileId);
    const secret = await s.slack.shareFile({ text: '', file, channel_id: privateId, user_id: sharer });
    privateFile = await slackFileInfo(s.client, secret.fileId);
  });
  afterAll(async () => s?.slack.close());
  beforeEach(() => {
    s.slack.calls.length = 0;
  });
  const may = (info: typeof publicFile, userId: string, channelId: string) => maySeeFile(s.client, info, { userId, channelId }, s.log);

  it('lets the person who shared it add it from anywhere, without asking Slack', async () => {
    expect(await may(privateFile, s.slack.defaultUserId, s.slack.secondChannelId)).toBe(true);
    expect(s.slack.calls).toEqual([]);
  });

  it('lets a colleague add it from the public channel it is shared in', async () => {
    expect(await may(publicFile, s.slack.adminUserId, s.slack.defaultChannelId)).toBe(true);
    expect(callsOf(s.slack, 'conversations.info').map((c) => c.args.channel)).toEqual([s.slack.defaultChannelId]);
  });

  it('refuses it from a conversation it is not shared in, without asking Slack', async () => {
    expect(await may(publicFile, s.slack.adminUserId, s.slack.secondChannelId)).toBe(false);
    expect(s.slack.calls).toEqual([]);
  });

  it('refuses it from a private channel it is shared in that the person is not in (the metadata could be forged)', async () => {
    expect(await may(privateFile, s.slack.adminUserId, privateId)).toBe(false);
    expect(callsOf(s.slack, 'users.conversations').map((c) => c.args.user)).toEqual([s.slack.adminUserId]);
  });

  it('says so in plain words', () => {
    expect(FILE_NOT_YOURS).toBe('You can add only files you shared or that are shared in a conversation you are in.');
  });
});
