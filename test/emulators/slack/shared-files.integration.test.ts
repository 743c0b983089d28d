/**
 * Files people share, over real HTTP as an app meets them: the share message's file object,
 * files.info (shapes, errors, scope, workspaces), `url_private` served to the file's workspace bot
 * token only (else 302 to a sign-in page that is HTML), deletion (tombstone, file_deleted, 404),
 * and a message shortcut's payload carrying the files.
 * @see https://docs.slack.dev/reference/methods/files.info
 * @see https://docs.slack.dev/reference/objects/file-object
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalOrg, harborWorkspace, northwindOrg, startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { authorizeUrl, callApi, codeOf, REDIRECT_URI } from './oauth-helpers.js';
import { startReceiver } from './receiver.js';

const SECRET = 'shared-files-secret';
// Assembled, so no token-shaped literal sits in the source.
const BOT = ['xoxb', 'shared', 'files', 'test'].join('-');
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 1, 2, 255, 254]), Buffer.from('\n%%EOF\n')]);

describe('shared files with bytes', () => {
  let emu: SlackEmulator;
  let app: Awaited<ReturnType<typeof startReceiver>>;
  let harborToken: string;
  let orgToken: string;

  beforeAll(async () => {
    app = await startReceiver(SECRET, () => ({}));
    emu = await startSlackEmulator({
      signingSecret: SECRET,
      requestUrl: app.url,
      botToken: BOT,
      rateLimits: 'off',
      subscribedEvents: ['message.im', 'message.channels', 'app_mention', 'file_deleted'],
    });
    harborToken = await installWithFilesRead({ teamId: harborWorkspace.teamId });
    orgToken = await installWithFilesRead({ enterpriseId: northwindOrg.enterpriseId });
  });

  const installWithFilesRead = async (where: { teamId: string } | { enterpriseId: string }): Promise<string> => {
    const location = await emu.approveInstall({ authorizeUrl: authorizeUrl(emu, { scope: 'files:read,chat:write' }), ...where });
    const answer = await callApi(emu, 'oauth.v2.access', {
      code: codeOf(location),
      client_id: emu.oauth.clientId,
      client_secret: emu.oauth.clientSecret,
      redirect_uri: REDIRECT_URI,
    });
    return String(answer.access_token);
  };
  afterAll(async () => {
    await emu.close();
    await app.close();
  });

  const eventOf = (eventId: string | undefined) =>
    (app.received.find((r) => r.body.event_id === eventId)?.body.event ?? undefined) as Record<string, unknown> | undefined;
  const fileInfo = (file: string, token = BOT) => callApi(emu, 'files.info', { file }, { token });
  const get = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
  const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

  it('a share carries Slack’s file object, and files.info answers it with where it is shared', async () => {
    const { ts, fileId, deliveries } = await emu.shareFile({
      text: 'our Q3 memo',
      channel_id: emu.defaultDmId,
      file: { name: 'Q3 memo.pdf', bytes: PDF },
    });
    const event = eventOf(deliveries[0]?.eventId);
    expect(event).toMatchObject({ type: 'message', subtype: 'file_share', channel_type: 'im', ts });
    const shared = (event?.files as Record<string, unknown>[] | undefined)?.[0];
    expect(shared).toMatchObject({
      id: fileId,
      name: 'Q3 memo.pdf',
      title: 'Q3 memo.pdf',
      mimetype: 'application/pdf',
      filetype: 'pdf',
      pretty_type: 'PDF',
      size: PDF.length,
      user: emu.defaultUserId,
      user_team: emu.teamId,
      mode: 'hosted',
      is_public: false,
      created: expect.any(Number),
      url_private: `${emu.url}/files-pri/${emu.teamId}-${fileId}/Q3%20memo.pdf`,
      url_private_download: `${emu.url}/files-pri/${emu.teamId}-${fileId}/download/Q3%20memo.pdf`,
      permalink: expect.stringContaining(fileId),
    });

    const info = await fileInfo(fileId);
    expect(info).toMatchObject({
      ok: true,
      file: { ...shared, ims: [emu.defaultDmId], channels: [], shares: { private: { [emu.defaultDmId]: [{ ts }] } } },
      comments: [],
      response_metadata: { next_cursor: '' },
    });
  });

  it('url_private serves the bytes to the workspace’s bot token (GET and HEAD), and a sign-in page to anyone else', async () => {
    const { fileId } = await emu.shareFile({ text: '', channel_id: emu.defaultChannelId, file: { name: 'memo.pdf', bytes: PDF } });
    const info = (await fileInfo(fileId)).file as { url_private: string; url_private_download: string; is_public: boolean };
    expect(info.is_public).toBe(true);

    const got = await get(info.url_private, bearer(BOT));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-length')).toBe(String(PDF.length));
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PDF);
    const download = await get(info.url_private_download, bearer(BOT));
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
    const head = await get(info.url_private, { method: 'HEAD', ...bearer(BOT) });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PDF.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    for (const init of [{}, bearer(harborToken), bearer('xoxb-not-a-token')]) {
      const refused = await get(info.url_private, init);
      expect(refused.status).toBe(302);
      expect(refused.headers.get('location')).toMatch(new RegExp(`^${emu.url}/signin\\?redir=`));
      // Followed, as fetch does by default: a page, not the file.
      const followed = await fetch(info.url_private, init);
      expect(followed.status).toBe(200);
      expect(followed.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await followed.text()).toMatch(/Sign in/);
    }
  });

  it('a file of another workspace is its bot’s only: file_not_found to this one, bytes to its own', async () => {
    const { fileId } = await emu.shareFile({
      text: '',
      channel_id: harborWorkspace.dmId,
      user_id: harborWorkspace.userId,
      file: { name: 'harbor.csv', mimetype: 'text/csv', bytes: 'a,b\n1,2\n' },
    });
    expect(await fileInfo(fileId)).toEqual({ ok: false, error: 'file_not_found' });
    const info = await fileInfo(fileId, harborToken);
    expect(info).toMatchObject({ ok: true, file: { id: fileId, user_team: harborWorkspace.teamId, filetype: 'csv' } });
    const url = (info.file as { url_private: string }).url_private;
    expect(await (await get(url, bearer(harborToken))).text()).toBe('a,b\n1,2\n');
    expect((await get(url, bearer(BOT))).status).toBe(302);
  });

  it('an org-wide installation’s token reads the files of the org’s workspaces', async () => {
    const { fileId } = await emu.shareFile({
      text: '',
      channel_id: northwindOrg.credit.researchChannelId,
      user_id: northwindOrg.credit.userId,
      file: { name: 'credit.txt', bytes: 'spreads' },
    });
    const info = await fileInfo(fileId, orgToken);
    expect(info).toMatchObject({ ok: true, file: { user_team: northwindOrg.credit.teamId } });
    const url = (info.file as { url_private: string }).url_private;
    expect(await (await get(url, bearer(orgToken))).text()).toBe('spreads');
    expect((await get(url, bearer(harborToken))).status).toBe(302);
  });

  it('a file someone of another organisation shares in a Slack Connect channel reaches the host’s app, which may read it', async () => {
    const { fileId, deliveries } = await emu.shareFile({
      text: 'from outside',
      channel_id: externalOrg.sharedChannelId,
      user_id: externalOrg.userId,
      file: { name: 'theirs.txt', bytes: 'external' },
    });
    expect(eventOf(deliveries[0]?.eventId)).toMatchObject({
      subtype: 'file_share',
      user_team: externalOrg.teamId,
      files: [{ id: fileId, user_team: externalOrg.teamId }],
    });
    const info = await fileInfo(fileId);
    expect(info).toMatchObject({ ok: true, file: { id: fileId, user: externalOrg.userId } });
    const url = (info.file as { url_private: string }).url_private;
    expect(await (await get(url, bearer(BOT))).text()).toBe('external');
  });

  it('files.info answers Slack’s errors: unknown file, missing argument, no token, a bad token', async () => {
    expect(await fileInfo('F0NOSUCHFILE')).toEqual({ ok: false, error: 'file_not_found' });
    expect(await callApi(emu, 'files.info', {}, { token: BOT })).toMatchObject({ ok: false, error: 'invalid_arguments' });
    expect(await callApi(emu, 'files.info', { file: 'F1' })).toEqual({ ok: false, error: 'not_authed' });
    expect(await fileInfo('F1', 'xoxb-not-a-token')).toEqual({ ok: false, error: 'invalid_auth' });
  });

  it('deleting a file: a tombstone in the message, file_deleted from files.info and the event, 404 for the bytes', async () => {
    const { ts, fileId } = await emu.shareFile({
      text: 'soon gone',
      channel_id: emu.defaultDmId,
      file: { name: 'gone.txt', bytes: 'bye' },
    });
    const url = ((await fileInfo(fileId)).file as { url_private: string }).url_private;
    const { delivery } = await emu.deleteFile(fileId);
    expect(eventOf(delivery?.eventId)).toMatchObject({ type: 'file_deleted', file_id: fileId, channel_ids: [emu.defaultDmId] });
    expect(await fileInfo(fileId)).toEqual({ ok: false, error: 'file_deleted' });
    expect((await get(url, bearer(BOT))).status).toBe(404);
    expect((await get(url)).status).toBe(302);
    expect(emu.fileBytes(fileId)).toBeUndefined();
    const history = await callApi(emu, 'conversations.history', { channel: emu.defaultDmId }, { token: BOT });
    const message = (history.messages as Record<string, unknown>[]).find((m) => m.ts === ts);
    expect(message).toMatchObject({ subtype: 'file_share', text: 'soon gone', files: [{ id: fileId, mode: 'tombstone' }] });
    expect((message?.files as unknown[] | undefined)?.[0]).toEqual({ id: fileId, mode: 'tombstone' });
    await expect(emu.deleteFile(fileId)).rejects.toMatchObject({ code: 'file_deleted' });
    await expect(emu.deleteFile('F0NOSUCHFILE')).rejects.toMatchObject({ code: 'file_not_found' });
  });

  it('a message shortcut on a message with files carries them as Slack sends them', async () => {
    const { ts, fileId } = await emu.shareFile({
      text: 'add me',
      channel_id: emu.defaultChannelId,
      file: { name: 'deck.pptx', bytes: 'x' },
    });
    const delivery = await emu.messageShortcut({ callback_id: 'add_to_folder_message', channel_id: emu.defaultChannelId, message_ts: ts });
    const payload = app.received.find((r) => r.body.trigger_id === delivery.triggerId)?.body as Record<string, unknown>;
    expect(payload).toMatchObject({
      type: 'message_action',
      callback_id: 'add_to_folder_message',
      message: {
        ts,
        subtype: 'file_share',
        files: [{ id: fileId, name: 'deck.pptx', filetype: 'pptx', size: 1, url_private: expect.stringContaining('/files-pri/') }],
      },
    });
  });
});

describe('files.info without files:read', () => {
  it('answers missing_scope', async () => {
    const emu = await startSlackEmulator({ botToken: BOT, rateLimits: 'off', botScopes: ['chat:write'] });
    try {
      const { fileId } = await emu.shareFile({ text: '', file: { name: 'a.txt', bytes: 'a' } });
      expect(await callApi(emu, 'files.info', { file: fileId }, { token: BOT })).toMatchObject({
        ok: false,
        error: 'missing_scope',
        needed: 'files:read',
      });
    } finally {
      await emu.close();
    }
  });
});
