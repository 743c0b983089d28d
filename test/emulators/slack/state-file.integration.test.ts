/**
 * The Slack emulator with a state file (the playground's DATA_DIR/playground/slack.json): a
 * workspace built through the Web API survives a restart with new credentials; an unusable file
 * starts the seed workspace with one warning; reset empties it, on disk too.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { externalOrg, startSlackEmulator, type SlackEmulator, type SlackEmulatorOptions } from '../../../src/emulators/slack/index.js';
import { startReceiver, type ReceivedRequest, type Reply } from './receiver.js';

const SECRET_A = 'first-start-signing-secret';
const TOKEN_A = 'xoxb-first-start-token';
const TOKEN_B = 'xoxb-second-start-token';

describe('Slack emulator state file', () => {
  let dir: string;
  let file: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let reply: (r: ReceivedRequest) => Reply = () => ({});
  const open: SlackEmulator[] = [];
  const problems: string[] = [];

  const start = async (opts: SlackEmulatorOptions = {}): Promise<SlackEmulator> => {
    const emu = await startSlackEmulator({
      rateLimits: 'off',
      stateFile: file,
      onStateFileProblem: (error) => problems.push(error.message),
      requestUrl: receiver.url,
      ...opts,
    });
    open.push(emu);
    return emu;
  };
  const stop = async (emu: SlackEmulator): Promise<void> => {
    open.splice(open.indexOf(emu), 1);
    await emu.close();
  };
  const webApi = async (emu: SlackEmulator, token: string, method: string, args: Record<string, unknown>) => {
    const res = await fetch(`${emu.apiUrl}${method}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body, `${method} ${JSON.stringify(body)}`).toMatchObject({ ok: true });
    return body;
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'slack-state-file-'));
    file = path.join(dir, 'slack.json');
    problems.length = 0;
    reply = () => ({});
    receiver = await startReceiver(SECRET_A, (r) => reply(r));
  });
  afterEach(async () => {
    for (const emu of open.splice(0)) await emu.close();
    await receiver.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('brings back channels, threads, reactions, streams, views, files, unfurls and statuses after a restart with new credentials', async () => {
    const first = await start({ botToken: TOKEN_A, signingSecret: SECRET_A });
    const call = (method: string, args: Record<string, unknown>) => webApi(first, TOKEN_A, method, args);
    const channel = first.defaultChannelId;

    const parent = (await call('chat.postMessage', { channel, text: 'parent' })).ts as string;
    const reply1 = (await call('chat.postMessage', { channel, text: 'first reply', thread_ts: parent })).ts as string;
    await call('chat.update', { channel, ts: reply1, text: 'first reply, edited' });
    await call('reactions.add', { channel, timestamp: parent, name: 'eyes' });
    const stream = (await call('chat.startStream', {
      channel,
      thread_ts: parent,
      recipient_user_id: first.defaultUserId,
      recipient_team_id: first.teamId,
    })) as { ts: string };
    await call('chat.appendStream', { channel, ts: stream.ts, markdown_text: 'Half an answer' });
    await call('assistant.threads.setStatus', { channel_id: channel, thread_ts: parent, status: 'is thinking…' });
    // Posting to a user opens a DM that did not exist before.
    const dm = (await call('chat.postMessage', { channel: first.adminUserId, text: 'hello admin' })).channel as string;

    await call('views.publish', {
      user_id: first.defaultUserId,
      view: { type: 'home', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Home' } }] },
    });
    reply = () => ({});
    const command = await first.sendCommand({ command: '/research', text: 'settings' });
    const modal = (await call('views.open', {
      trigger_id: command.triggerId,
      view: { type: 'modal', callback_id: 'settings', title: { type: 'plain_text', text: 'Settings' }, blocks: [] },
    })) as { view: { id: string } };

    const upload = (await call('files.getUploadURLExternal', { filename: 'chart.png', length: 3 })) as {
      upload_url: string;
      file_id: string;
    };
    await fetch(upload.upload_url, { method: 'POST', body: 'abc' });
    await call('files.completeUploadExternal', { files: [{ id: upload.file_id, title: 'Chart' }], channel_id: channel });

    await first.shareLink({ url: 'https://example.com/doc/1', channel_id: channel });
    const unfurl = [...first.unfurls.values()][0];
    await call('chat.unfurl', { channel: unfurl?.channel, ts: unfurl?.ts, unfurls: { 'https://example.com/doc/1': { text: 'Doc 1' } } });

    const before = {
      messages: first.channelMessages(channel),
      dmMessages: first.channelMessages(dm),
      channels: first.channels(),
      modals: first.openModals(),
      home: first.homeViews.get(first.defaultUserId),
      files: [...first.files.values()],
      unfurls: [...first.unfurls.entries()],
      statuses: [...first.statuses.entries()],
    };
    await stop(first);

    const saved = await readFile(file, 'utf8');
    for (const secret of [TOKEN_A, SECRET_A, 'xapp-emulator-app-token']) expect(saved).not.toContain(secret);

    const second = await start({ botToken: TOKEN_B, signingSecret: 'second-start-signing-secret' });
    expect(second.channels()).toEqual(before.channels);
    expect(second.channelMessages(channel)).toEqual(before.messages);
    expect(second.channelMessages(dm)).toEqual(before.dmMessages);
    expect(second.openModals()).toEqual(before.modals);
    expect(second.openModals()[0]?.id).toBe(modal.view.id);
    expect(second.homeViews.get(second.defaultUserId)).toEqual(before.home);
    // The Home tab is one object, reachable by user and by view id, as before the restart.
    expect(second.views.get(before.home?.id ?? '')).toBe(second.homeViews.get(second.defaultUserId));
    expect([...second.files.values()]).toEqual(before.files);
    expect([...second.unfurls.entries()]).toEqual(before.unfurls);
    expect([...second.statuses.entries()]).toEqual(before.statuses);
    expect(problems).toEqual([]);

    // The new token works, the old one does not, and the app reads the thread as it left it.
    const again = (method: string, args: Record<string, unknown>) => webApi(second, TOKEN_B, method, args);
    const replies = (await again('conversations.replies', { channel, ts: parent })) as { messages: Array<{ text: string }> };
    expect(replies.messages.map((m) => m.text)).toEqual(['parent', 'first reply, edited', 'Half an answer']);
    const stale = await fetch(`${second.apiUrl}auth.test`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN_A}` } });
    expect(await stale.json()).toMatchObject({ ok: false, error: 'invalid_auth' });

    // The stream interrupted by the restart goes on in the same message.
    await again('chat.appendStream', { channel, ts: stream.ts, markdown_text: ', and the rest.' });
    await again('chat.stopStream', { channel, ts: stream.ts });
    expect(second.threadReplies(channel, parent).find((m) => m.ts === stream.ts)).toMatchObject({
      text: 'Half an answer, and the rest.',
      streaming: { state: 'stopped', endReason: 'stopped' },
    });

    // Nothing issued before the restart is issued again.
    const oldTs = before.messages.flatMap((m) => [m.ts, ...(m.replies ?? []).map((r) => r.ts)]);
    const next = (await again('chat.postMessage', { channel, text: 'after the restart' })).ts as string;
    expect(Number(next)).toBeGreaterThan(Math.max(...oldTs.map(Number)));
    const home = (await again('views.publish', {
      user_id: second.adminUserId,
      view: { type: 'home', blocks: [] },
    })) as { view: { id: string } };
    expect([...before.channels.map((c) => c.id), modal.view.id, before.home?.id, upload.file_id]).not.toContain(home.view.id);
  });

  it('keeps the last changes when closed right after them', async () => {
    const first = await start({ botToken: TOKEN_A });
    await webApi(first, TOKEN_A, 'chat.postMessage', { channel: first.defaultChannelId, text: 'just before closing' });
    await stop(first);
    const second = await start();
    expect(second.channelMessages(second.defaultChannelId).map((m) => m.text)).toEqual(['just before closing']);
  });

  it('starts the seed workspace with one warning when the file is torn, and keeps the torn file aside', async () => {
    await writeFile(file, '{"version":1,"cursor":{"idCounter":4');
    const emu = await start();
    expect(problems).toEqual([expect.stringContaining('is not valid JSON')]);
    expect(emu.channels().map((c) => c.id)).toEqual([
      emu.defaultChannelId,
      emu.secondChannelId,
      emu.defaultDmId,
      externalOrg.sharedChannelId,
    ]);
    expect(emu.channelMessages(emu.defaultChannelId)).toEqual([]);
    expect(await readFile(`${file}.corrupt`, 'utf8')).toBe('{"version":1,"cursor":{"idCounter":4');
  });

  it('starts the seed workspace with one warning when the file is JSON but not a snapshot it knows', async () => {
    await writeFile(file, JSON.stringify({ version: 99, channels: 'none' }));
    const emu = await start();
    expect(problems).toEqual([expect.stringMatching(/is not a Slack workspace snapshot \(version\); moved it to .*slack\.json\.corrupt/)]);
    // research, markets, the DM and the Slack Connect channel shared with another organisation.
    expect(emu.channels()).toHaveLength(4);
    // The next change writes a good snapshot in its place.
    await webApi(emu, 'xoxb-emulator-bot-token', 'chat.postMessage', { channel: emu.defaultChannelId, text: 'fresh' });
    await stop(emu);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 1 });
  });

  it('reset empties the workspace back to its seed, on disk too, calls onReset, and issues no old ts again', async () => {
    let resets = 0;
    const emu = await start({
      onReset: () => {
        resets += 1;
      },
    });
    const call = (method: string, args: Record<string, unknown>) => webApi(emu, 'xoxb-emulator-bot-token', method, args);
    const posted = (await call('chat.postMessage', { channel: emu.defaultChannelId, text: 'before reset' })).ts as string;
    await call('chat.postMessage', { channel: emu.adminUserId, text: 'a new DM' });
    await call('views.publish', { user_id: emu.defaultUserId, view: { type: 'home', blocks: [] } });
    const seen: string[] = [];
    emu.events.on('change', (c: { kind: string }) => seen.push(c.kind));

    const res = await fetch(`${emu.url}/api/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(await res.json()).toEqual({ ok: true });

    expect(resets).toBe(1);
    expect(seen).toContain('reset');
    expect(emu.channels().map((c) => c.id)).toEqual([
      emu.defaultChannelId,
      emu.secondChannelId,
      emu.defaultDmId,
      externalOrg.sharedChannelId,
    ]);
    expect(emu.channelMessages(emu.defaultChannelId)).toEqual([]);
    expect(emu.homeViews.size).toBe(0);
    const after = (await call('chat.postMessage', { channel: emu.defaultChannelId, text: 'after reset' })).ts as string;
    expect(Number(after)).toBeGreaterThan(Number(posted));

    await stop(emu);
    const restarted = await start();
    expect(restarted.channels()).toHaveLength(4);
    expect(restarted.channelMessages(restarted.defaultChannelId).map((m) => m.text)).toEqual(['after reset']);
  });

  it('answers reset_incomplete when the onReset hook fails, with the workspace reset all the same', async () => {
    const emu = await start({
      onReset: () => {
        throw new Error('store is closed');
      },
    });
    await webApi(emu, 'xoxb-emulator-bot-token', 'chat.postMessage', { channel: emu.defaultChannelId, text: 'x' });
    const res = await fetch(`${emu.url}/api/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ ok: false, error: 'reset_incomplete', message: expect.stringContaining('store is closed') });
    expect(emu.channelMessages(emu.defaultChannelId)).toEqual([]);
  });

  it('reports a failing write once, not on every change, and keeps serving', async () => {
    const emu = await start({ stateFile: path.join(dir, 'no-such-dir', 'slack.json') });
    for (const text of ['one', 'two', 'three']) {
      await webApi(emu, 'xoxb-emulator-bot-token', 'chat.postMessage', { channel: emu.defaultChannelId, text });
      await emu.reset().catch(() => undefined);
    }
    await stop(emu);
    expect(problems).toEqual([expect.stringMatching(/cannot write .*no-such-dir.*slack\.json: ENOENT/)]);
  });

  it('writes no file without changes, and none at all without the option', async () => {
    const emu = await start();
    await stop(emu);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    const inMemory = await startSlackEmulator({ rateLimits: 'off' });
    open.push(inMemory);
    await webApi(inMemory, 'xoxb-emulator-bot-token', 'chat.postMessage', { channel: inMemory.defaultChannelId, text: 'x' });
    await stop(inMemory);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
