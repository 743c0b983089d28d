import { SlackApiError } from '../errors.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';
import { workspaceUrl } from './permalinks.js';
import { usersConversations } from './users-conversations.js';

function authTest(ctx: ApiContext): ApiResult {
  const { seed } = ctx.state;
  return {
    ok: true,
    url: workspaceUrl(ctx),
    team: seed.teamName,
    user: 'research_desk',
    team_id: seed.teamId,
    user_id: seed.botUserId,
    bot_id: seed.botId,
    app_id: seed.appId,
    is_enterprise_install: false,
  };
}

function usersInfo(ctx: ApiContext): ApiResult {
  const user = ctx.state.users.get(ctx.args.need('user', 'user_not_found'));
  if (user === undefined) throw new SlackApiError('user_not_found');
  return {
    ok: true,
    user: {
      id: user.id,
      team_id: ctx.state.seed.teamId,
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
      profile: { real_name: user.real_name, display_name: user.name, image_48: '', team: ctx.state.seed.teamId },
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
