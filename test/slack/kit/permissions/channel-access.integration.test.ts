/**
 * Who may see or change what belongs to a channel they name (kit/permissions/channel-access.ts),
 * and the one membership look-up it uses (member-channel-ids.ts), against the Slack emulator.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { createWebClient } from '../../../../src/slack-api/create-web-client.js';
import { type CraftedServer, sendJson, startCraftedServer } from '../../../service/crafted-server.js';
import { DEFAULT_BOT_SCOPES } from '../../../../src/emulators/slack/config.js';
import { checkChannelAccess } from '../../../../src/slack/kit/permissions/channel-access.js';
import { memberChannelIds } from '../../../../src/slack/kit/permissions/member-channel-ids.js';
import { callsOf, logged, type PermissionSlack, startPermissionSlack } from './permission-slack.js';

describe('checkChannelAccess on the Slack emulator', () => {
  let s: PermissionSlack;
  let privateId: string;
  let hiddenId: string;
  beforeAll(async () => {
    s = await startPermissionSlack();
    privateId = s.slack.addChannel({ name: 'deals', is_private: true, members: [s.slack.defaultUserId] }).id;
    hiddenId = s.slack.addChannel({ name: 'board', is_private: true, bot_is_member: false, members: [s.slack.defaultUserId] }).id;
  });
  afterAll(async () => s?.slack.close());
  beforeEach(() => {
    s.slack.calls.length = 0;
    s.log.lines.length = 0;
  });
  const check = (userId: string, channelId: string, fromChannelId?: string) =>
    checkChannelAccess({ client: s.client, userId, channelId, log: s.log, ...(fromChannelId ? { fromChannelId } : {}) });

  it('lets a channel be named from inside it without asking Slack', async () => {
    expect(await check('U0NOBODY01', hiddenId, hiddenId)).toEqual({ allowed: true });
    expect(s.slack.calls).toEqual([]);
  });

  it('lets anyone name a public channel, without reading their channels', async () => {
    expect(await check(s.slack.defaultUserId, s.slack.secondChannelId, s.slack.defaultChannelId)).toEqual({ allowed: true });
    expect(callsOf(s.slack, 'conversations.info').map((c) => c.args.channel)).toEqual([s.slack.secondChannelId]);
    expect(callsOf(s.slack, 'users.conversations')).toEqual([]);
  });

  it('gives a DM with the app to its user alone', async () => {
    expect(await check(s.slack.defaultUserId, s.slack.defaultDmId)).toEqual({ allowed: true });
    expect(await check(s.slack.adminUserId, s.slack.defaultDmId)).toEqual({ allowed: false, why: 'others_dm' });
  });

  it('lets a member of a private channel in, and refuses one who is not, with a log line', async () => {
    expect(await check(s.slack.defaultUserId, privateId)).toEqual({ allowed: true });
    expect(callsOf(s.slack, 'users.conversations').map((c) => c.args.user)).toEqual([s.slack.defaultUserId]);
    expect(logged(s.log, 'channel access refused: not a member of the private channel')).toEqual([]);
    expect(await check(s.slack.adminUserId, privateId)).toEqual({ allowed: false, why: 'not_member' });
    expect(logged(s.log, 'channel access refused: not a member of the private channel')).toMatchObject([{ channel: privateId }]);
  });

  it('refuses a channel the app cannot see as unseen, logging Slack’s code', async () => {
    expect(await check(s.slack.defaultUserId, hiddenId)).toEqual({ allowed: false, why: 'unseen' });
    expect(await check(s.slack.defaultUserId, 'C0NOSUCH01')).toEqual({ allowed: false, why: 'unseen' });
    expect(logged(s.log, 'channel access refused: the channel could not be read')).toMatchObject([
      { level: 'info', channel: hiddenId, slack_error: 'channel_not_found' },
      { level: 'info', channel: 'C0NOSUCH01', slack_error: 'channel_not_found' },
    ]);
  });
});

describe('checkChannelAccess fails closed when Slack does not answer', () => {
  let s: PermissionSlack;
  let privateId: string;
  beforeAll(async () => {
    // No groups:read: users.conversations refuses private channels; conversations.info answers once a minute.
    s = await startPermissionSlack({
      botScopes: DEFAULT_BOT_SCOPES.filter((scope) => scope !== 'groups:read'),
      rateLimits: { 'conversations.info': [{ perMinute: 1, burst: 1, scope: 'workspace' }] },
    });
    privateId = s.slack.addChannel({ name: 'deals', is_private: true, members: [s.slack.defaultUserId] }).id;
  });
  afterAll(async () => s?.slack.close());

  it('is unverified, with Slack’s code, when the user’s channels cannot be read, then when the channel cannot', async () => {
    const req = { client: s.client, userId: s.slack.defaultUserId, channelId: privateId, log: s.log };
    expect(await checkChannelAccess(req)).toEqual({ allowed: false, why: 'unverified', code: 'missing_scope' });
    expect(logged(s.log, 'channel access refused: the user’s channels could not be read')).toMatchObject([
      { level: 'warn', channel: privateId, slack_error: 'missing_scope' },
    ]);
    expect(await checkChannelAccess(req)).toEqual({ allowed: false, why: 'unverified', code: 'ratelimited' });
    expect(logged(s.log, 'channel access refused: the channel could not be read')).toMatchObject([
      { channel: privateId, slack_error: 'ratelimited' },
    ]);
  });
});

describe('memberChannelIds on the Slack emulator', () => {
  let s: PermissionSlack;
  beforeAll(async () => {
    s = await startPermissionSlack();
  });
  afterAll(async () => s?.slack.close());
  beforeEach(() => {
    s.slack.calls.length = 0;
    s.log.lines.length = 0;
  });

  it('lists the public and private channels a user is in, without archived ones, in one page', async () => {
    const mine = s.slack.addChannel({ name: 'mine', is_private: true, members: [s.slack.defaultUserId] }).id;
    const theirs = s.slack.addChannel({ name: 'theirs', is_private: true, members: [s.slack.adminUserId] }).id;
    const archived = s.slack.addChannel({ name: 'old', is_archived: true }).id;
    const ids = await memberChannelIds(s.client, s.slack.defaultUserId, s.log);
    expect(ids.has(s.slack.defaultChannelId) && ids.has(s.slack.secondChannelId) && ids.has(mine)).toBe(true);
    expect([theirs, archived, s.slack.defaultDmId].filter((id) => ids.has(id))).toEqual([]);
    expect(callsOf(s.slack, 'users.conversations').map((c) => c.args)).toEqual([
      { user: s.slack.defaultUserId, types: 'public_channel,private_channel', exclude_archived: 'true', limit: '200' },
    ]);
    expect(s.log.lines).toEqual([]);
  });

  it('follows the cursor 200 at a time and stops at five pages, with a log line', async () => {
    const added = Array.from({ length: 1_100 }, (_, i) => s.slack.addChannel({ name: `bulk-${i}` }).id);
    const ids = await memberChannelIds(s.client, s.slack.defaultUserId, s.log);
    const pages = callsOf(s.slack, 'users.conversations');
    expect(pages).toHaveLength(5);
    expect(pages[0]?.args.cursor).toBeUndefined();
    expect(pages.slice(1).every((p) => typeof p.args.cursor === 'string' && p.args.cursor !== '')).toBe(true);
    expect(new Set(pages.map((p) => p.args.cursor)).size).toBe(5);
    expect(ids.size).toBe(1_000);
    expect(added.filter((id) => ids.has(id)).length).toBeGreaterThan(900);
    expect(logged(s.log, 'channel list of a user cut at its bound')).toMatchObject([{ level: 'info', pages: 5, channels: 1_000 }]);
  });
});

/**
 * Answers Slack gives only in part (ok, without the channel or the list): a crafted HTTP server
 * speaks for Slack here, since the emulator always answers in full.
 */
