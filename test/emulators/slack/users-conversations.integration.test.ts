/**
 * users.conversations as Slack answers a bot token: the conversations a user is in (`user`), or
 * the bot's own; private channels only where the bot is in too; `types` each needing its read
 * scope; exclude_archived; cursor paging and its errors. Over HTTP, as the SDK calls it.
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_SCOPES } from '../../../src/emulators/slack/config.js';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';

const BOT = 'xoxb-emulator-bot-token';

describe('users.conversations', () => {
  let emu: SlackEmulator;
  let client: WebClient;

  beforeAll(async () => {
    emu = await startSlackEmulator({ rateLimits: 'off' });
    client = new WebClient(BOT, { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
    emu.addChannel({ name: 'admins-only', members: [emu.adminUserId] });
    emu.addChannel({ name: 'desk-private', is_private: true, members: [emu.defaultUserId] });
    emu.addChannel({ name: 'secret', is_private: true, bot_is_member: false, members: [emu.defaultUserId] });
    emu.addChannel({ name: 'old-desk', is_archived: true });
  });
  afterAll(() => emu?.close());

  const names = (res: { channels?: Array<{ name?: string }> }) => (res.channels ?? []).map((c) => c.name);

  /** Every page, following next_cursor. */
  async function allPages(args: { user?: string; types?: string; limit: number; exclude_archived?: boolean }): Promise<string[]> {
    const out: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await client.users.conversations({ ...args, ...(cursor ? { cursor } : {}) });
      expect(res.channels?.length ?? 0).toBeLessThanOrEqual(args.limit);
      out.push(...names(res).map(String));
      cursor = res.response_metadata?.next_cursor || undefined;
    } while (cursor);
    return out;
  }

  it('lists the public channels a user is in by default, and the private ones the bot shares with them', async () => {
    const publicOnly = await allPages({ user: emu.defaultUserId, limit: 100 });
    expect(publicOnly).toContain('old-desk');
    expect(publicOnly).not.toContain('admins-only');
    expect(publicOnly).not.toContain('desk-private');
    const both = await allPages({ user: emu.defaultUserId, types: 'public_channel,private_channel', limit: 100, exclude_archived: true });
    expect(both).toContain('desk-private');
    // A private channel the bot is not in is not the bot's to see.
    expect(both).not.toContain('secret');
    expect(both).not.toContain('old-desk');
    expect(await allPages({ user: emu.adminUserId, limit: 100 })).toContain('admins-only');
  });

  it('pages with an opaque cursor: the same channels, each once, limit at a time', async () => {
    const whole = await allPages({ user: emu.defaultUserId, types: 'public_channel,private_channel', limit: 999 });
    const paged = await allPages({ user: emu.defaultUserId, types: 'public_channel,private_channel', limit: 1 });
    expect(whole.length).toBeGreaterThan(2);
    expect(paged).toEqual(whole);
  });

  it('answers Slack’s errors', async () => {
    await expect(client.users.conversations({ limit: 1000 })).rejects.toMatchObject({ data: { error: 'invalid_limit' } });
    await expect(client.users.conversations({ cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({ data: { error: 'invalid_cursor' } });
    await expect(client.users.conversations({ types: 'public_channel,dm' })).rejects.toMatchObject({ data: { error: 'invalid_types' } });
    await expect(client.users.conversations({ user: 'U0NOBODY' })).rejects.toMatchObject({ data: { error: 'user_not_found' } });
  });

  it('needs groups:read for private channels', async () => {
    const narrow = await startSlackEmulator({ rateLimits: 'off', botScopes: DEFAULT_BOT_SCOPES.filter((s) => s !== 'groups:read') });
    try {
      const c = new WebClient(BOT, { slackApiUrl: narrow.apiUrl, retryConfig: { retries: 0 } });
      await expect(c.users.conversations({ user: narrow.defaultUserId })).resolves.toMatchObject({ ok: true });
      await expect(c.users.conversations({ user: narrow.defaultUserId, types: 'public_channel,private_channel' })).rejects.toMatchObject({
        data: { error: 'missing_scope', needed: 'groups:read' },
      });
    } finally {
      await narrow.close();
    }
  });
});
