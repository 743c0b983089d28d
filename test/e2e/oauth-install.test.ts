/**
 * The OAuth install's edges through the real app and the Slack emulator: rotating tokens are
 * refreshed before they expire and stored again, and every way an install can fail lands on a
 * page that says what happened and how to start again, never a stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborWorkspace, northwindOrg } from '../../src/emulators/slack/index.js';
import { allText, nextEphemeral, splitCommand } from './command-helpers.js';
import { eventually } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { installOAuth } from './multi-workspace-helpers.js';

const HARBOR_KEY = 'harbor-rotation-key-4444';

describe('token rotation', () => {
  let h: Harness;
  beforeAll(async () => {
    // An hour-long token: @slack/oauth refreshes any token within two hours of expiry, so every
    // authorisation here refreshes, with no clock to move.
    h = await startHarness({ oauth: { tokenRotation: true, tokenLifetimeS: 3600, serviceKeys: [HARBOR_KEY] } });
  }, 30_000);
  afterAll(async () => h?.close());

  it('refreshes the rotating token with its refresh token, stores the new one, and Slack calls use it', async () => {
    expect((await installOAuth(h, { teamId: harborWorkspace.teamId })).status).toBe(200);
    const installCall = h.slack.calls.find((c) => c.method === 'oauth.v2.access' && c.ok);
    expect(installCall?.args.grant_type).toBeUndefined();
    const issued = (await h.desk.stores.state.get(`install:${harborWorkspace.teamId}`)) ?? '';

    await nextEphemeral(
      h,
      () =>
        h.slack.sendCommand({
          ...splitCommand('/research NVDA'),
          channel_id: harborWorkspace.researchChannelId,
          user_id: harborWorkspace.userId,
        }),
      { channel: harborWorkspace.researchChannelId, user: harborWorkspace.userId },
    ).then((answer) => expect(allText(answer)).toContain('has not connected'));

    const refreshes = h.slack.calls.filter((c) => c.method === 'oauth.v2.access' && c.args.grant_type === 'refresh_token');
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.every((c) => c.ok)).toBe(true);
    // Stored again (sealed) with the new tokens; the answer went out with a token that works.
    expect(await h.desk.stores.state.get(`install:${harborWorkspace.teamId}`)).not.toBe(issued);
    const botCalls = h.slack.calls.filter((c) => c.teamId === harborWorkspace.teamId && c.token === 'bot');
    expect(botCalls.some((c) => c.error === 'token_expired' || c.error === 'invalid_auth')).toBe(false);
  });

  it('requests arriving together while the token is due refresh it once: none spends a refresh token another already used', async () => {
    const from = h.slack.calls.length;
    const before = h.slack.ephemeralFor(harborWorkspace.userId, harborWorkspace.researchChannelId).length;
    const sent = await Promise.all(
      ['/concepts', '/research NVDA', '/financials US:NVDA'].map((line) =>
        h.slack.sendCommand({ ...splitCommand(line), channel_id: harborWorkspace.researchChannelId, user_id: harborWorkspace.userId }),
      ),
    );
    expect(sent.map((d) => d.outcome)).toEqual(['acked', 'acked', 'acked']);
    await h.slack.waitFor(() =>
      h.slack.ephemeralFor(harborWorkspace.userId, harborWorkspace.researchChannelId).length >= before + 3 ? true : undefined,
    );
    const refreshes = h.slack.calls.slice(from).filter((c) => c.method === 'oauth.v2.access');
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.filter((c) => !c.ok).map((c) => c.error)).toEqual([]);
  });

  it('an org-wide install is one token for all its workspaces: requests from two of them together refresh it once', async () => {
    expect((await installOAuth(h, { enterpriseId: northwindOrg.enterpriseId })).status).toBe(200);
    const from = h.slack.calls.length;
    const members = [northwindOrg.equities, northwindOrg.credit];
    const before = members.map((m) => h.slack.ephemeralFor(m.userId, m.researchChannelId).length);
    const sent = await Promise.all(
      members.flatMap((m) =>
        ['/concepts', '/research NVDA'].map((line) =>
          h.slack.sendCommand({ ...splitCommand(line), channel_id: m.researchChannelId, user_id: m.userId }),
        ),
      ),
    );
    expect(sent.map((d) => d.outcome)).toEqual(['acked', 'acked', 'acked', 'acked']);
    await h.slack.waitFor(() =>
      members.every((m, i) => h.slack.ephemeralFor(m.userId, m.researchChannelId).length >= (before[i] ?? 0) + 2) ? true : undefined,
    );
    const refreshes = h.slack.calls.slice(from).filter((c) => c.method === 'oauth.v2.access');
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.filter((c) => !c.ok).map((c) => c.error)).toEqual([]);
  });
});

describe('install failures', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ oauth: {} });
  }, 30_000);
  afterAll(async () => h?.close());

  const appUrl = () => `http://127.0.0.1:${h.desk.port}`;

  it('Cancel on Slack’s page: "Installation cancelled", with a way to start again', async () => {
    const done = await installOAuth(h, { teamId: harborWorkspace.teamId }, { deny: true });
    expect(done.status).toBe(400);
    expect(done.html).toContain('Installation cancelled');
    expect(done.html).toContain('href="/slack/install"');
    expect(await h.desk.stores.state.get(`install:${harborWorkspace.teamId}`)).toBeNull();
  });

  it('a redirect without the browser’s state cookie (another browser, or forged): "install link has expired"', async () => {
    const start = await fetch(`${appUrl()}/slack/install`);
    const authorizeUrl = /id="add-to-slack" href="([^"]+)"/.exec(await start.text())?.[1]?.replaceAll('&amp;', '&') ?? '';
    const location = await h.slack.approveInstall({ authorizeUrl, teamId: harborWorkspace.teamId });
    const done = await fetch(location);
    expect(done.status).toBe(400);
    expect(await done.text()).toContain('This install link has expired');
  });

  it('a code used twice: "already used or has expired"; no stack trace, no secret on the page', async () => {
    const start = await fetch(`${appUrl()}/slack/install`);
    const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const authorizeUrl = /id="add-to-slack" href="([^"]+)"/.exec(await start.text())?.[1]?.replaceAll('&amp;', '&') ?? '';
    const location = await h.slack.approveInstall({ authorizeUrl, teamId: harborWorkspace.teamId });
    expect((await fetch(location, { headers: { cookie } })).status).toBe(200);
    // The same redirect again (a reload, or a replay): the state was spent, then the code.
    const again = await fetch(location, { headers: { cookie } });
    const html = await again.text();
    expect(again.status).toBe(400);
    expect(html).toMatch(/expired|already used/);
    expect(html).not.toMatch(/at \w+ \(|Error:|e2e-client-secret/);
  });

  it('a redirect with no code at all: "Slack did not finish the install"', async () => {
    const done = await fetch(`${appUrl()}/slack/oauth_redirect?state=abc`);
    expect(done.status).toBe(400);
    expect(await done.text()).toContain('Slack did not finish the install');
  });
});

describe('uninstall during an agent run', () => {
  let h: Harness;
  beforeAll(async () => {
    // A realistic agent (about 30 s a run): the run is still going when the workspace uninstalls.
    h = await startHarness({ store: 'redis', agentSpeed: 1, oauth: { serviceKeys: [HARBOR_KEY] } });
  }, 30_000);
  afterAll(async () => h?.close());

  it('stops the run (no Slack or service call for it afterwards) and deletes its records', async () => {
    expect((await installOAuth(h, { teamId: harborWorkspace.teamId })).status).toBe(200);
    await h.desk.workspaces.connect(
      { teamId: harborWorkspace.teamId },
      {
        apiKey: HARBOR_KEY,
        by: { id: harborWorkspace.adminUserId, workspaceAdmin: true },
      },
    );
    await h.slack.postMessage({
      text: `@${h.slack.botName} summarise NVDA's last quarter`,
      channel_id: harborWorkspace.researchChannelId,
      user_id: harborWorkspace.userId,
    });
    const runId = await h.slack.waitFor(
      () => h.desk.relay.activeRunIds().find((id) => id.startsWith(`${harborWorkspace.teamId}-`)),
      10_000,
    );
    // eventually, not h.slack.waitFor: that one takes a synchronous check (an async one resolves at once, met or not).
    await eventually(async () => ((await h.desk.stores.runs.get(runId))?.status === 'running' ? true : undefined), 10_000);

    await h.slack.uninstallApp({ teamId: harborWorkspace.teamId });
    await eventually(
      async () => ((await h.desk.stores.state.keys(`run:${harborWorkspace.teamId}-`)).length === 0 ? true : undefined),
      10_000,
    );
    expect(h.desk.relay.activeRunIds()).not.toContain(runId);

    // Quiet from then on: a later tick of the relay's timers must not write for it.
    const slackCalls = h.slack.calls.length;
    const serviceCalls = h.service.requestLog.length;
    await h.desk.relay.resumeOrphanedRuns();
    expect(h.slack.calls.slice(slackCalls).filter((c) => c.teamId === harborWorkspace.teamId)).toEqual([]);
    expect(h.service.requestLog.slice(serviceCalls).filter((entry) => entry.keyIndex === h.service.apiKeys.indexOf(HARBOR_KEY))).toEqual(
      [],
    );
    expect(await h.desk.stores.runs.get(runId)).toBeNull();
  });
});
