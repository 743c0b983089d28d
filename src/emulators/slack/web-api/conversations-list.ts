import type { ApiContext, ApiResult } from './api-context.js';
import { conversationType, pageOfChannels, reaches, requestedLimit, requestedTypes, visibleToBot } from './channel-pages.js';

/** conversations.list takes a limit of up to 1000. */
const MAX_LIMIT = 1000;

/**
 * Channels of the workspace by `types`, without archived ones when exclude_archived, in pages of
 * `limit` (default 100, at most 1000) with an opaque cursor.
 * @see https://docs.slack.dev/reference/methods/conversations.list
 */
export function listConversations(ctx: ApiContext): ApiResult {
  const types = requestedTypes(ctx.args.str('types'));
  const limit = requestedLimit(ctx, MAX_LIMIT);
  const excludeArchived = ctx.args.bool('exclude_archived');
  const all = [...ctx.state.channels.values()].filter(
    (c) => reaches(ctx, c) && visibleToBot(c) && types.includes(conversationType(c)) && !(excludeArchived && c.is_archived === true),
  );
  return pageOfChannels(ctx, all, limit);
}
