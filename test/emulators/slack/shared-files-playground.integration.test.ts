/**
 * Shared files through the playground API (JSON with base64 bytes, a multipart upload, delete) and
 * across a restart with a state file: the bytes, the file object and url_private still answer,
 * at the new address.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { callApi } from './oauth-helpers.js';

// Assembled, so no token-shaped literal sits in the source.
const BOT = ['xoxb', 'playground', 'files'].join('-');
const BYTES = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x0a]);

const post = (emu: SlackEmulator, route: string, body: unknown) =>
  fetch(`${emu.url}/api/${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const privateUrl = async (emu: SlackEmulator, fileId: string): Promise<string> => {
  const info = await callApi(emu, 'files.info', { file: fileId }, { token: BOT });
  return String((info.file as { url_private?: string } | undefined)?.url_private);
};

describe('playground file routes', () => {
  let emu: SlackEmulator;
  beforeAll(async () => {
    emu = await startSlackEmulator({ botToken: BOT, rateLimits: 'off' });
  });
  afterAll(() => emu.close());

  it('POST /api/files shares a message with a file whose bytes came as base64', async () => {
    const res = await post(emu, 'files', {
      text: 'the deck',
      channel_id: emu.defaultDmId,
      file: { name: 'deck.pdf', content_base64: BYTES.toString('base64') },
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { ok: boolean; ts: string; file_id: string };
    expect(answer).toMatchObject({ ok: true, ts: expect.any(String), file_id: expect.stringMatching(/^F/) });
    const messages = (await (await fetch(`${emu.url}/api/channels/${emu.defaultDmId}/messages`)).json()) as {
      messages: { ts: string; files: Record<string, unknown>[] }[];
    };
    expect(messages.messages.find((m) => m.ts === answer.ts)?.files).toMatchObject([
      { id: answer.file_id, name: 'deck.pdf', mimetype: 'application/pdf', size: BYTES.length },
    ]);
    const got = await fetch(await privateUrl(emu, answer.file_id), { headers: { Authorization: `Bearer ${BOT}` } });
    expect(Buffer.from(await got.arrayBuffer())).toEqual(BYTES);
  });

  it('POST /api/files takes a multipart upload (the file part "file", the fields beside it)', async () => {
    const form = new FormData();
    form.append('text', 'numbers attached');
    form.append('channel_id', emu.defaultChannelId);
    form.append('file', new Blob([BYTES], { type: 'application/pdf' }), 'numbers.pdf');
    const res = await fetch(`${emu.url}/api/files`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { ts: string; file_id: string };
    expect(emu.fileBytes(answer.file_id)).toEqual(BYTES);
    expect(emu.channelMessages(emu.defaultChannelId).find((m) => m.ts === answer.ts)).toMatchObject({
      text: 'numbers attached',
      subtype: 'file_share',
      files: [{ id: answer.file_id, name: 'numbers.pdf', mimetype: 'application/pdf' }],
    });
  });

  it('refuses a share it cannot read, with a clear answer, and posts nothing', async () => {
    const before = emu.channelMessages(emu.defaultDmId).length;
    const bad = [
      { text: 'x', file: { name: 'a.pdf', content_base64: 'not base64!' } },
      { text: 'x', file: { content_base64: 'AAAA' } },
      { text: 'x', file: { name: 'a.pdf' } },
      { text: 'x', file: { name: 'a.pdf', mimetype: 'text/html\r\nX-Evil: 1', content: 'a' } },
      { text: 'x' },
    ];
    for (const body of bad) {
      const res = await post(emu, 'files', { channel_id: emu.defaultDmId, ...body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ ok: false, error: 'invalid_arguments', message: expect.any(String) });
    }
    const noFilePart = new FormData();
    noFilePart.append('text', 'where is it');
    expect((await fetch(`${emu.url}/api/files`, { method: 'POST', body: noFilePart })).status).toBe(400);
    // A form from another site is refused like any cross-origin write; other routes take JSON only.
    const upload = new FormData();
    upload.append('file', new Blob([BYTES]), 'a.pdf');
    const crossSite = await fetch(`${emu.url}/api/files`, { method: 'POST', body: upload, headers: { Origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect((await fetch(`${emu.url}/api/messages`, { method: 'POST', body: upload })).status).toBe(415);
    expect(emu.channelMessages(emu.defaultDmId)).toHaveLength(before);
  });

  it('POST /api/files/{id}/delete deletes the file: a tombstone stays', async () => {
    const shared = await emu.shareFile({ text: 'bye', channel_id: emu.defaultDmId, file: { name: 'bye.txt', bytes: 'bye' } });
    const res = await post(emu, `files/${shared.fileId}/delete`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, delivery: null });
    expect(emu.channelMessages(emu.defaultDmId).find((m) => m.ts === shared.ts)?.files).toEqual([{ id: shared.fileId, mode: 'tombstone' }]);
    expect((await post(emu, `files/${shared.fileId}/delete`, {})).status).toBe(400);
    expect((await post(emu, 'files/F0NOSUCH/delete', {})).status).toBe(404);
  });
});

describe('shared files across a restart', () => {
  let dir: string;
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the bytes, the file object and the tombstones; url_private answers at the new address', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'slack-files-'));
    const stateFile = path.join(dir, 'slack.json');
    const first = await startSlackEmulator({ botToken: BOT, rateLimits: 'off', stateFile });
    const kept = await first.shareFile({ text: 'keep', channel_id: first.defaultDmId, file: { name: 'keep.pdf', bytes: BYTES } });
    const gone = await first.shareFile({ text: 'gone', channel_id: first.defaultDmId, file: { name: 'gone.pdf', bytes: BYTES } });
    await first.deleteFile(gone.fileId);
    await first.close();

    const second = await startSlackEmulator({ botToken: BOT, rateLimits: 'off', stateFile, port: 0 });
    try {
      expect(second.fileBytes(kept.fileId)).toEqual(BYTES);
      const url = await privateUrl(second, kept.fileId);
      expect(url.startsWith(`${second.url}/files-pri/`)).toBe(true);
      const got = await fetch(url, { headers: { Authorization: `Bearer ${BOT}` } });
      expect(Buffer.from(await got.arrayBuffer())).toEqual(BYTES);
      const messages = second.channelMessages(second.defaultDmId);
      expect(messages.find((m) => m.ts === kept.ts)?.files?.[0]?.url_private).toBe(url);
      expect(messages.find((m) => m.ts === gone.ts)?.files).toEqual([{ id: gone.fileId, mode: 'tombstone' }]);
      expect(await callApi(second, 'files.info', { file: gone.fileId }, { token: BOT })).toEqual({ ok: false, error: 'file_deleted' });
    } finally {
      await second.close();
    }
  });
});
