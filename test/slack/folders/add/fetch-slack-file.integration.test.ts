/**
 * A Slack file's facts and bytes from the Slack emulator, as real Slack serves them: the bytes
 * only to the workspace's bot token; to anyone else a redirect to a sign-in page (HTML), never
 * taken for the file; a deleted file is `file_deleted` / 404; the bytes read are capped; the token
 * never goes to a host that is not Slack's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_SCOPES } from '../../../../src/emulators/slack/config.js';
import { startSlackEmulator, type SlackEmulator } from '../../../../src/emulators/slack/index.js';
import { slackFileWords } from '../../../../src/slack/folders/add/add-failure-words.js';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { createWebClient } from '../../../../src/slack-api/create-web-client.js';
import { downloadSlackFile, slackFileInfo } from '../../../../src/slack/folders/add/fetch-slack-file.js';
import { SlackFileError } from '../../../../src/slack/folders/add/slack-file-error.js';

const TOKEN = 'xoxb-fetch-slack-file-test';
const BYTES = 'Helios Robotics: gross margin 41.5 percent.';

async function problemOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof SlackFileError)) throw new Error(`expected a SlackFileError, got ${String(error)}`);
  expect(error.message).not.toContain(TOKEN);
  return error.problem;
}

describe('fetching a Slack file', () => {
  let slack: SlackEmulator;
  let elsewhere: Server;
  const seenAuthorization: Array<string | undefined> = [];
  const logger = createMemoryLogger(createRedactor([TOKEN]));
  const client = () => createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger });

  beforeAll(async () => {
    slack = await startSlackEmulator({ port: 0, botToken: TOKEN });
    elsewhere = createServer((req, res) => {
      seenAuthorization.push(req.headers.authorization);
      res.end('not slack');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await slack?.close();
    await new Promise((resolve) => elsewhere?.close(resolve));
  });

  it('reads the file’s facts and its bytes with the bot token', async () => {
    const { fileId } = await slack.shareFile({ text: '', file: { name: 'notes.txt', mimetype: 'text/plain', bytes: BYTES } });
    const info = await slackFileInfo(client(), fileId);
    expect(info).toMatchObject({ id: fileId, name: 'notes.txt', filetype: 'text', size: BYTES.length });
    expect(Buffer.from(await downloadSlackFile(client(), info, 1_000)).toString()).toBe(BYTES);
  });

  it('takes the sign-in page Slack answers another token with for “not given”, never for the file', async () => {
    const { fileId } = await slack.shareFile({ text: '', file: { name: 'notes.txt', mimetype: 'text/plain', bytes: BYTES } });
    const info = await slackFileInfo(client(), fileId);
    const stranger = createWebClient({ token: 'xoxb-another-workspace', apiUrl: slack.apiUrl, logger });
    expect(await problemOf(downloadSlackFile(stranger, info, 1_000))).toBe('not_given');
  });

  it('says deleted for a file deleted in Slack, from files.info and from the download', async () => {
    const { fileId } = await slack.shareFile({ text: '', file: { name: 'notes.txt', mimetype: 'text/plain', bytes: BYTES } });
    const info = await slackFileInfo(client(), fileId);
    await slack.deleteFile(fileId);
    expect(await problemOf(slackFileInfo(client(), fileId))).toBe('deleted');
    expect(await problemOf(downloadSlackFile(client(), info, 1_000))).toBe('deleted');
  });

  it('says an installation without files:read needs a reinstall (it predates the scope), never that Slack is down', async () => {
    const older = await startSlackEmulator({
      port: 0,
      botToken: TOKEN,
      botScopes: DEFAULT_BOT_SCOPES.filter((s) => s !== 'files:read'),
    });
    try {
      const { fileId } = await older.shareFile({ text: '', file: { name: 'notes.txt', mimetype: 'text/plain', bytes: BYTES } });
      const oldClient = createWebClient({ token: TOKEN, apiUrl: older.apiUrl, logger });
      expect(await problemOf(slackFileInfo(oldClient, fileId))).toBe('no_scope');
      expect(slackFileWords(new SlackFileError('no_scope', 'x'), 1).why).toContain('reinstall');
    } finally {
      await older.close();
    }
  });

  it('stops reading past the limit', async () => {
    const { fileId } = await slack.shareFile({ text: '', file: { name: 'notes.txt', mimetype: 'text/plain', bytes: BYTES } });
    const info = await slackFileInfo(client(), fileId);
    expect(await problemOf(downloadSlackFile(client(), info, 10))).toBe('too_large');
  });

  it('never sends the token to a host that is not Slack’s', async () => {
    const { port } = elsewhere.address() as AddressInfo;
    const info = { id: 'F1', name: 'x.txt', url_private_download: `http://localhost:${port}/steal` };
    expect(await problemOf(downloadSlackFile(client(), info, 1_000))).toBe('not_given');
    expect(seenAuthorization).toEqual([]);
  });
});
