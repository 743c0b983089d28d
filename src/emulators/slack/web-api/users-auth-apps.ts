import { SlackApiError } from '../errors.js';
import { slackLimits } from '../validation/limits.js';
import { parseJsonArg } from '../validation/parse-json-arg.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';
import { workspaceUrl } from './permalinks.js';

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
      tz_offset: 0,
      profile: { real_name: user.real_name, display_name: user.name, image_48: '', team: ctx.state.seed.teamId },
    },
  };
}

/** Socket Mode: returns a one-time WebSocket URL; needs the app-level token. */
function connectionsOpen(ctx: ApiContext): ApiResult {
  return { ok: true, url: ctx.openSocketUrl() };
}

/** @see https://docs.slack.dev/reference/methods/assistant.threads.setStatus */
function setStatus(ctx: ApiContext): ApiResult {
  const channelId = ctx.args.need('channel_id', 'channel_not_found');
  const channel = ctx.state.resolveChannel(channelId);
  if (channel === undefined) throw new SlackApiError('channel_not_found');
  const threadTs = ctx.args.need('thread_ts');
  const status = ctx.args.str('status');
  if (status === undefined) throw new SlackApiError('invalid_arguments', { messages: ['missing required field: status'] });
  let loading: unknown;
  if (ctx.args.has('loading_messages')) {
    const parsed = parseJsonArg(ctx.args.value('loading_messages'));
    if (!parsed.ok || !Array.isArray(parsed.value))
      throw new SlackApiError('invalid_arguments', { messages: ['loading_messages must be an array'] });
    if (parsed.value.length > slackLimits.loadingMessages) {
      throw new SlackApiError('invalid_arguments', {
        messages: [`loading_messages must provide no more than ${slackLimits.loadingMessages} items`],
      });
    }
    loading = parsed.value;
  }
  ctx.state.statuses.set(`${channel.id}:${threadTs}`, { status, loading_messages: loading, at: ctx.now });
  ctx.state.changed({ kind: 'status', channel: channel.id });
  return { ok: true };
}

function setSuggestedPrompts(ctx: ApiContext): ApiResult {
  ctx.args.need('channel_id', 'channel_not_found');
  const parsed = parseJsonArg(ctx.args.value('prompts'));
  if (!parsed.ok || !Array.isArray(parsed.value) || parsed.value.length > 4) {
    throw new SlackApiError('invalid_arguments', { messages: ['prompts must be an array of at most 4 items'] });
  }
  return { ok: true };
}

function setTitle(ctx: ApiContext): ApiResult {
  ctx.args.need('channel_id', 'channel_not_found');
  ctx.args.need('title');
  return { ok: true };
}

export const miscMethods: Record<string, ApiMethod> = {
  'auth.test': { handler: authTest, token: 'any' },
  'users.info': { handler: usersInfo, token: 'bot' },
  'apps.connections.open': { handler: connectionsOpen, token: 'app', scope: 'connections:write' },
  'assistant.threads.setStatus': { handler: setStatus, token: 'bot' },
  'assistant.threads.setSuggestedPrompts': { handler: setSuggestedPrompts, token: 'bot' },
  'assistant.threads.setTitle': { handler: setTitle, token: 'bot' },
};
