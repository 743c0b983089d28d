import { SlackApiError } from '../errors.js';
import type { SlackChannel } from '../types.js';
import type { ApiContext, ApiResult } from './api-context.js';
import { toApiChannel } from './channel-shape.js';

const TYPE_SCOPES = {
  public_channel: 'channels:read',
  private_channel: 'groups:read',
  mpim: 'mpim:read',
  im: 'im:read',
} as const;
type ConversationType = keyof typeof TYPE_SCOPES;

const DEFAULT_LIMIT = 100;
/** "Must be an integer with a max value of 999." */
const MAX_LIMIT = 999;

function conversationType(c: SlackChannel): ConversationType {
  if (c.is_im) return 'im';
  return c.is_private ? 'private_channel' : 'public_channel';
}

/** `types` as Slack reads it: comma-separated, default public_channel; an unknown type is invalid_types. */
function requestedTypes(raw: string | undefined): ConversationType[] {
  if (raw === undefined || raw.trim() === '') return ['public_channel'];
  const types = raw.split(',').map((t) => t.trim());
  if (types.some((t) => !Object.hasOwn(TYPE_SCOPES, t))) throw new SlackApiError('invalid_types');
  return types as ConversationType[];
}

function requestedLimit(ctx: ApiContext): number {
  const raw = ctx.args.str('limit');
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_LIMIT) throw new SlackApiError('invalid_limit');
  return n;
}

/** Opaque base64 naming the first channel of the next page, as conversations.list's. */
const encodeCursor = (channelId: string): string => Buffer.from(`channel:${channelId}`, 'utf8').toString('base64');

function decodeCursor(cursor: string): string {
  const match = /^channel:([A-Z0-9]+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  if (match?.[1] === undefined) throw new SlackApiError('invalid_cursor');
  return match[1];
}

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
  const limit = requestedLimit(ctx);
  const botUserId = ctx.state.seed.botUserId;
  const userId = ctx.args.str('user') || botUserId;
  if (userId !== botUserId && !ctx.state.users.has(userId)) throw new SlackApiError('user_not_found');
  const excludeArchived = ctx.args.bool('exclude_archived');
  const all = [...ctx.state.channels.values()].filter(
    (c) =>
      types.includes(conversationType(c)) &&
      isMember(c, userId, botUserId) &&
      // A private channel only where the calling bot is a member too (every DM here is one with the bot).
      (c.is_im || !c.is_private || c.bot_is_member !== false) &&
      !(excludeArchived && c.is_archived === true),
  );
  const cursor = ctx.args.str('cursor');
  let start = 0;
  if (cursor !== undefined && cursor !== '') {
    start = all.findIndex((c) => c.id === decodeCursor(cursor));
    if (start < 0) throw new SlackApiError('invalid_cursor');
  }
  const page = all.slice(start, start + limit);
  const next = all[start + limit];
  return {
    ok: true,
    channels: page.map(toApiChannel),
    response_metadata: { next_cursor: next === undefined ? '' : encodeCursor(next.id) },
  };
}
