/**
 * Token scopes as Slack reports them: an `x-oauth-scopes` header on every answer to a recognised
 * token (the SDK's response_metadata.scopes), and `missing_scope` from apps.connections.open for
 * an app-level token without connections:write.
 */
import { readFileSync } from 'node:fs';
import { WebClient } from '@slack/web-api';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_SCOPES } from '../../../src/emulators/slack/config.js';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';

const BOT = 'xoxb-emulator-bot-token';
const APP = 'xapp-emulator-app-token';

describe('Slack emulator: token scopes', () => {
  let emu: SlackEmulator | undefined;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });
  const client = (token: string) => new WebClient(token, { slackApiUrl: emu!.apiUrl, retryConfig: { retries: 0 } });
  const post = (method: string, token?: string) =>
    fetch(`${emu!.apiUrl}${method}`, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {} });

  it("grants the bot the manifest's bot scopes by default", async () => {
    const manifest = parse(readFileSync(new URL('../../../manifest.yml', import.meta.url), 'utf8')) as {
      oauth_config: { scopes: { bot: string[] } };
    };
    expect([...DEFAULT_BOT_SCOPES].sort()).toEqual([...manifest.oauth_config.scopes.bot].sort());
    emu = await startSlackEmulator({ rateLimits: 'off' });
    const answer = await client(BOT).auth.test();
    expect(answer.response_metadata?.scopes).toEqual([...DEFAULT_BOT_SCOPES]);
  });

  it('names the scopes of each token kind in x-oauth-scopes, and none for an unknown token', async () => {
    emu = await startSlackEmulator({ rateLimits: 'off', botScopes: ['chat:write', 'commands'] });
    expect((await post('auth.test', BOT)).headers.get('x-oauth-scopes')).toBe('chat:write,commands');
    // Even a refused call names the token's scopes, as Slack does.
    expect((await post('chat.postMessage', BOT)).headers.get('x-oauth-scopes')).toBe('chat:write,commands');
    expect((await post('apps.connections.open', APP)).headers.get('x-oauth-scopes')).toBe('connections:write');
    const unknown = await post('auth.test', 'xoxb-wrong');
    expect(await unknown.json()).toMatchObject({ ok: false, error: 'invalid_auth' });
    expect(unknown.headers.get('x-oauth-scopes')).toBeNull();
  });

  it('refuses Socket Mode to an app-level token without connections:write', async () => {
    emu = await startSlackEmulator({ rateLimits: 'off', appScopes: ['authorizations:read'] });
    await expect(client(APP).apps.connections.open()).rejects.toMatchObject({
      data: { ok: false, error: 'missing_scope', needed: 'connections:write', provided: 'authorizations:read' },
    });
    expect(emu.socketConnectionCount()).toBe(0);
  });
});
