/** Token rotation: rotating bot tokens expire after 12 hours of the emulator's clock; refresh tokens are single use. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborWorkspace, startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { callApi, install } from './oauth-helpers.js';

describe('token rotation', () => {
  let emu: SlackEmulator;
  let now = Date.UTC(2026, 0, 5, 9);

  beforeAll(async () => {
    emu = await startSlackEmulator({ rateLimits: 'off', clock: () => now, oauth: { tokenRotation: true } });
  });
  afterAll(async () => {
    await emu.close();
  });

  const refresh = (refreshToken: string) =>
    callApi(emu, 'oauth.v2.access', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: emu.oauth.clientId,
      client_secret: emu.oauth.clientSecret,
    });

  it('issues an expiring xoxe.xoxb token with a refresh token, expires it after 12 hours, and refreshes it once', async () => {
    const installed = await install(emu, { teamId: harborWorkspace.teamId });
    expect(installed.access_token).toMatch(/^xoxe\.xoxb-1-/);
    expect(installed.expires_in).toBe(43_200);
    expect(installed.refresh_token).toMatch(/^xoxe-1-/);
    expect((await callApi(emu, 'auth.test', {}, { token: installed.access_token })).ok).toBe(true);

    now += 43_200_000;
    expect(await callApi(emu, 'auth.test', {}, { token: installed.access_token })).toEqual({ ok: false, error: 'token_expired' });

    const refreshed = await refresh(String(installed.refresh_token));
    expect(refreshed).toMatchObject({
      ok: true,
      token_type: 'bot',
      expires_in: 43_200,
      team: { id: harborWorkspace.teamId },
      bot_user_id: harborWorkspace.botUserId,
    });
    expect(refreshed.access_token).not.toBe(installed.access_token);
    expect(refreshed.refresh_token).not.toBe(installed.refresh_token);
    expect(await callApi(emu, 'auth.test', {}, { token: String(refreshed.access_token) })).toMatchObject({
      ok: true,
      team_id: harborWorkspace.teamId,
    });
    // The old refresh token was used up.
    expect(await refresh(String(installed.refresh_token))).toEqual({ ok: false, error: 'invalid_refresh_token' });
    expect(await refresh('xoxe-1-unknown')).toEqual({ ok: false, error: 'invalid_refresh_token' });
  });
});
