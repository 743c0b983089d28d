import { SlackApiError } from '../errors.js';
import type { SlackUser } from '../slack-user.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';
import { findEnterprise, findWorkspace, teamOfUser } from '../workspaces.js';
import { workspaceUrl } from './permalinks.js';
import { usersConversations } from './users-conversations.js';

/**
 * Who the token is: its installation's workspace and bot. An org-wide token answers with the
 * org (team_id is the enterprise id), as Slack does.
 * @see https://docs.slack.dev/reference/methods/auth.test
 */
function authTest(ctx: ApiContext): ApiResult {
  const { seed } = ctx.state;
  const installation = ctx.auth.installation;
  const teamId = installation?.key ?? seed.teamId;
  const workspace = findWorkspace(teamId);
  const enterprise = findEnterprise(installation?.enterpriseId ?? undefined);
  return {
    ok: true,
    url: workspaceUrl(ctx, workspace?.domain ?? enterprise?.domain),
    team: workspace?.name ?? enterprise?.name ?? seed.teamName,
    user: 'research_desk',
    team_id: teamId,
    user_id: ctx.auth.bot.userId,
    bot_id: ctx.auth.bot.botId,
    app_id: seed.appId,
    ...(enterprise !== undefined ? { enterprise_id: enterprise.id } : {}),
    is_enterprise_install: installation?.isEnterpriseInstall ?? false,
  };
}

/**
 * An Enterprise Grid org user's `enterprise_user`: their org and their role in it. An org admin or
 * owner need not be an admin of any workspace (`is_admin` above is the workspace's role).
 * @see https://docs.slack.dev/reference/objects/user-object
 */
function enterpriseUserOf(user: SlackUser): { enterprise_user?: Record<string, unknown> } {
  if (user.enterprise_id === undefined) return {};
  return {
    enterprise_user: {
      id: user.id,
      enterprise_id: user.enterprise_id,
      enterprise_name: findEnterprise(user.enterprise_id)?.name ?? '',
      is_admin: user.org_role?.is_admin ?? false,
      is_owner: user.org_role?.is_owner ?? false,
      is_primary_owner: false,
      teams: [teamOfUser(user)],
    },
  };
}

function usersInfo(ctx: ApiContext): ApiResult {
  const user = ctx.state.users.get(ctx.args.need('user', 'user_not_found'));
  if (user === undefined) throw new SlackApiError('user_not_found');
  return {
    ok: true,
    user: {
      id: user.id,
      team_id: teamOfUser(user),
      ...enterpriseUserOf(user),
      name: user.name,
      real_name: user.real_name,
      deleted: false,
      is_admin: user.is_admin,
      is_owner: user.is_owner,
      is_primary_owner: false,
      is_restricted: false,
      is_ultra_restricted: false,
      is_bot: user.is_bot,
      is_app_user: false,
      tz: user.tz,
      // Only asked for: users.info?include_locale=true
      ...(ctx.args.bool('include_locale') ? { locale: user.locale ?? 'en-US' } : {}),
      tz_offset: 0,
      profile: { real_name: user.real_name, display_name: user.name, image_48: '', team: teamOfUser(user) },
    },
  };
}

/** Socket Mode: returns a one-time WebSocket URL; needs the app-level token. */
function connectionsOpen(ctx: ApiContext): ApiResult {
  return { ok: true, url: ctx.openSocketUrl() };
}

export const miscMethods: Record<string, ApiMethod> = {
  'auth.test': { handler: authTest, token: 'any' },
  'users.info': { handler: usersInfo, token: 'bot' },
  'users.conversations': { handler: usersConversations, token: 'bot' },
  'apps.connections.open': { handler: connectionsOpen, token: 'app', scope: 'connections:write' },
};
