import { SlackApiError } from '../errors.js';
import type { Installation, IssuedTokens } from '../installations.js';
import { findEnterprise, findWorkspace } from '../workspaces.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';

/**
 * The client id and secret from the body or, as Slack prefers, HTTP Basic; invalid_client_id or
 * bad_client_secret as Slack answers.
 * @see https://docs.slack.dev/reference/methods/oauth.v2.access
 */
function requireClient(ctx: ApiContext): void {
  const clientId = ctx.args.str('client_id') ?? ctx.basicCredentials?.user;
  const clientSecret = ctx.args.str('client_secret') ?? ctx.basicCredentials?.password;
  if (clientId === undefined || clientId !== ctx.config.oauth.clientId) throw new SlackApiError('invalid_client_id');
  if (clientSecret !== ctx.config.oauth.clientSecret) throw new SlackApiError('bad_client_secret');
}

function teamAndEnterprise(installation: Installation): Record<string, unknown> {
  const team = installation.teamId === null ? null : { id: installation.teamId, name: findWorkspace(installation.teamId)?.name ?? '' };
  const enterprise =
    installation.enterpriseId === null
      ? null
      : { id: installation.enterpriseId, name: findEnterprise(installation.enterpriseId)?.name ?? '' };
  return { team, enterprise, is_enterprise_install: installation.isEnterpriseInstall };
}

function tokenAnswer(ctx: ApiContext, issued: IssuedTokens): ApiResult {
  const { installation } = issued;
  return {
    ok: true,
    app_id: ctx.state.seed.appId,
    authed_user: { id: installation.installerUserId },
    scope: installation.scopes.join(','),
    token_type: 'bot',
    access_token: issued.accessToken,
    bot_user_id: installation.bot.userId,
    ...teamAndEnterprise(installation),
    ...(issued.refreshToken !== undefined ? { refresh_token: issued.refreshToken, expires_in: issued.expiresInS } : {}),
  };
}

/**
 * Exchanges an authorization code (single use, 10 minutes) for a bot token, or with token rotation
 * a refresh token for a new pair (the old refresh token stops working).
 * @see https://docs.slack.dev/reference/methods/oauth.v2.access
 * @see https://docs.slack.dev/authentication/using-token-rotation
 */
function oauthV2Access(ctx: ApiContext): ApiResult {
  const grantType = ctx.args.str('grant_type') ?? 'authorization_code';
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') throw new SlackApiError('invalid_grant_type');
  requireClient(ctx);
  const { installs } = ctx.state;
  if (grantType === 'refresh_token') {
    const issued = installs.refresh(ctx.args.need('refresh_token', 'invalid_refresh_token'));
    if (issued === undefined) throw new SlackApiError('invalid_refresh_token');
    // Saved (as hashes) so the new pair still works after a restart.
    ctx.state.changed({ kind: 'token_rotated' });
    return tokenAnswer(ctx, issued);
  }
  const pending = installs.takeCode(ctx.args.need('code', 'invalid_code'));
  if (pending === undefined || pending.clientId !== ctx.config.oauth.clientId) throw new SlackApiError('invalid_code');
  if (pending.redirectUri !== undefined && ctx.args.str('redirect_uri') !== pending.redirectUri)
    throw new SlackApiError('bad_redirect_uri');
  const issued = installs.install({
    target: pending.target,
    userId: pending.userId,
    scopes: pending.scopes,
    rotation: ctx.config.oauth.tokenRotation,
  });
  ctx.state.changed({ kind: 'app_installed' });
  return tokenAnswer(ctx, issued);
}

/**
 * The app uninstalls itself from the token's workspace (or org): its tokens are revoked, then
 * tokens_revoked and app_uninstalled are delivered.
 * @see https://docs.slack.dev/reference/methods/apps.uninstall
 */
function appsUninstall(ctx: ApiContext): ApiResult {
  requireClient(ctx);
  const key = ctx.auth.installation?.key;
  const removed = key === undefined ? undefined : ctx.state.installs.uninstall(key);
  if (removed === undefined) throw new SlackApiError('invalid_auth');
  ctx.state.changed({ kind: 'app_uninstalled' });
  ctx.onUninstalled(removed);
  return { ok: true };
}

export const oauthMethods: Record<string, ApiMethod> = {
  'oauth.v2.access': { handler: oauthV2Access, token: 'none' },
  'apps.uninstall': { handler: appsUninstall, token: 'bot' },
};
