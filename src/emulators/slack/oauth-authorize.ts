import type { EmulatorConfig } from './config.js';
import { EmulatorUsageError } from './errors.js';
import type { InstallTarget } from './installations.js';
import type { EmulatorState } from './state.js';
import { workspaceSeed } from './workspace-seed.js';
import { enterprises, findEnterprise, findWorkspace, teamOfUser, workspaces } from './workspaces.js';

/**
 * Slack's install approval (`/oauth/v2/authorize`): the request the app's "Add to Slack" link
 * makes, and the decision (Allow or Cancel) that sends the browser back to its redirect_uri.
 * The approval page and `approveInstall` both end in `decideInstall`.
 * @see https://docs.slack.dev/authentication/installing-with-oauth
 */

export interface AuthorizeRequest {
  clientId: string;
  scopes: string[];
  userScopes: string[];
  redirectUri: string;
  /** redirect_uri was in the authorize URL (then oauth.v2.access must name the same one). */
  redirectUriGiven: boolean;
  state: string | undefined;
  /** `team=`: the workspace the app asked to be installed in (preselected). */
  team: string | undefined;
}

/** What the person chose: where to install (a workspace, or an org as a whole), as whom, or Cancel. */
export interface InstallDecision {
  teamId?: string;
  enterpriseId?: string;
  userId?: string;
  deny?: boolean;
}

function splitScopes(value: string | null): string[] {
  return (value ?? '')
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Reads and checks the authorize query: unknown client_id or a missing redirect_uri is an error page. */
export function parseAuthorizeRequest(params: URLSearchParams, config: EmulatorConfig): AuthorizeRequest {
  const clientId = params.get('client_id') ?? '';
  if (clientId !== config.oauth.clientId)
    throw new EmulatorUsageError('invalid_client_id', 'Unknown client_id: no app is registered with it.');
  const given = params.get('redirect_uri') ?? undefined;
  // Without one, Slack uses the app's configured redirect URL: here, /slack/oauth_redirect beside its request URL.
  const redirectUri = given ?? appRedirectUrl(config) ?? '';
  if (!/^https?:\/\//i.test(redirectUri))
    throw new EmulatorUsageError(
      'bad_redirect_uri',
      'redirect_uri is missing or not an http(s) URL, and the app has no request URL to derive one from.',
    );
  return {
    clientId,
    redirectUriGiven: given !== undefined,
    scopes: splitScopes(params.get('scope')),
    userScopes: splitScopes(params.get('user_scope')),
    redirectUri,
    state: params.get('state') ?? undefined,
    team: params.get('team') ?? undefined,
  };
}

function appRedirectUrl(config: EmulatorConfig): string | undefined {
  return config.requestUrl ? new URL('/slack/oauth_redirect', config.requestUrl).toString() : undefined;
}

function redirectTo(request: AuthorizeRequest, params: Record<string, string>): string {
  const url = new URL(request.redirectUri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  if (request.state !== undefined) url.searchParams.set('state', request.state);
  return url.toString();
}

function targetOf(request: AuthorizeRequest, decision: InstallDecision): { target: InstallTarget; adminUserId: string; teamIds: string[] } {
  if (decision.enterpriseId !== undefined) {
    const org = findEnterprise(decision.enterpriseId);
    if (org === undefined) throw new EmulatorUsageError('org_not_found', `no Enterprise Grid org ${decision.enterpriseId}`);
    const firstTeam = findWorkspace(org.teamIds[0]);
    return { target: { enterpriseId: org.id }, adminUserId: firstTeam?.adminUserId ?? '', teamIds: org.teamIds };
  }
  const teamId = decision.teamId ?? request.team ?? workspaceSeed.teamId;
  const workspace = findWorkspace(teamId);
  if (workspace === undefined) throw new EmulatorUsageError('team_not_found', `no workspace ${teamId}`);
  return { target: { teamId }, adminUserId: workspace.adminUserId, teamIds: [teamId] };
}

/** The Location the browser follows after Allow (`?code=…&state=…`) or Cancel (`?error=access_denied&state=…`). */
export function decideInstall(state: EmulatorState, request: AuthorizeRequest, decision: InstallDecision): string {
  if (decision.deny === true) return redirectTo(request, { error: 'access_denied' });
  const { target, adminUserId, teamIds } = targetOf(request, decision);
  const userId = decision.userId ?? adminUserId;
  const user = state.users.get(userId);
  if (user === undefined || user.is_bot || !teamIds.includes(teamOfUser(user))) {
    throw new EmulatorUsageError('user_not_found', `${userId} is not a person of the workspace being installed to`);
  }
  const code = state.installs.issueCode({
    clientId: request.clientId,
    redirectUri: request.redirectUriGiven ? request.redirectUri : undefined,
    target,
    userId,
    scopes: request.scopes,
  });
  return redirectTo(request, { code });
}

/** The picker's value for a decision ("team:T…" or "enterprise:E…"). */
export function decisionOfChoice(choice: string | null): InstallDecision {
  if (choice?.startsWith('enterprise:')) return { enterpriseId: choice.slice('enterprise:'.length) };
  if (choice?.startsWith('team:')) return { teamId: choice.slice('team:'.length) };
  return {};
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain, accessible approval page: workspace picker, the app, the scopes, Allow and Cancel. */
export function renderAuthorizePage(state: EmulatorState, config: EmulatorConfig, request: AuthorizeRequest): string {
  const preselected = request.team ?? workspaceSeed.teamId;
  const option = (value: string, label: string, checked: boolean, installed: boolean): string =>
    `<li><label><input type="radio" name="target" value="${escapeHtml(value)}"${checked ? ' checked' : ''}> ${escapeHtml(label)}${
      installed ? ' <em>(already installed)</em>' : ''
    }</label></li>`;
  const choices = [
    ...workspaces.map((w) =>
      option(
        `team:${w.id}`,
        w.enterpriseId === undefined ? w.name : `${w.name} (${findEnterprise(w.enterpriseId)?.name ?? w.enterpriseId})`,
        w.id === preselected,
        state.installs.installations.has(w.id),
      ),
    ),
    ...enterprises.map((e) =>
      option(`enterprise:${e.id}`, `${e.name} (whole organization)`, false, state.installs.installations.has(e.id)),
    ),
  ].join('\n');
  const scopes = request.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('');
  const hidden = (name: string, value: string | undefined): string =>
    value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Install ${escapeHtml(config.botName)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<main>
<h1>${escapeHtml(config.botName)} is requesting permission to access a Slack workspace</h1>
<form method="post" action="/oauth/v2/authorize">
${hidden('client_id', request.clientId)}${hidden('scope', request.scopes.join(','))}${hidden('user_scope', request.userScopes.join(','))}${hidden(
  'redirect_uri',
  // Only one the app named: a derived one posted back would oblige oauth.v2.access to repeat it.
  request.redirectUriGiven ? request.redirectUri : undefined,
)}${hidden('state', request.state)}
<fieldset><legend>Install to</legend><ul>
${choices}
</ul></fieldset>
<h2>The app will be able to</h2>
<ul>${scopes || '<li>(no scopes asked)</li>'}</ul>
<p><button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Cancel</button></p>
</form>
</main>
</body></html>`;
}

export function renderAuthorizeError(error: EmulatorUsageError): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Installation failed</title></head>
<body><main><h1>Something went wrong installing this app</h1>
<p>Error: <code>${escapeHtml(error.code)}</code>. ${escapeHtml(error.message)}</p></main></body></html>`;
}
