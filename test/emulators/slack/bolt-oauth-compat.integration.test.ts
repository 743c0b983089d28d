/**
 * The emulator's install flow against a real Bolt app with its built-in OAuth (not ours): the
 * install path, the approval, the redirect with its state cookie, the stored installation, and
 * the installed workspace's command served with that installation's token.
 */
import { createServer } from 'node:net';
import { App, MemoryInstallationStore } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborWorkspace, northwindOrg, startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { quietLogger } from './bolt-app.js';

const SECRET = 'bolt-oauth-signing-secret';
/** A port nobody listens on yet: Bolt needs its redirect URI before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Bolt OAuth against the emulator', () => {
  let emu: SlackEmulator;
  let app: App;
  let base: string;
  const store = new MemoryInstallationStore();

  beforeAll(async () => {
    emu = await startSlackEmulator({ rateLimits: 'off', signingSecret: SECRET });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = new App({
      signingSecret: SECRET,
      clientId: emu.oauth.clientId,
      clientSecret: emu.oauth.clientSecret,
      stateSecret: 'bolt-state-secret',
      scopes: ['chat:write', 'commands'],
      redirectUri: `${base}/slack/oauth_redirect`,
      installationStore: store,
      logger: quietLogger,
      clientOptions: { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } },
      installerOptions: {
        directInstall: true,
        redirectUriPath: '/slack/oauth_redirect',
        authorizationUrl: emu.oauth.authorizeUrl,
        clientOptions: { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } },
      },
    });
    app.command('/research', async ({ ack, client, command }) => {
      await ack();
      await client.chat.postMessage({ channel: command.channel_id, text: `hello ${command.team_id}` });
    });
    await app.start(port);
    emu.setRequestUrl(`${base}/slack/events`);
  });
  afterAll(async () => {
    await app?.stop();
    await emu.close();
  });

  /** /slack/install → approval → /slack/oauth_redirect with the state cookie, as a browser does. */
  const installThroughBolt = async (where: { teamId: string } | { enterpriseId: string }): Promise<number> => {
    const start = await fetch(`${base}/slack/install`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const location = await emu.approveInstall({ authorizeUrl: start.headers.get('location') ?? '', ...where });
    const done = await fetch(location, { headers: { Cookie: cookie }, redirect: 'manual' });
    return done.status;
  };

  it('installs a workspace and serves its command with that installation', async () => {
    expect(await installThroughBolt({ teamId: harborWorkspace.teamId })).toBe(200);
    const stored = await store.fetchInstallation({ teamId: harborWorkspace.teamId, enterpriseId: undefined, isEnterpriseInstall: false });
    expect(stored.team).toEqual({ id: harborWorkspace.teamId, name: 'Harbor Capital' });
    expect(stored.bot).toMatchObject({ userId: harborWorkspace.botUserId, id: harborWorkspace.botId, scopes: ['chat:write', 'commands'] });

    const result = await emu.sendCommand({
      command: '/research',
      user_id: harborWorkspace.userId,
      channel_id: harborWorkspace.researchChannelId,
    });
    expect(result.ok).toBe(true);
    const reply = await emu.waitFor(() =>
      emu.channelMessages(harborWorkspace.researchChannelId).find((m) => m.text === `hello ${harborWorkspace.teamId}`),
    );
    expect(reply).toMatchObject({ user: harborWorkspace.botUserId, bot_id: harborWorkspace.botId, team: harborWorkspace.teamId });
    const post = emu.calls.filter((c) => c.method === 'chat.postMessage').at(-1);
    expect(post?.teamId).toBe(harborWorkspace.teamId);
  });

  it('installs an org as a whole, with the enterprise URL Bolt reads from auth.test', async () => {
    expect(await installThroughBolt({ enterpriseId: northwindOrg.enterpriseId })).toBe(200);
    const stored = await store.fetchInstallation({ teamId: undefined, enterpriseId: northwindOrg.enterpriseId, isEnterpriseInstall: true });
    expect(stored).toMatchObject({
      team: undefined,
      enterprise: { id: northwindOrg.enterpriseId, name: 'Northwind Group' },
      isEnterpriseInstall: true,
      enterpriseUrl: 'https://northwind-group.slack.com/',
      bot: { userId: northwindOrg.botUserId, id: northwindOrg.botId },
    });
    const { credit } = northwindOrg;
    expect((await emu.sendCommand({ command: '/research', user_id: credit.userId, channel_id: credit.researchChannelId })).ok).toBe(true);
    await emu.waitFor(() => emu.channelMessages(credit.researchChannelId).find((m) => m.text === `hello ${credit.teamId}`));
    expect(emu.calls.filter((c) => c.method === 'chat.postMessage').at(-1)?.teamId).toBe(northwindOrg.enterpriseId);
  });
});
