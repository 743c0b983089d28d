/**
 * The emulator's Slack Connect channel: the seed workspace shares a channel with another
 * organisation's workspace, whose user is not part of any installation. That user's events reach
 * the seed's installation and name their team; streams and ephemerals to them must name it too.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { externalOrg, startSlackEmulator, type SlackEmulator, workspaceSeed } from '../../../src/emulators/slack/index.js';
import { callApi } from './oauth-helpers.js';
import { startReceiver } from './receiver.js';

const SECRET = 'slack-connect-signing-secret';
const SEED_TOKEN = 'xoxb-emulator-bot-token';

describe('a Slack Connect channel with a user of another organisation', () => {
  let emu: SlackEmulator;
  let app: Awaited<ReturnType<typeof startReceiver>>;
  const channel = externalOrg.sharedChannelId;
  const guest = externalOrg.userId;

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

  it('delivers the guest’s mention to the seed’s installation, naming their team', async () => {
    await emu.postMessage({ text: `<@${emu.botUserId}> hello`, channel_id: channel, user_id: guest });
    const mention = app.received.map((r) => r.body).find((b) => (b.event as { type?: string } | undefined)?.type === 'app_mention');
    expect(mention).toMatchObject({
      team_id: workspaceSeed.teamId,
      is_ext_shared_channel: true,
      event_context: expect.any(String),
      authorizations: [expect.objectContaining({ team_id: workspaceSeed.teamId })],
      event: { user: guest, team: externalOrg.teamId, user_team: externalOrg.teamId, source_team: externalOrg.teamId },
    });
  });

  it('shows the channel as shared with another organisation, and the guest’s own team', async () => {
    const info = await callApi(emu, 'conversations.info', { channel }, { token: SEED_TOKEN });
    expect(info.channel).toMatchObject({
      is_shared: true,
      is_ext_shared: true,
      connected_team_ids: [workspaceSeed.teamId, externalOrg.teamId],
    });
    const user = await callApi(emu, 'users.info', { user: guest }, { token: SEED_TOKEN });
    expect(user).toMatchObject({ ok: true, user: { id: guest, team_id: externalOrg.teamId, is_admin: false } });
  });

  it('refuses a stream to the guest without their team, or with the installing team', async () => {
    const { ts } = await emu.postMessage({ text: `<@${emu.botUserId}> hello`, channel_id: channel, user_id: guest });
    const start = (extra: Record<string, string>) =>
      callApi(
        emu,
        'chat.startStream',
        { channel, thread_ts: ts, recipient_user_id: guest, markdown_text: 'hi', ...extra },
        { token: SEED_TOKEN },
      );
    expect(await start({})).toMatchObject({ ok: false, error: 'missing_recipient_team_id' });
    expect(await start({ recipient_team_id: workspaceSeed.teamId })).toMatchObject({ ok: false, error: 'user_not_found' });
    expect(await start({ recipient_team_id: externalOrg.teamId })).toMatchObject({ ok: true });
  });

  it('refuses an ephemeral to the guest without their team, or with the installing team', async () => {
    const post = (extra: Record<string, string>) =>
      callApi(emu, 'chat.postEphemeral', { channel, user: guest, text: 'only you', ...extra }, { token: SEED_TOKEN });
    expect(await post({})).toMatchObject({ ok: false, error: 'user_not_found' });
    expect(await post({ recipient_team_id: workspaceSeed.teamId })).toMatchObject({ ok: false, error: 'user_not_found' });
    expect(await post({ recipient_team_id: externalOrg.teamId })).toMatchObject({ ok: true });
    // A user of the installing workspace needs no team there.
    expect(
      await callApi(emu, 'chat.postEphemeral', { channel, user: workspaceSeed.defaultUserId, text: 'hi' }, { token: SEED_TOKEN }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('cannot install the app in the other organisation’s workspace', () => {
    expect(emu.workspaces().map((w) => w.id)).not.toContain(externalOrg.teamId);
  });
});
