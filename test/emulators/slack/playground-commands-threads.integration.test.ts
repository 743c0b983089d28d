/**
 * What the playground page needs from the emulator to behave like Slack's client: the app's slash
 * commands with their usage hints (`GET /api/info`), commands declared `should_escape` arriving
 * with linked channels and users, and the thread data of conversations.history (reply count,
 * repliers, latest reply, and "also sent to the channel" replies).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { startReceiver } from './receiver.js';

describe('playground: commands and threads', () => {
  let emu: SlackEmulator;
  let app: Awaited<ReturnType<typeof startReceiver>>;
  const get = async (path: string) => (await (await fetch(`${emu.url}${path}`)).json()) as Record<string, unknown>;
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${emu.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    ).json()) as Record<string, unknown>;
  const bot = async (method: string, args: Record<string, unknown>) =>
    (await (
      await fetch(`${emu.apiUrl}${method}`, {
        method: 'POST',
        headers: { Authorization: 'Bearer xoxb-emulator-bot-token', 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      })
    ).json()) as Record<string, unknown>;

  beforeAll(async () => {
    app = await startReceiver('emulator-signing-secret');
    emu = await startSlackEmulator({
      requestUrl: app.url,
      rateLimits: 'off',
      slashCommands: [
        { command: '/concepts', description: 'Trending concepts', usageHint: '[top:N] | subscribe [#channel]', shouldEscape: true },
        { command: '/research', description: 'Search research', usageHint: '<query>', shouldEscape: false },
      ],
    });
  });
  afterAll(async () => {
    await emu?.close();
    await app?.close();
  });

  it('GET /api/info lists the app’s commands with their usage hints', async () => {
    expect((await get('/api/info')).commands).toEqual([
      { command: '/concepts', description: 'Trending concepts', usageHint: '[top:N] | subscribe [#channel]' },
      { command: '/research', description: 'Search research', usageHint: '<query>' },
    ]);
  });

  it('escapes #channel and @user in a should_escape command as Slack does, and leaves other commands as typed', async () => {
    const lastCommandText = () => String(app.received[app.received.length - 1]?.body.text);
    await post('/api/commands', { command: '/concepts', text: 'subscribe #research daily cc @dana #nowhere' });
    expect(lastCommandText()).toBe(`subscribe <#${emu.defaultChannelId}|research> daily cc <@${emu.defaultUserId}|dana> #nowhere`);
    await post('/api/commands', { command: '/research', text: '#research @dana' });
    expect(lastCommandText()).toBe('#research @dana');
  });

  it('carries reply_count, reply_users, latest_reply and thread_broadcast replies, as conversations.history does', async () => {
    const parent = await post('/api/messages', { text: 'A thread' });
    const quiet = await bot('chat.postMessage', { channel: emu.defaultChannelId, thread_ts: parent.ts, text: 'in the thread' });
    const loud = await bot('chat.postMessage', {
      channel: emu.defaultChannelId,
      thread_ts: parent.ts,
      text: 'also in the channel',
      reply_broadcast: true,
    });
    const mine = await post('/api/messages', { text: 'me too', thread_ts: parent.ts, reply_broadcast: true, user_id: emu.adminUserId });

    const page = await get(`/api/channels/${emu.defaultChannelId}/messages`);
    const messages = page.messages as Array<Record<string, unknown>>;
    const top = messages.find((m) => m.ts === parent.ts);
    expect(top).toMatchObject({
      reply_count: 3,
      reply_users: [emu.botUserId, emu.adminUserId],
      reply_users_count: 2,
      latest_reply: mine.ts,
      subtype: null,
    });
    expect(((top?.replies ?? []) as Array<{ ts: string }>).map((r) => r.ts)).toEqual([quiet.ts, loud.ts, mine.ts]);
    // Broadcast replies show in the channel too, marked; the quiet one does not.
    const inChannel = messages.filter((m) => m.thread_ts === parent.ts && m.ts !== parent.ts);
    expect(inChannel.map((m) => [m.ts, m.subtype])).toEqual([
      [loud.ts, 'thread_broadcast'],
      [mine.ts, 'thread_broadcast'],
    ]);

    const history = await bot('conversations.history', { channel: emu.defaultChannelId });
    const historyTs = (history.messages as Array<{ ts: string; subtype?: string }>).map((m) => m.ts);
    expect(historyTs).toContain(loud.ts);
    expect(historyTs).not.toContain(quiet.ts);
    // The user's broadcast reply reached the app as Slack sends it.
    const event = app.received.map((r) => r.body.event as Record<string, unknown> | undefined).find((e) => e?.ts === mine.ts);
    expect(event).toMatchObject({ type: 'message', subtype: 'thread_broadcast', thread_ts: parent.ts });
  });
});
