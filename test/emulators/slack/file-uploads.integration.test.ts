/**
 * The Slack emulator's external upload flow as Slack documents it: files.getUploadURLExternal,
 * the bytes POSTed (or PUT) to the upload URL, files.completeUploadExternal sharing the file into
 * a channel and thread with initial_comment; processing is asynchronous (the share message shows
 * after the completion answered); limits and errors; the bytes read back and downloaded.
 * @see https://docs.slack.dev/messaging/working-with-files#uploading_files
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';

// Assembled, so no token-shaped literal sits in the source.
const BOT = ['xoxb', 'file', 'upload', 'test'].join('-');
const REPORT = '# 白酒行业 review\n\n| ticker | price |\n|---|---|\n| 600519 | 1,700 |\n';

describe('file uploads (files.getUploadURLExternal + files.completeUploadExternal)', () => {
  let emu: SlackEmulator;
  const call = async (method: string, args: Record<string, unknown>, token = BOT) =>
    (await (
      await fetch(`${emu.apiUrl}${method}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      })
    ).json()) as Record<string, unknown>;
  const upload = async (text: string, filename = 'report.md') => {
    const length = Buffer.byteLength(text);
    const reserved = await call('files.getUploadURLExternal', { filename, length });
    expect(reserved).toMatchObject({ ok: true, upload_url: expect.any(String), file_id: expect.stringMatching(/^F/) });
    const form = new FormData();
    form.append('file', new Blob([text]), filename);
    const res = await fetch(String(reserved.upload_url), { method: 'POST', body: form });
    expect(res.status).toBe(200);
    return String(reserved.file_id);
  };

  beforeAll(async () => {
    emu = await startSlackEmulator({ botToken: BOT, rateLimits: 'slack' });
  });
  afterAll(() => emu.close());

  it('shares a completed upload into the thread asynchronously, with initial_comment, once', async () => {
    const { ts: threadTs } = await emu.postMessage({ text: 'question', channel_id: emu.defaultChannelId });
    const id = await upload(REPORT);
    expect(emu.fileText(id)).toBe(REPORT);

    emu.holdFileProcessing(true);
    const done = await call('files.completeUploadExternal', {
      files: [{ id, title: 'Liquor review' }],
      channel_id: emu.defaultChannelId,
      thread_ts: threadTs,
      initial_comment: 'The full report',
    });
    expect(done).toMatchObject({ ok: true, files: [{ id, title: 'Liquor review', size: Buffer.byteLength(REPORT) }] });
    // Not instantly visible: the file is still processing.
    expect(emu.pendingFileProcessing()).toBe(1);
    expect(emu.threadReplies(emu.defaultChannelId, threadTs).filter((m) => m.files)).toEqual([]);
    const replies = await call('conversations.replies', { channel: emu.defaultChannelId, ts: threadTs });
    expect((replies.messages as unknown[]).length).toBe(1);

    emu.holdFileProcessing(false);
    const shared = emu.threadReplies(emu.defaultChannelId, threadTs).filter((m) => m.files);
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({
      text: 'The full report',
      thread_ts: threadTs,
      files: [{ id, name: 'report.md', title: 'Liquor review' }],
    });

    // Completing it again shares nothing a second time.
    expect(
      await call('files.completeUploadExternal', { files: [{ id }], channel_id: emu.defaultChannelId, thread_ts: threadTs }),
    ).toMatchObject({
      ok: true,
    });
    await new Promise((r) => setImmediate(r));
    expect(emu.pendingFileProcessing()).toBe(0);
    expect(emu.threadReplies(emu.defaultChannelId, threadTs).filter((m) => m.files)).toHaveLength(1);

    // The playground opens and downloads it.
    const opened = await fetch(`${emu.url}/files/${id}`);
    expect(opened.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(opened.headers.get('content-disposition')).toMatch(/^inline/);
    expect(await opened.text()).toBe(REPORT);
    const downloaded = await fetch(`${emu.url}/files/${id}?download`);
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''report\.md/);
  });

  it('accepts raw bytes PUT to the upload URL', async () => {
    const reserved = await call('files.getUploadURLExternal', { filename: 'raw.md', length: 5 });
    const res = await fetch(String(reserved.upload_url), { method: 'PUT', body: 'hello' });
    expect(res.status).toBe(200);
    expect(emu.fileText(String(reserved.file_id))).toBe('hello');
  });

  it('answers with Slack’s errors', async () => {
    expect(await call('files.getUploadURLExternal', { filename: 'a.md', length: 0 })).toMatchObject({
      ok: false,
      error: 'missing_argument',
    });
    expect(await call('files.getUploadURLExternal', { filename: 'a.md', length: 2 * 1024 ** 3 })).toMatchObject({
      ok: false,
      error: 'file_upload_size_restricted',
    });
    const reserved = await call('files.getUploadURLExternal', { filename: 'a.md', length: 3 });
    // Bytes never arrived: nothing to complete.
    expect(await call('files.completeUploadExternal', { files: [{ id: reserved.file_id }] })).toMatchObject({ error: 'file_not_found' });
    const id = await upload('abc', 'a.md');
    // Slack checks the id's shape first: a user id (or any non-conversation id) is invalid_arguments.
    expect(await call('files.completeUploadExternal', { files: [{ id }], channel_id: emu.defaultUserId })).toMatchObject({
      error: 'invalid_arguments',
    });
    const outside = emu.addChannel({ name: 'not-joined', bot_is_member: false });
    expect(await call('files.completeUploadExternal', { files: [{ id }], channel_id: outside.id })).toMatchObject({
      error: 'not_in_channel',
    });
    expect(await call('files.completeUploadExternal', { files: [{ id }], channel_id: 'C0NOPE0000' })).toMatchObject({
      error: 'channel_not_found',
    });
    expect(
      await call('files.completeUploadExternal', { files: [{ id }], channel_id: emu.defaultChannelId, thread_ts: '1.000' }),
    ).toMatchObject({
      error: 'invalid_thread_ts',
    });
    expect(await call('files.completeUploadExternal', { files: [{ id }], thread_ts: '1.000' })).toMatchObject({
      error: 'invalid_arguments',
    });
    // A file never shared cannot be opened.
    expect((await fetch(`${emu.url}/files/${id}`)).status).toBe(404);
  });

  it('refuses an app without files:write', async () => {
    const scoped = await startSlackEmulator({ botToken: BOT, botScopes: ['chat:write'] });
    try {
      const res = (await (
        await fetch(`${scoped.apiUrl}files.getUploadURLExternal`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${BOT}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ filename: 'a.md', length: 3 }),
        })
      ).json()) as Record<string, unknown>;
      expect(res).toMatchObject({ ok: false, error: 'missing_scope', needed: 'files:write' });
    } finally {
      await scoped.close();
    }
  });
});
