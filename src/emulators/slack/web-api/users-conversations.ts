import { SlackApiError } from '../errors.js';
import type { SlackChannel } from '../slack-channel.js';
import type { ApiContext, ApiResult } from './api-context.js';
import {
  type ConversationType,
  conversationType,
  pageOfChannels,
  reaches,
  requestedLimit,
  requestedTypes,
  visibleToBot,
} from './channel-pages.js';

const TYPE_SCOPES: Record<ConversationType, string> = {
  public_channel: 'channels:read',
  private_channel: 'groups:read',
  mpim: 'mpim:read',
  im: 'im:read',
};

/** "Must be an integer with a max value of 999." */
const MAX_LIMIT = 999;

function isMember(c: SlackChannel, userId: string, botUserId: string): boolean {
  if (userId === botUserId) return c.is_im || c.bot_is_member !== false;
  if (c.is_im) return c.user === userId;
  return c.members === undefined || c.members.includes(userId);
}

/**
 * The conversations a user is in (`user`), or the bot's own without it, by `types` (each needs
 * its read scope: channels:read, groups:read, mpim:read, im:read), without archived ones when
 * exclude_archived, in pages of `limit` (default 100, at most 999) with an opaque cursor. With a
 * bot token, a private channel of another user is listed only when the bot is in it too.
 * @see https://docs.slack.dev/reference/methods/users.conversations
 */
export function usersConversations(ctx: ApiContext): ApiResult {
  const types = requestedTypes(ctx.args.str('types'));
  const missing = types.map((t) => TYPE_SCOPES[t]).find((scope) => !ctx.config.botScopes.includes(scope));
  if (missing !== undefined)
    throw new SlackApiError('missing_scope', { extra: { needed: missing, provided: ctx.config.botScopes.join(',') } });
  const limit = requestedLimit(ctx, MAX_LIMIT);
  const botUserId = ctx.auth.bot.userId;
  const userId = ctx.args.str('user') || botUserId;
  if (userId !== botUserId && !ctx.state.users.has(userId)) throw new SlackApiError('user_not_found');
  const excludeArchived = ctx.args.bool('exclude_archived');
  const all = [...ctx.state.channels.values()].filter(
    (c) =>
      reaches(ctx, c) &&
      types.includes(conversationType(c)) &&
      isMember(c, userId, botUserId) &&
      // A private channel only where the calling bot is a member too (every DM here is one with the bot).
      visibleToBot(c) &&
      !(excludeArchived && c.is_archived === true),
  );
  return pageOfChannels(ctx, all, limit);
}
