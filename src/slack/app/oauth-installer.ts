/**
 * OAuth distribution with @slack/oauth's InstallProvider, as Bolt uses it: `/slack/install` (the
 * "Add to Slack" page, which sets the state cookie) and `/slack/oauth_redirect` (state checked,
 * code exchanged with oauth.v2.access, the installation saved sealed). Its `authorize` serves
 * every request and background call, refreshing rotating tokens before they expire.
 * @see https://docs.slack.dev/tools/bolt-js/concepts/authenticating-oauth
 * @see https://docs.slack.dev/authentication/using-token-rotation
 */
import type { Authorize, CustomRoute } from '@slack/bolt';
import { type AuthorizeResult, InstallProvider, type Installation, type InstallationQuery } from '@slack/oauth';
import type { Logger } from '../../observability/logger.js';
import type { Installations } from '../../store/installations.js';
import type { OrgWorkspaces } from '../../store/org-workspaces.js';
import { toBoltLogger } from './bolt-logger.js';
import type { ReadinessCheck } from './health-routes.js';
import { createInstallationHealth } from './installation-health.js';
import { renderAddToSlackPage, renderInstalledPage, renderInstallFailedPage } from './install-pages.js';
import { MISCONFIGURED_CONTEXT_KEY } from './misconfigured-middleware.js';
import { type OAuthExchangePolicy, oauthClientOptions, slackUnreachableCause } from './oauth-exchange-client.js';

export const INSTALL_PATH = '/slack/install';
export const REDIRECT_PATH = '/slack/oauth_redirect';

export interface InstallerOptions {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
  installations: Installations;
  orgWorkspaces: OrgWorkspaces;
  /** Bot scopes asked at install (src/slack-api/bot-scopes.ts, the manifest's list). */
  scopes: readonly string[];
  /** The app's public redirect URL, as the manifest's oauth_config.redirect_urls lists it. */
  redirectUri?: string;
  /** Web API base URL (the Slack emulator in tests and the playground). */
  apiUrl?: string;
  /** Slack's authorize page (the emulator's in tests and the playground). */
  authorizationUrl?: string;
  /** Where the "installed" page sends the user next (the app's Home tab). */
  homeUrlFor?(installation: Installation): string | undefined;
  /** How long a call to Slack during an install may take, and the timers that bound it. */
  exchange?: OAuthExchangePolicy;
  logger: Logger;
}

export interface Installer {
  routes: CustomRoute[];
  /** The `installations` check of /readyz: stored installations open and were not lost. */
  readiness: ReadinessCheck;
  /** Bolt's authorize: the installation serving the request (org-wide installs learn their workspaces here). */
  authorize: Authorize<boolean>;
  /** The bot token of an installation, refreshed first when it expires within two hours. */
  botTokenFor(source: { teamId?: string; enterpriseId?: string; isEnterpriseInstall: boolean }): Promise<string>;
}

export function createInstaller(options: InstallerOptions): Installer {
  const log = options.logger.child({ component: 'oauth' });
  const health = createInstallationHealth({ installations: options.installations, logger: options.logger });
  const provider = new InstallProvider({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    stateSecret: options.stateSecret,
    installationStore: options.installations,
    installUrlOptions: { scopes: [...options.scopes], ...(options.redirectUri ? { redirectUri: options.redirectUri } : {}) },
    renderHtmlForInstallPath: renderAddToSlackPage,
    ...(options.authorizationUrl ? { authorizationUrl: options.authorizationUrl } : {}),
    clientOptions: oauthClientOptions(options.apiUrl, options.exchange),
    logger: toBoltLogger(log),
  });

  // One authorisation per installation at a time in this process: when its rotating token is
  // due, concurrent requests would each spend the refresh token, and all but one would fail. An
  // org-wide install is one installation (one token) for every workspace of the org.
  const inFlight = new Map<string, Promise<AuthorizeResult>>();
  const authorizeOnce = (source: InstallationQuery<boolean>): Promise<AuthorizeResult> => {
    const key = source.isEnterpriseInstall
      ? `org:${source.enterpriseId ?? ''}`
      : `team:${source.enterpriseId ?? ''}:${source.teamId ?? ''}`;
    let running = inFlight.get(key);
    if (!running) {
      running = provider.authorize(source).finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    // The answer names the request's workspace: for an org install that is the source's team.
    return source.isEnterpriseInstall ? running.then((result) => forTeam(result, source.teamId)) : running;
  };

  const botTokenFor: Installer['botTokenFor'] = async (source) => {
    const result = await authorizeOnce(source as InstallationQuery<boolean>);
    if (!result.botToken) throw new Error('the installation has no bot token');
    return result.botToken;
  };

  return {
    botTokenFor,
    readiness: health.readiness,
    authorize: async (source) => {
      let result: AuthorizeResult;
      try {
        result = await authorizeOnce(source as InstallationQuery<boolean>);
      } catch (error) {
        // A misconfigured app answers the request (misconfigured-middleware.ts) instead of
        // leaving it to Bolt, which acknowledges a refused request with nothing.
        const problem = await health.diagnose(error);
        if (!problem) throw error;
        return {
          ...(source.teamId ? { teamId: source.teamId } : {}),
          ...(source.enterpriseId ? { enterpriseId: source.enterpriseId } : {}),
          [MISCONFIGURED_CONTEXT_KEY]: problem,
        };
      }
      if (source.isEnterpriseInstall && source.enterpriseId && source.teamId) {
        await options.orgWorkspaces.record(source.enterpriseId, source.teamId);
      }
      return result;
    },
    routes: [
      { path: INSTALL_PATH, method: ['GET'], handler: (req, res) => void provider.handleInstallPath(req, res) },
      {
        path: REDIRECT_PATH,
        method: ['GET'],
        handler: (req, res) =>
          void provider.handleCallback(req, res, {
            success: (installation, _options, _req, response) => {
              const orgWide = installation.isEnterpriseInstall === true;
              const name = (orgWide ? installation.enterprise?.name : installation.team?.name) ?? 'your workspace';
              const homeUrl = options.homeUrlFor?.(installation);
              log.info('app installed', {
                team: installation.team?.id,
                enterprise: installation.enterprise?.id,
                org_wide: orgWide,
                by: installation.user.id,
              });
              sendHtml(response, 200, renderInstalledPage({ name, orgWide, ...(homeUrl ? { homeUrl } : {}) }));
            },
            failure: (error, _options, _req, response) => {
              // Slack unreachable: nothing was installed, and the browser restarts from the install page.
              const unreachable = slackUnreachableCause(error);
              const code = unreachable ? 'slack_unreachable' : (slackErrorOf(error) ?? error.code);
              log.warn('an install did not finish', { code, ...(unreachable ? { cause: unreachable } : {}) });
              sendHtml(response, unreachable ? 503 : 400, renderInstallFailedPage(code, INSTALL_PATH));
            },
          }),
      },
    ],
  };
}

/** Slack's own error (invalid_code…) when oauth.v2.access refused the code. */
function slackErrorOf(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } }).data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

function sendHtml(res: import('node:http').ServerResponse, status: number, html: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

/** An org install's authorisation, as it answers for one of the org's workspaces. */
function forTeam(result: AuthorizeResult, teamId: string | undefined): AuthorizeResult {
  const { teamId: _shared, ...rest } = result;
  return teamId ? { ...rest, teamId } : rest;
}