describe('answers without what was asked for', () => {
  let server: CraftedServer;
  const answers = new Map<string, unknown>();
  beforeAll(async () => {
    server = await startCraftedServer((req, res) => sendJson(res, 200, answers.get(req.url.pathname.replace('/api/', '')) ?? { ok: true }));
  });
  afterAll(async () => server?.close());
  const log = createMemoryLogger(createRedactor([]));
  const client = () =>
    createWebClient({ token: 'xoxb-crafted', apiUrl: `${server.url}/api/`, logger: createMemoryLogger(createRedactor([]), 'warn') });

  it('takes a conversations.info answer without a channel as a channel it cannot see', async () => {
    answers.set('conversations.info', { ok: true });
    expect(await checkChannelAccess({ client: client(), userId: 'U1', channelId: 'C1', log })).toEqual({ allowed: false, why: 'unseen' });
  });

  it('takes a users.conversations answer without channels or cursor as none, and skips channels without an id', async () => {
    answers.set('users.conversations', { ok: true });
    expect(await memberChannelIds(client(), 'U1', log)).toEqual(new Set());
    answers.set('users.conversations', { ok: true, channels: [{ name: 'no-id' }, { id: 'C1' }], response_metadata: {} });
    expect(await memberChannelIds(client(), 'U1', log)).toEqual(new Set(['C1']));
  });
});
