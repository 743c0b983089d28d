import { SlackApiError } from '../errors.js';
import { NON_MARKETPLACE_PAGE_SIZE } from '../rate-limits.js';
import type { StoredMessage } from '../stored-message.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';
import { reaches } from './channel-pages.js';
import { toApiChannel } from './channel-shape.js';
import { requireChannel } from './chat.js';
import { listConversations } from './conversations-list.js';
import { toApiMessage } from './message-shape.js';

/**
 * One conversation by id (not by name, unlike chat.postMessage). A private channel the bot is not
 * in is channel_not_found, as for any channel the token cannot see.
 * @see https://docs.slack.dev/reference/methods/conversations.info
 */
function info(ctx: ApiContext): ApiResult {
  const channel = ctx.state.channels.get(ctx.args.need('channel', 'channel_not_found'));
  if (channel === undefined || !reaches(ctx, channel) || (channel.is_private && !channel.is_im && channel.bot_is_member === false)) {
    throw new SlackApiError('channel_not_found');
  }
  return { ok: true, channel: toApiChannel(channel) };
}

/**
 * Parent first, then replies in order; `oldest`/`latest` bound the range (exclusive unless
 * inclusive=true), as for history. Metadata only with include_all_metadata. Cursor = offset.
 * @see https://docs.slack.dev/reference/methods/conversations.replies
 */
function replies(ctx: ApiContext): ApiResult {
  const channel = requireChannel(ctx);
  const ts = ctx.args.need('ts', 'thread_not_found');
  const parent = ctx.state.findMessage(channel.id, ts);
  if (parent === undefined) throw new SlackApiError('thread_not_found');
  const threadTs = parent.thread_ts ?? parent.ts;
  const inRange = tsRange(ctx);
  const all = ctx.state.allMessages(channel.id).filter((m) => (m.ts === threadTs || m.thread_ts === threadTs) && inRange(m.ts));
  return messagePage(ctx, all, 1000, 1000);
}

/** The `oldest`/`latest`/`inclusive` arguments of history and replies, as a test on a ts. */
function tsRange(ctx: ApiContext): (ts: string) => boolean {
  const oldest = ctx.args.str('oldest');
  const latest = ctx.args.str('latest');
  const inclusive = ctx.args.bool('inclusive');
  const after = (ts: string, bound: string): boolean => (inclusive ? Number(ts) >= Number(bound) : Number(ts) > Number(bound));
  const before = (ts: string, bound: string): boolean => (inclusive ? Number(ts) <= Number(bound) : Number(ts) < Number(bound));
  return (ts) => (oldest ? after(ts, oldest) : true) && (latest ? before(ts, latest) : true);
}

/**
 * Top-level messages and replies also sent to the channel (thread_broadcast), newest first; `oldest`/`latest` bound the range (exclusive unless
 * inclusive=true). Metadata only with include_all_metadata. Cursor = offset.
 * @see https://docs.slack.dev/reference/methods/conversations.history
 */
function history(ctx: ApiContext): ApiResult {
  const channel = requireChannel(ctx);
  const inRange = tsRange(ctx);
  const all = ctx.state
    .allMessages(channel.id)
    .filter((m) => m.thread_ts === undefined || m.thread_ts === m.ts || m.subtype === 'thread_broadcast')
    .filter((m) => inRange(m.ts))
    .reverse();
  return messagePage(ctx, all, 100, 999);
}

/**
 * One page of messages with Slack's cursor paging (the cursor encodes an offset). A non-Marketplace
 * app's `limit` defaults to 15 and a larger one is clamped to 15 without a word, as Slack does.
 * @see https://docs.slack.dev/changelog/2025/05/29/rate-limit-changes-for-non-marketplace-apps
 */
function messagePage(ctx: ApiContext, all: StoredMessage[], defaultLimit: number, maxLimit: number): ApiResult {
  const installation = ctx.auth.installation;
  const nonMarketplace = installation !== undefined && ctx.state.installs.distributionOf(installation) === 'non-marketplace';
  const ceiling = nonMarketplace ? Math.min(maxLimit, NON_MARKETPLACE_PAGE_SIZE) : maxLimit;
  const limit = Math.min(Math.max(ctx.args.int('limit') ?? (nonMarketplace ? ceiling : defaultLimit), 1), ceiling);
  const cursor = ctx.args.str('cursor');
  const offset = cursor
    ? Number.parseInt(
        Buffer.from(cursor, 'base64')
          .toString('utf8')
          .replace(/^offset:/, ''),
        10,
      ) || 0
    : 0;
  const page = all.slice(offset, offset + limit);
  const hasMore = offset + limit < all.length;
  const includeMetadata = ctx.args.bool('include_all_metadata');
  return {
    ok: true,
    messages: page.map((m) => toApiMessage(m, { includeMetadata, state: ctx.state })),
    has_more: hasMore,
    response_metadata: { next_cursor: hasMore ? Buffer.from(`offset:${offset + limit}`).toString('base64') : '' },
  };
}

export const conversationMethods: Record<string, ApiMethod> = {
  'conversations.info': { handler: info, token: 'bot' },
  'conversations.list': { handler: listConversations, token: 'bot' },
  'conversations.replies': { handler: replies, token: 'bot' },
  'conversations.history': { handler: history, token: 'bot' },
};
