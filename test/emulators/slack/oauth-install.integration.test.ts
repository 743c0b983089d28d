/**
 * The OAuth v2 install flow against the emulator over real HTTP: the approval page and its form,
 * approveInstall, oauth.v2.access and its errors, and what the call log keeps (never a secret).
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborWorkspace, northwindOrg, startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { authorizeUrl, callApi, codeOf, install, REDIRECT_URI } from './oauth-helpers.js';

describe('OAuth v2 install flow', () => {
  let emu: SlackEmulator;
  let now = Date.UTC(2026, 0, 5, 9);

  beforeAll(async () => {
    emu = await startSlackEmulator({ rateLimits: 'off', clock: () => now, oauth: { clientSecret: 'test-client-secret' } });
  });
  afterAll(async () => {
    await emu.close();
  });

  const exchange = (code: string, extra: Record<string, string> = {}) =>
    callApi(emu, 'oauth.v2.access', {
      code,
      client_id: emu.oauth.clientId,
      client_secret: emu.oauth.clientSecret,
      redirect_uri: REDIRECT_URI,
      ...extra,
    });

  it('exposes its client id, secret and authorize URL', () => {
    expect(emu.oauth).toEqual({
      clientId: '1000000000001.2000000000002',
      clientSecret: 'test-client-secret',
      authorizeUrl: `${emu.url}/oauth/v2/authorize`,
    });
  });

  it('approves an install, redirects with code and state, and exchanges the code for a bot token of that workspace', async () => {
    const location = await emu.approveInstall({ authorizeUrl: authorizeUrl(emu, { state: 'abc' }), teamId: harborWorkspace.teamId });
    const redirect = new URL(location);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(redirect.searchParams.get('state')).toBe('abc');
    // Through the SDK, as @slack/oauth's InstallProvider calls it.
    const client = new WebClient(undefined, { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
    const answer = await client.oauth.v2.access({
      code: codeOf(location),
      client_id: emu.oauth.clientId,
      client_secret: emu.oauth.clientSecret,
      redirect_uri: REDIRECT_URI,
    });
    expect(answer).toMatchObject({
      ok: true,
      app_id: 'A0EMUAPP01',
      authed_user: { id: harborWorkspace.adminUserId },
      scope: 'chat:write,commands,channels:read,users:read',
      token_type: 'bot',
      bot_user_id: harborWorkspace.botUserId,
      team: { id: harborWorkspace.teamId, name: 'Harbor Capital' },
      enterprise: null,
      is_enterprise_install: false,
    });
    expect(answer.access_token).toMatch(/^xoxb-/);
    expect(answer.refresh_token).toBeUndefined();
    expect(emu.workspaces().find((w) => w.id === harborWorkspace.teamId)).toMatchObject({ installed: true, is_enterprise_install: false });

    const auth = await new WebClient(answer.access_token, { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } }).auth.test();
    expect(auth).toMatchObject({
      team_id: harborWorkspace.teamId,
      team: 'Harbor Capital',
      user_id: harborWorkspace.botUserId,
      bot_id: harborWorkspace.botId,
      is_enterprise_install: false,
      url: 'https://harbor-capital.slack.com/',
    });
  });

  it('redirects Cancel with error=access_denied and the state, issuing no code', async () => {
    const location = await emu.approveInstall({ authorizeUrl: authorizeUrl(emu, { state: 's-9' }), deny: true });
    const params = new URL(location).searchParams;
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe('s-9');
    expect(params.has('code')).toBe(false);
  });

  it('refuses a wrong secret, an unknown client id and a wrong grant type as Slack does', async () => {
    const code = codeOf(await emu.approveInstall({ authorizeUrl: authorizeUrl(emu) }));
    expect(await exchange(code, { client_secret: 'nope' })).toEqual({ ok: false, error: 'bad_client_secret' });
    expect(await exchange(code, { client_id: '999.999' })).toEqual({ ok: false, error: 'invalid_client_id' });
    expect(await exchange(code, { grant_type: 'password' })).toEqual({ ok: false, error: 'invalid_grant_type' });
  });

  it('takes the client id and secret over HTTP Basic', async () => {
    const code = codeOf(await emu.approveInstall({ authorizeUrl: authorizeUrl(emu), teamId: northwindOrg.credit.teamId }));
    const answer = await callApi(
      emu,
      'oauth.v2.access',
      { code, redirect_uri: REDIRECT_URI },
      { basic: `${emu.oauth.clientId}:${emu.oauth.clientSecret}` },
    );
    expect(answer).toMatchObject({
      ok: true,
      team: { id: northwindOrg.credit.teamId, name: 'Northwind Credit' },
      enterprise: { id: northwindOrg.enterpriseId, name: 'Northwind Group' },
      is_enterprise_install: false,
      bot_user_id: northwindOrg.credit.botUserId,
    });
  });

  it('uses a code once, and not after 10 minutes', async () => {
    const code = codeOf(await emu.approveInstall({ authorizeUrl: authorizeUrl(emu) }));
    expect((await exchange(code)).ok).toBe(true);
    expect(await exchange(code)).toEqual({ ok: false, error: 'invalid_code' });

    const late = codeOf(await emu.approveInstall({ authorizeUrl: authorizeUrl(emu) }));
    now += 10 * 60_000 + 1;
    expect(await exchange(late)).toEqual({ ok: false, error: 'invalid_code' });
    expect(await exchange('1.2.not-a-code')).toEqual({ ok: false, error: 'invalid_code' });
  });

  it('refuses a redirect_uri other than the one the authorize request named', async () => {
    const code = codeOf(await emu.approveInstall({ authorizeUrl: authorizeUrl(emu) }));
    expect(await exchange(code, { redirect_uri: 'http://127.0.0.1:9/elsewhere' })).toEqual({ ok: false, error: 'bad_redirect_uri' });
  });

  it('serves an approval page with a workspace picker and the org-wide choice, and its form redirects', async () => {
    const page = await fetch(authorizeUrl(emu, { team: harborWorkspace.teamId }));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Research Desk is requesting permission');
    expect(html).toContain('value="team:T0EMUTEAM2" checked');
    expect(html).toContain('Northwind Group (whole organization)');
    expect(html).toContain('<code>chat:write</code>');
    expect(html).toMatch(/<button[^>]*value="allow">Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*value="deny">Cancel<\/button>/);

    const form = new URLSearchParams({
      client_id: emu.oauth.clientId,
      scope: 'chat:write',
      redirect_uri: REDIRECT_URI,
      state: 'form-state',
      target: `enterprise:${northwindOrg.enterpriseId}`,
      decision: 'allow',
    });
    const posted = await fetch(emu.oauth.authorizeUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(posted.status).toBe(302);
    const location = posted.headers.get('location') ?? '';
    expect(new URL(location).searchParams.get('state')).toBe('form-state');
    expect(await exchange(codeOf(location))).toMatchObject({
      ok: true,
      team: null,
      enterprise: { id: northwindOrg.enterpriseId },
      is_enterprise_install: true,
      bot_user_id: northwindOrg.botUserId,
    });
  });

  it('an approval page opened without redirect_uri posts none back, so the code is exchanged without one', async () => {
    // Slack falls back to the app's configured redirect URL: here, beside its request URL.
    emu.setRequestUrl('http://127.0.0.1:9/slack/events');
    const url = new URL(authorizeUrl(emu, { state: 'no-redirect' }));
    url.searchParams.delete('redirect_uri');
    const html = await (await fetch(url)).text();
    expect(html).not.toContain('name="redirect_uri"');
    const posted = await fetch(emu.oauth.authorizeUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: emu.oauth.clientId, scope: 'chat:write', state: 'no-redirect', decision: 'allow' }).toString(),
    });
    const location = posted.headers.get('location') ?? '';
    expect(`${new URL(location).origin}${new URL(location).pathname}`).toBe(REDIRECT_URI);
    // As @slack/oauth exchanges a code when its install URL named no redirect_uri.
    const exchanged = await callApi(emu, 'oauth.v2.access', {
      code: codeOf(location),
      client_id: emu.oauth.clientId,
      client_secret: emu.oauth.clientSecret,
    });
    expect(exchanged).toMatchObject({ ok: true });
  });

  it('answers an unknown client_id with an error page', async () => {
    const url = new URL(authorizeUrl(emu));
    url.searchParams.set('client_id', '42.42');
    const res = await fetch(url);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('invalid_client_id');
  });

  it('logs OAuth calls without the secret, the code or a token, and bot calls with their installation and fingerprint', async () => {
    const { access_token } = await install(emu, { teamId: harborWorkspace.teamId });
    await callApi(emu, 'auth.test', {}, { token: access_token });
    const log = JSON.stringify(emu.calls);
    expect(log).not.toContain(emu.oauth.clientSecret);
    expect(log).not.toContain(access_token);
    const exchangeCall = emu.calls.filter((c) => c.method === 'oauth.v2.access').at(-1);
    expect(exchangeCall?.args).toMatchObject({ code: '[redacted]', client_secret: '[redacted]' });
    const authCall = emu.calls.filter((c) => c.method === 'auth.test').at(-1);
    expect(authCall).toMatchObject({
      token: 'bot',
      teamId: harborWorkspace.teamId,
      tokenFingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
  });
});
