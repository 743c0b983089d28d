/**
 * The channel lookups an app makes: conversations.list (types, exclude_archived, limit, cursor
 * paging and its errors) and conversations.info (name, is_member, is_archived), over HTTP as the
 * SDK calls them.
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalOrg, startSlackEmulator, type SlackChannel, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { callApi } from './call-api.js';

const BOT = 'xoxb-emulator-bot-token';

describe('conversations.list and conversations.info', () => {
  let emu: SlackEmulator;
  let client: WebClient;
  let archived: SlackChannel;
  let secret: SlackChannel;
  let team: SlackChannel;
  let outside: SlackChannel;

  const call = (method: string, args: Record<string, unknown>) => callApi(emu, method, BOT, args);

  beforeAll(async () => {
    emu = await startSlackEmulator({ rateLimits: 'off' });
    client = new WebClient(BOT, { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
    archived = emu.addChannel({ name: 'old-research', is_archived: true });
    team = emu.addChannel({ name: 'team-private', is_private: true });
    secret = emu.addChannel({ name: 'secret-plans', is_private: true, bot_is_member: false });
    outside = emu.addChannel({ name: 'random', bot_is_member: false });
  });
  afterAll(() => emu?.close());

  const names = (res: { channels?: Array<{ name?: string }> }) => (res.channels ?? []).map((c) => c.name);

  it('lists public channels by default, archived ones included, with names and membership', async () => {
    const res = await client.conversations.list({});
    expect(names(res)).toEqual(['research', 'markets', 'meridian-connect', 'old-research', 'random']);
    expect(res.channels?.find((c) => c.id === archived.id)).toMatchObject({ is_archived: true, is_member: true });
    expect(res.channels?.find((c) => c.id === outside.id)).toMatchObject({ name: 'random', is_member: false });
    expect(res.response_metadata?.next_cursor).toBe('');
  });

  it('honours types and exclude_archived; a bot sees only the private channels it is in', async () => {
    const res = await client.conversations.list({ types: 'public_channel,private_channel', exclude_archived: true });
    expect(names(res)).toEqual(['research', 'markets', 'meridian-connect', 'team-private', 'random']);
    expect(names(res)).not.toContain(secret.name);
    expect(res.channels?.find((c) => c.id === team.id)).toMatchObject({ is_private: true, is_member: true });
    const ims = await client.conversations.list({ types: 'im' });
    expect(ims.channels?.map((c) => c.id)).toEqual([emu.defaultDmId]);
  });

  it('pages with limit and an opaque cursor until next_cursor is empty', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await client.conversations.list({ types: 'public_channel', limit: 1, ...(cursor ? { cursor } : {}) });
      expect(res.channels).toHaveLength(1);
      seen.push(...(res.channels ?? []).map((c) => c.id ?? ''));
      cursor = res.response_metadata?.next_cursor || undefined;
      pages += 1;
    } while (cursor !== undefined && pages < 10);
    expect(pages).toBe(5);
    // The seed's Slack Connect channel (workspaces.ts) is the seed workspace's too.
    expect(seen).toEqual([emu.defaultChannelId, emu.secondChannelId, externalOrg.sharedChannelId, archived.id, outside.id]);
  });

  it('answers Slack’s errors for a bad cursor, limit or type', async () => {
    expect(await call('conversations.list', { cursor: 'not-a-cursor' })).toMatchObject({ ok: false, error: 'invalid_cursor' });
    expect(await call('conversations.list', { cursor: Buffer.from('channel:CNOSUCH1').toString('base64') })).toMatchObject({
      ok: false,
      error: 'invalid_cursor',
    });
    expect(await call('conversations.list', { limit: 1001 })).toMatchObject({ ok: false, error: 'invalid_limit' });
    expect(await call('conversations.list', { limit: 'many' })).toMatchObject({ ok: false, error: 'invalid_limit' });
    expect(await call('conversations.list', { types: 'public_channel,channels' })).toMatchObject({ ok: false, error: 'invalid_types' });
  });

  it('conversations.info: name, is_member and is_archived by id; channel_not_found for what the bot cannot see', async () => {
    expect((await client.conversations.info({ channel: emu.defaultChannelId })).channel).toMatchObject({
      id: emu.defaultChannelId,
      name: 'research',
      is_member: true,
      is_archived: false,
    });
    expect((await client.conversations.info({ channel: outside.id })).channel).toMatchObject({ name: 'random', is_member: false });
    expect((await client.conversations.info({ channel: archived.id })).channel).toMatchObject({ is_archived: true });
    expect(await call('conversations.info', { channel: secret.id })).toMatchObject({ ok: false, error: 'channel_not_found' });
    // An id, not a name: `#research` is not a channel id.
    expect(await call('conversations.info', { channel: '#research' })).toMatchObject({ ok: false, error: 'channel_not_found' });
    expect(await call('conversations.info', {})).toMatchObject({ ok: false, error: 'channel_not_found' });
  });
});
