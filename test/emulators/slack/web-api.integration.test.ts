import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';

const BOT = 'xoxb-emulator-bot-token';

describe('Web API', () => {
  let emu: SlackEmulator;
  let client: WebClient;
  const clock = { now: 1_750_000_000_000 };

  const raw = async (method: string, init: RequestInit) =>
    (await (await fetch(`${emu.apiUrl}${method}`, { method: 'POST', ...init })).json()) as Record<string, unknown>;
  const call = async (method: string, args: Record<string, unknown>) =>
    raw(method, { headers: { Authorization: `Bearer ${BOT}`, 'Content-Type': 'application/json' }, body: JSON.stringify(args) });

  beforeAll(async () => {
    emu = await startSlackEmulator({ rateLimits: 'off', clock: () => clock.now });
    client = new WebClient(BOT, {
      slackApiUrl: emu.apiUrl,
      retryConfig: { retries: 0 },
      logger: { debug() {}, info() {}, warn() {}, error() {}, setLevel() {}, getLevel: () => 'error' as never, setName() {} },
    });
  });
  afterAll(() => emu.close());

  it('checks tokens like Slack', async () => {
    expect(await raw('auth.test', {})).toMatchObject({ ok: false, error: 'not_authed' });
    expect(await raw('auth.test', { headers: { Authorization: 'Bearer xoxb-wrong' } })).toMatchObject({ ok: false, error: 'invalid_auth' });
    expect(await raw('chat.postMessage', { headers: { Authorization: 'Bearer xapp-emulator-app-token' }, body: '' })).toMatchObject({
      ok: false,
      error: 'not_allowed_token_type',
    });
    // Form-encoded calls may carry the token in the body; JSON calls may not.
    expect(
      await raw('auth.test', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `token=${BOT}` }),
    ).toMatchObject({ ok: true, user_id: emu.botUserId, team_id: emu.teamId, bot_id: emu.botId });
    expect(await raw('auth.test', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: BOT }) })).toMatchObject(
      { ok: false, error: 'not_authed' },
    );
    expect(await call('chat.explode', {})).toMatchObject({ ok: false, error: 'unknown_method' });
    expect(emu.calls.some((c) => JSON.stringify(c).includes(BOT))).toBe(false);
  });

  it('can be unreachable: every Web API connection ends unanswered until it is back', async () => {
    emu.setWebApiUnreachable(true);
    try {
      await expect(call('auth.test', {})).rejects.toThrow(TypeError);
      await expect(client.auth.test()).rejects.toMatchObject({ code: 'slack_webapi_request_error' });
    } finally {
      emu.setWebApiUnreachable(false);
    }
    expect(await call('auth.test', {})).toMatchObject({ ok: true, bot_id: emu.botId });
  });

  it('posts, threads, updates and deletes messages with increasing ts', async () => {
    const a = await client.chat.postMessage({ channel: emu.defaultChannelId, text: 'parent' });
    const b = await client.chat.postMessage({ channel: emu.defaultChannelId, text: 'reply', thread_ts: a.ts! });
    expect(a).toMatchObject({
      ok: true,
      channel: emu.defaultChannelId,
      message: { text: 'parent', bot_id: emu.botId, user: emu.botUserId },
    });
    expect(a.ts).toMatch(/^\d{10}\.\d{6}$/);
    expect(Number(b.ts) > Number(a.ts)).toBe(true);
    const updated = await client.chat.update({ channel: emu.defaultChannelId, ts: a.ts!, text: 'parent v2' });
    expect(updated).toMatchObject({ ok: true, ts: a.ts, text: 'parent v2' });
    const [top] = emu.channelMessages(emu.defaultChannelId).filter((m) => m.ts === a.ts);
    expect(top).toMatchObject({ text: 'parent v2', edits: 1, reply_count: 1, replies: [expect.objectContaining({ text: 'reply' })] });
    expect(emu.threadReplies(emu.defaultChannelId, a.ts!).map((m) => m.text)).toEqual(['reply']);
    await client.chat.delete({ channel: emu.defaultChannelId, ts: b.ts! });
    expect(emu.threadReplies(emu.defaultChannelId, a.ts!)).toEqual([]);
  });

  it('answers message errors with Slack codes', async () => {
    expect(await call('chat.postMessage', { channel: 'C_NOPE', text: 'x' })).toMatchObject({ error: 'channel_not_found' });
    expect(await call('chat.postMessage', { channel: emu.defaultChannelId })).toMatchObject({ error: 'no_text' });
    expect(await call('chat.update', { channel: emu.defaultChannelId, ts: '1.000001', text: 'x' })).toMatchObject({
      error: 'message_not_found',
    });
    const { ts } = await emu.postMessage({ text: 'a user message' });
    expect(await call('chat.update', { channel: emu.defaultChannelId, ts, text: 'x' })).toMatchObject({ error: 'cant_update_message' });
    expect(await call('chat.delete', { channel: emu.defaultChannelId, ts })).toMatchObject({ error: 'cant_delete_message' });
    const own = await client.chat.postMessage({ channel: emu.defaultChannelId, text: 'mine' });
    expect(await call('chat.update', { channel: emu.defaultChannelId, ts: own.ts, text: 'x'.repeat(4001) })).toMatchObject({
      error: 'msg_too_long',
    });
    const long = await call('chat.postMessage', { channel: emu.defaultChannelId, text: 'y'.repeat(40_001) });
    expect(long).toMatchObject({ ok: true, warning: 'message_truncated', response_metadata: { warnings: ['message_truncated'] } });
    expect(await call('chat.postMessage', { channel: emu.defaultChannelId, blocks: [{ type: 'section' }] })).toMatchObject({
      error: 'invalid_blocks',
      response_metadata: { messages: ['[ERROR] must provide either text or fields [json-pointer:/blocks/0]'] },
    });
  });

  it('posts to a user id into their DM, and ephemeral messages per user', async () => {
    const dm = await call('chat.postMessage', { channel: emu.defaultUserId, text: 'hi in DM' });
    expect(dm).toMatchObject({ ok: true, channel: emu.defaultDmId });
    const eph = await call('chat.postEphemeral', { channel: emu.defaultChannelId, user: emu.adminUserId, text: 'only you' });
    expect(eph).toMatchObject({ ok: true, message_ts: expect.any(String) });
    expect(emu.ephemeralFor(emu.adminUserId).map((e) => e.text)).toEqual(['only you']);
    expect(emu.ephemeralFor(emu.defaultUserId).some((e) => e.text === 'only you')).toBe(false);
    expect(await call('chat.postEphemeral', { channel: emu.defaultChannelId, user: 'U_NOPE', text: 'x' })).toMatchObject({
      error: 'user_not_found',
    });
  });

  it('lists top-level history newest first within oldest/latest, with metadata on request', async () => {
    const channel = emu.secondChannelId;
    const first = await client.chat.postMessage({ channel, text: 'h1', metadata: { event_type: 'probe', event_payload: { n: 1 } } });
    await client.chat.postMessage({ channel, text: 'h1 reply', thread_ts: first.ts! });
    const second = await client.chat.postMessage({ channel, text: 'h2' });
    const all = await client.conversations.history({ channel, oldest: String(Number(first.ts) - 1), include_all_metadata: true });
    const texts = (all.messages ?? []).map((m) => m.text);
    expect(texts.slice(0, 2)).toEqual(['h2', 'h1']);
    expect(texts).not.toContain('h1 reply');
    expect((all.messages ?? []).find((m) => m.text === 'h1')?.metadata?.event_type).toBe('probe');
    const exclusive = await client.conversations.history({ channel, oldest: first.ts! });
    expect((exclusive.messages ?? []).map((m) => m.ts)).toEqual([second.ts]);
    const paged = await client.conversations.history({ channel, oldest: String(Number(first.ts) - 1), limit: 1 });
    expect(paged.has_more).toBe(true);
    expect(paged.response_metadata?.next_cursor).toBeTruthy();
  });

  it('stores metadata and returns it from conversations.replies with include_all_metadata', async () => {
    const parent = await client.chat.postMessage({
      channel: emu.secondChannelId,
      text: 'run',
      metadata: { event_type: 'agent_run', event_payload: { run_id: 'r1' } },
    });
    await client.chat.postMessage({ channel: emu.secondChannelId, thread_ts: parent.ts!, text: 'step' });
    const withMeta = await client.conversations.replies({ channel: emu.secondChannelId, ts: parent.ts!, include_all_metadata: true });
    expect(withMeta.messages?.map((m) => m.text)).toEqual(['run', 'step']);
    expect(withMeta.messages?.[0]).toMatchObject({
      metadata: { event_type: 'agent_run', event_payload: { run_id: 'r1' } },
      reply_count: 1,
    });
    const without = await client.conversations.replies({ channel: emu.secondChannelId, ts: parent.ts! });
    expect(without.messages?.[0]?.metadata).toBeUndefined();
    const paged = await client.conversations.replies({ channel: emu.secondChannelId, ts: parent.ts!, limit: 1 });
    expect(paged).toMatchObject({ has_more: true, messages: [expect.objectContaining({ text: 'run' })] });
    expect(await call('conversations.replies', { channel: emu.secondChannelId, ts: '1.000002' })).toMatchObject({
      error: 'thread_not_found',
    });
  });

  it('conversations.info and users.info (with an admin)', async () => {
    expect(await client.conversations.info({ channel: emu.defaultChannelId })).toMatchObject({
      channel: { id: emu.defaultChannelId, name: 'research', is_channel: true },
    });
    expect(await client.conversations.info({ channel: emu.defaultDmId })).toMatchObject({
      channel: { is_im: true, user: emu.defaultUserId },
    });
    expect((await client.users.info({ user: emu.adminUserId })).user).toMatchObject({ is_admin: true });
    expect((await client.users.info({ user: emu.defaultUserId })).user).toMatchObject({ is_admin: false });
    expect(await call('users.info', { user: 'U_NOPE' })).toMatchObject({ error: 'user_not_found' });
  });

  it('views: trigger_id expires after 3 s and works once; publish Home', async () => {
    const modal = {
      type: 'modal',
      title: { type: 'plain_text', text: 'T' },
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'x' } }],
    };
    expect(await call('views.open', { trigger_id: 'made.up.trigger', view: modal })).toMatchObject({ error: 'invalid_trigger_id' });
    let trigger = '';
    const app = { deliveries: emu.deliveries };
    // no request URL: the command is not delivered, but its trigger_id exists
    await emu.sendCommand({ command: '/research' });
    trigger = String(app.deliveries[app.deliveries.length - 1]!.payload.trigger_id);
    clock.now += 3001;
    expect(await call('views.open', { trigger_id: trigger, view: modal })).toMatchObject({ error: 'expired_trigger_id' });
    await emu.sendCommand({ command: '/research' });
    trigger = String(app.deliveries[app.deliveries.length - 1]!.payload.trigger_id);
    expect(
      await call('views.open', { trigger_id: trigger, view: { ...modal, title: { type: 'plain_text', text: 'x'.repeat(25) } } }),
    ).toMatchObject({
      error: 'invalid_arguments',
      response_metadata: { messages: ['[ERROR] must be less than 25 characters [json-pointer:/view/title/text]'] },
    });
    const opened = await call('views.open', { trigger_id: trigger, view: modal });
    expect(opened).toMatchObject({ ok: true, view: { type: 'modal', root_view_id: expect.any(String) } });
    const id = (opened.view as { id: string }).id;
    expect(await call('views.update', { view_id: id, view: { ...modal, title: { type: 'plain_text', text: 'T2' } } })).toMatchObject({
      ok: true,
    });
    expect(emu.views.get(id)?.updates).toBe(1);
    // As Slack: a hash from before the last update conflicts; a view id Slack does not know is not_found.
    const hash = (opened.view as { hash: string }).hash;
    expect(await call('views.update', { view_id: id, hash, view: modal })).toMatchObject({ error: 'hash_conflict' });
    expect(await call('views.update', { view_id: 'V0NOSUCHVIEW', view: modal })).toMatchObject({ error: 'not_found' });
    const home = await call('views.publish', {
      user_id: emu.defaultUserId,
      view: { type: 'home', blocks: [{ type: 'header', text: { type: 'plain_text', text: 'Home' } }] },
    });
    expect(home).toMatchObject({ ok: true, view: { type: 'home' } });
    expect(emu.homeViews.get(emu.defaultUserId)?.view.blocks).toHaveLength(1);
    expect(await call('views.publish', { user_id: emu.defaultUserId, view: { type: 'home', blocks: [] }, hash: 'stale' })).toMatchObject({
      error: 'hash_conflict',
    });
  });

  it('chat.unfurl needs a matching link_shared', async () => {
    await emu.shareLink({ url: 'https://research.example.com/r/9' });
    const share = [...emu.unfurls.values()].pop()!;
    const unfurls = { 'https://research.example.com/r/9': { blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*Report 9*' } }] } };
    expect(await call('chat.unfurl', { channel: share.channel, ts: share.ts, unfurls })).toMatchObject({ ok: true });
    expect(await call('chat.unfurl', { unfurl_id: share.unfurlId, source: 'conversations_history', unfurls })).toMatchObject({ ok: true });
    expect(emu.unfurls.get(`${share.channel}:${share.ts}`)).toMatchObject({ calls: 2, unfurls });
    expect(
      await call('chat.unfurl', { channel: share.channel, ts: share.ts, unfurls: { 'https://other.example.com/': { blocks: [] } } }),
    ).toMatchObject({ error: 'cannot_unfurl_url' });
  });

  it('reactions add/remove', async () => {
    const m = await client.chat.postMessage({ channel: emu.defaultChannelId, text: 'react' });
    await client.reactions.add({ channel: emu.defaultChannelId, timestamp: m.ts!, name: 'eyes' });
    expect(await call('reactions.add', { channel: emu.defaultChannelId, timestamp: m.ts, name: 'eyes' })).toMatchObject({
      error: 'already_reacted',
    });
    expect(emu.channelMessages(emu.defaultChannelId).find((x) => x.ts === m.ts)?.reactions).toEqual([
      { name: 'eyes', users: [emu.botUserId], count: 1 },
    ]);
    await client.reactions.remove({ channel: emu.defaultChannelId, timestamp: m.ts!, name: 'eyes' });
    expect(await call('reactions.remove', { channel: emu.defaultChannelId, timestamp: m.ts, name: 'eyes' })).toMatchObject({
      error: 'no_reaction',
    });
  });

  it('uploads files with filesUploadV2 and shares them', async () => {
    const res = await client.filesUploadV2({
      channel_id: emu.defaultChannelId,
      content: 'ticker,price\nAAPL,1',
      filename: 'prices.csv',
      initial_comment: 'data',
    });
    expect(res.ok).toBe(true);
    const file = [...emu.files.values()].pop()!;
    // Shared once processing finished (asynchronously, after the completion answered).
    await emu.waitFor(() => file.shared);
    expect(file).toMatchObject({
      filename: 'prices.csv',
      completed: true,
      channel: emu.defaultChannelId,
      uploadedBytes: 'ticker,price\nAAPL,1'.length,
    });
    expect(emu.channelMessages(emu.defaultChannelId).find((m) => m.ts === file.ts)).toMatchObject({
      text: 'data',
      files: [expect.objectContaining({ id: file.id })],
    });
    const notUploaded = await call('files.getUploadURLExternal', { filename: 'a.txt', length: 3 });
    expect(await call('files.completeUploadExternal', { files: [{ id: notUploaded.file_id }] })).toMatchObject({ error: 'file_not_found' });
  });

  it('assistant.threads.setStatus records the status', async () => {
    const { ts } = await emu.postMessage({ text: 'question', channel_id: emu.defaultDmId });
    await client.assistant.threads.setStatus({ channel_id: emu.defaultDmId, thread_ts: ts, status: 'is thinking…' });
    expect(emu.statuses.get(`${emu.defaultDmId}:${ts}`)?.status).toBe('is thinking…');
    expect(
      await call('assistant.threads.setStatus', {
        channel_id: emu.defaultDmId,
        thread_ts: ts,
        status: 'x',
        loading_messages: Array(11).fill('a'),
      }),
    ).toMatchObject({ error: 'invalid_arguments' });
  });
});
