/**
 * Several workspaces and an Enterprise Grid org: each token acts only in its installation's
 * workspaces, deliveries carry the acting user's team and the serving installation, and
 * uninstalling revokes tokens and tells the app.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  externalOrg,
  harborWorkspace,
  northwindOrg,
  startSlackEmulator,
  type SlackEmulator,
  workspaceSeed,
} from '../../../src/emulators/slack/index.js';
import { callApi, install } from './oauth-helpers.js';
import { startReceiver } from './receiver.js';

const SECRET = 'workspaces-signing-secret';
const SEED_TOKEN = 'xoxb-emulator-bot-token';

describe('several workspaces and an org', () => {
  let emu: SlackEmulator;
  let app: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    app = await startReceiver(SECRET);
    emu = await startSlackEmulator({ rateLimits: 'off', signingSecret: SECRET, requestUrl: app.url });
  });
  beforeEach(async () => {
    await emu.reset();
    app.received.length = 0;
  });
  afterAll(async () => {
    await emu.close();
    await app.close();
  });

  it('starts with only the seed workspace installed, and lists every workspace with its org', () => {
    expect(emu.workspaces()).toEqual([
      {
        id: workspaceSeed.teamId,
        name: 'Research Desk Playground',
        domain: 'research-desk-playground',
        installed: true,
        is_enterprise_install: false,
      },
      { id: harborWorkspace.teamId, name: 'Harbor Capital', domain: 'harbor-capital', installed: false },
      {
        id: northwindOrg.equities.teamId,
        name: 'Northwind Equities',
        domain: 'northwind-equities',
        enterprise_id: northwindOrg.enterpriseId,
        enterprise_name: 'Northwind Group',
        installed: false,
      },
      {
        id: northwindOrg.credit.teamId,
        name: 'Northwind Credit',
        domain: 'northwind-credit',
        enterprise_id: northwindOrg.enterpriseId,
        enterprise_name: 'Northwind Group',
        installed: false,
      },
    ]);
  });

  it("refuses another workspace's channels and users to a token, and resolves names in its own workspace", async () => {
    const { access_token: harbor } = await install(emu, { teamId: harborWorkspace.teamId });
    const post = (token: string, channel: string) => callApi(emu, 'chat.postMessage', { channel, text: 'hi' }, { token });
    expect(await post(harbor, workspaceSeed.defaultChannelId)).toEqual({ ok: false, error: 'channel_not_found' });
    expect(await post(SEED_TOKEN, harborWorkspace.researchChannelId)).toEqual({ ok: false, error: 'channel_not_found' });
    expect(await callApi(emu, 'users.info', { user: workspaceSeed.defaultUserId }, { token: harbor })).toEqual({
      ok: false,
      error: 'user_not_found',
    });
    expect(await callApi(emu, 'conversations.info', { channel: northwindOrg.sharedChannelId }, { token: harbor })).toEqual({
      ok: false,
      error: 'channel_not_found',
    });

    const byName = await post(harbor, '#research');
    expect(byName).toMatchObject({ ok: true, channel: harborWorkspace.researchChannelId, message: { user: harborWorkspace.botUserId } });
    const listed = await callApi(emu, 'conversations.list', { types: 'public_channel' }, { token: harbor });
    expect((listed.channels as Array<{ id: string }>).map((c) => c.id)).toEqual([
      harborWorkspace.researchChannelId,
      harborWorkspace.marketsChannelId,
    ]);
    const seedListed = await callApi(emu, 'conversations.list', { types: 'public_channel' }, { token: SEED_TOKEN });
    expect((seedListed.channels as Array<{ id: string }>).map((c) => c.id)).toEqual([
      workspaceSeed.defaultChannelId,
      workspaceSeed.secondChannelId,
      // The seed's Slack Connect channel, shared with another organisation.
      externalOrg.sharedChannelId,
    ]);

    // Each call is logged with the installation its token belongs to.
    const posts = emu.calls.filter((c) => c.method === 'chat.postMessage' && c.ok);
    expect(posts.map((c) => c.teamId)).toEqual([harborWorkspace.teamId]);
    expect(posts[0]?.args.channel).toBe('#research');
  });

  it('lets an org-wide token reach both workspaces of the org and the shared channel, and answers auth.test for the org', async () => {
    const installed = await install(emu, { enterpriseId: northwindOrg.enterpriseId });
    const token = installed.access_token;
    expect(await callApi(emu, 'auth.test', {}, { token })).toMatchObject({
      ok: true,
      team_id: northwindOrg.enterpriseId,
      enterprise_id: northwindOrg.enterpriseId,
      is_enterprise_install: true,
      user_id: northwindOrg.botUserId,
      bot_id: northwindOrg.botId,
    });
    for (const channel of [northwindOrg.equities.researchChannelId, northwindOrg.credit.researchChannelId, northwindOrg.sharedChannelId]) {
      expect(await callApi(emu, 'chat.postMessage', { channel, text: 'org' }, { token })).toMatchObject({ ok: true, channel });
    }
    expect(await callApi(emu, 'chat.postMessage', { channel: harborWorkspace.researchChannelId, text: 'x' }, { token })).toEqual({
      ok: false,
      error: 'channel_not_found',
    });
    const info = await callApi(emu, 'conversations.info', { channel: northwindOrg.sharedChannelId }, { token });
    expect(info.channel).toMatchObject({
      id: northwindOrg.sharedChannelId,
      name: 'northwind-research',
      is_shared: true,
      is_org_shared: true,
      is_ext_shared: false,
      context_team_id: northwindOrg.equities.teamId,
      shared_team_ids: [northwindOrg.equities.teamId, northwindOrg.credit.teamId],
    });
    // A workspace-level token of one org workspace sees the shared channel too.
    const plainInfo = await callApi(emu, 'conversations.info', { channel: workspaceSeed.defaultChannelId }, { token: SEED_TOKEN });
    expect(plainInfo.channel).toMatchObject({ is_shared: false, context_team_id: workspaceSeed.teamId });
  });

  it('refuses commands and sends no events for a workspace without the app, and carries the team once installed', async () => {
    await expect(
      emu.sendCommand({ command: '/research', user_id: harborWorkspace.userId, channel_id: harborWorkspace.researchChannelId }),
    ).rejects.toMatchObject({
      code: 'app_not_installed',
    });
    const quiet = await emu.postMessage({ text: 'hello', user_id: harborWorkspace.userId, channel_id: harborWorkspace.researchChannelId });
    expect(quiet.deliveries).toEqual([]);

    await install(emu, { teamId: harborWorkspace.teamId });
    const result = await emu.sendCommand({
      command: '/research',
      text: 'help',
      user_id: harborWorkspace.userId,
      channel_id: harborWorkspace.researchChannelId,
    });
    expect(result.ok).toBe(true);
    expect(app.received.at(-1)?.body).toMatchObject({
      team_id: harborWorkspace.teamId,
      team_domain: 'harbor-capital',
      user_id: harborWorkspace.userId,
      channel_id: harborWorkspace.researchChannelId,
      is_enterprise_install: 'false',
      api_app_id: 'A0EMUAPP01',
    });
    expect(app.received.at(-1)?.body.enterprise_id).toBeUndefined();

    await emu.postMessage({ text: '@Research Desk hi', user_id: harborWorkspace.userId, channel_id: harborWorkspace.researchChannelId });
    const mention = app.received.map((r) => r.body).find((b) => (b.event as { type?: string } | undefined)?.type === 'app_mention');
    expect(mention).toMatchObject({
      team_id: harborWorkspace.teamId,
      context_team_id: harborWorkspace.teamId,
      authorizations: [
        { team_id: harborWorkspace.teamId, enterprise_id: null, user_id: harborWorkspace.botUserId, is_enterprise_install: false },
      ],
      event: { user: harborWorkspace.userId, team: harborWorkspace.teamId, text: `<@${harborWorkspace.botUserId}> hi` },
    });
  });

  it('sends enterprise ids and the org-wide authorization for a user of an org workspace', async () => {
    await install(emu, { enterpriseId: northwindOrg.enterpriseId });
    const { credit } = northwindOrg;
    await emu.sendCommand({ command: '/research', user_id: credit.userId, channel_id: credit.researchChannelId });
    expect(app.received.at(-1)?.body).toMatchObject({
      team_id: credit.teamId,
      enterprise_id: northwindOrg.enterpriseId,
      enterprise_name: 'Northwind Group',
      is_enterprise_install: 'true',
    });
    await emu.openHome(credit.userId);
    expect(app.received.at(-1)?.body).toMatchObject({
      team_id: credit.teamId,
      enterprise_id: northwindOrg.enterpriseId,
      context_enterprise_id: northwindOrg.enterpriseId,
      authorizations: [
        { team_id: null, enterprise_id: northwindOrg.enterpriseId, user_id: northwindOrg.botUserId, is_enterprise_install: true },
      ],
    });
  });

  it("puts the acting user's team and enterprise in interaction payloads", async () => {
    const { access_token: token } = await install(emu, { enterpriseId: northwindOrg.enterpriseId });
    const { equities } = northwindOrg;
    const posted = await callApi(
      emu,
      'chat.postMessage',
      {
        channel: northwindOrg.sharedChannelId,
        text: 'pick',
        blocks: JSON.stringify([
          { type: 'actions', elements: [{ type: 'button', action_id: 'go', text: { type: 'plain_text', text: 'Go' } }] },
        ]),
      },
      { token },
    );
    await emu.clickAction({
      channel_id: northwindOrg.sharedChannelId,
      message_ts: String(posted.ts),
      action_id: 'go',
      user_id: equities.userId,
    });
    expect(app.received.at(-1)?.body).toMatchObject({
      type: 'block_actions',
      team: { id: equities.teamId, domain: 'northwind-equities', enterprise_id: northwindOrg.enterpriseId },
      enterprise: { id: northwindOrg.enterpriseId, name: 'Northwind Group' },
      is_enterprise_install: true,
      user: { id: equities.userId, team_id: equities.teamId },
    });
  });

  it('revokes the tokens of an uninstalled workspace and delivers tokens_revoked then app_uninstalled', async () => {
    const { access_token: token } = await install(emu, { teamId: harborWorkspace.teamId });
    app.received.length = 0;
    const deliveries = await emu.uninstallApp({ teamId: harborWorkspace.teamId });
    expect(deliveries.map((d) => d.ok)).toEqual([true, true]);
    expect(app.received.map((r) => r.body)).toMatchObject([
      {
        team_id: harborWorkspace.teamId,
        event: { type: 'tokens_revoked', tokens: { bot: [harborWorkspace.botUserId] } },
        authorizations: [{ team_id: harborWorkspace.teamId, enterprise_id: null, is_enterprise_install: false }],
      },
      { team_id: harborWorkspace.teamId, event: { type: 'app_uninstalled' } },
    ]);
    expect(await callApi(emu, 'auth.test', {}, { token })).toEqual({ ok: false, error: 'token_revoked' });
    expect(emu.workspaces().find((w) => w.id === harborWorkspace.teamId)?.installed).toBe(false);
    // The seed workspace is untouched.
    expect((await callApi(emu, 'auth.test', {}, { token: SEED_TOKEN })).ok).toBe(true);
  });

  it('uninstalls an org-wide installation through apps.uninstall with the enterprise ids', async () => {
    const { access_token: token } = await install(emu, { enterpriseId: northwindOrg.enterpriseId });
    app.received.length = 0;
    const answer = await callApi(
      emu,
      'apps.uninstall',
      { client_id: emu.oauth.clientId, client_secret: emu.oauth.clientSecret },
      { token },
    );
    expect(answer).toEqual({ ok: true });
    await emu.waitFor(() => app.received.length >= 2);
    expect(app.received.map((r) => r.body)).toMatchObject([
      {
        team_id: northwindOrg.enterpriseId,
        enterprise_id: northwindOrg.enterpriseId,
        event: { type: 'tokens_revoked', tokens: { bot: [northwindOrg.botUserId] } },
        authorizations: [{ team_id: null, enterprise_id: northwindOrg.enterpriseId, is_enterprise_install: true }],
      },
      { enterprise_id: northwindOrg.enterpriseId, event: { type: 'app_uninstalled' } },
    ]);
    expect(await callApi(emu, 'chat.postMessage', { channel: northwindOrg.sharedChannelId, text: 'x' }, { token })).toEqual({
      ok: false,
      error: 'token_revoked',
    });
    expect(await callApi(emu, 'apps.uninstall', { client_id: emu.oauth.clientId, client_secret: 'wrong' }, { token: SEED_TOKEN })).toEqual({
      ok: false,
      error: 'bad_client_secret',
    });
  });

  it('serves the workspaces and an uninstall through the playground API', async () => {
    emu.setInstallUrl('http://localhost:3000/slack/install');
    await install(emu, { teamId: harborWorkspace.teamId });
    const listed = (await (await fetch(`${emu.url}/api/workspaces`)).json()) as Array<Record<string, unknown>>;
    expect(listed.find((w) => w.id === harborWorkspace.teamId)).toMatchObject({
      installed: true,
      install_url: 'http://localhost:3000/slack/install',
    });
    const res = await fetch(`${emu.url}/api/workspaces/${harborWorkspace.teamId}/uninstall`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(emu.workspaces().find((w) => w.id === harborWorkspace.teamId)?.installed).toBe(false);
    const channels = (await (await fetch(`${emu.url}/api/channels?team_id=${harborWorkspace.teamId}`)).json()) as Array<{ id: string }>;
    expect(channels.map((c) => c.id)).toEqual([harborWorkspace.researchChannelId, harborWorkspace.marketsChannelId, harborWorkspace.dmId]);
    emu.setInstallUrl(undefined);
  });
});
