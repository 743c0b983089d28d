import type { SlackEmulator } from '../../../src/emulators/slack/index.js';

export const REDIRECT_URI = 'http://127.0.0.1:9/slack/oauth_redirect';

/** The URL an app's "Add to Slack" link sends the browser to. */
export function authorizeUrl(emu: SlackEmulator, p: { state?: string; team?: string; scope?: string } = {}): string {
  const url = new URL(emu.oauth.authorizeUrl);
  url.searchParams.set('client_id', emu.oauth.clientId);
  url.searchParams.set('scope', p.scope ?? 'chat:write,commands,channels:read,users:read');
  url.searchParams.set('redirect_uri', REDIRECT_URI);
  url.searchParams.set('state', p.state ?? 'state-1');
  if (p.team !== undefined) url.searchParams.set('team', p.team);
  return url.toString();
}

/** A Web API call over HTTP, form-encoded as the SDK sends it. */
export async function callApi(
  emu: SlackEmulator,
  method: string,
  args: Record<string, string>,
  opts: { token?: string; basic?: string } = {},
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (opts.token !== undefined) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.basic !== undefined) headers.Authorization = `Basic ${Buffer.from(opts.basic).toString('base64')}`;
  const res = await fetch(`${emu.apiUrl}${method}`, { method: 'POST', headers, body: new URLSearchParams(args).toString() });
  return (await res.json()) as Record<string, unknown>;
}

/** The code in the redirect Location after Allow. */
export function codeOf(location: string): string {
  const code = new URL(location).searchParams.get('code');
  if (code === null) throw new Error(`no code in ${location}`);
  return code;
}

/** Approve and exchange: what an install through the app's OAuth routes ends with. */
export async function install(
  emu: SlackEmulator,
  where: { teamId: string } | { enterpriseId: string },
): Promise<Record<string, unknown> & { access_token: string }> {
  const location = await emu.approveInstall({ authorizeUrl: authorizeUrl(emu), ...where });
  const answer = await callApi(emu, 'oauth.v2.access', {
    code: codeOf(location),
    client_id: emu.oauth.clientId,
    client_secret: emu.oauth.clientSecret,
    redirect_uri: REDIRECT_URI,
  });
  if (answer.ok !== true || typeof answer.access_token !== 'string') throw new Error(`install failed: ${String(answer.error)}`);
  return answer as Record<string, unknown> & { access_token: string };
}
