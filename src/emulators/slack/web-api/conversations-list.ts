import { SlackApiError } from '../errors.js';
import type { SlackChannel } from '../types.js';
import type { ApiContext, ApiResult } from './api-context.js';
import { toApiChannel } from './channel-shape.js';

const CONVERSATION_TYPES = ['public_channel', 'private_channel', 'mpim', 'im'] as const;
type ConversationType = (typeof CONVERSATION_TYPES)[number];

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

function conversationType(c: SlackChannel): ConversationType {
  if (c.is_im) return 'im';
  return c.is_private ? 'private_channel' : 'public_channel';
}

/** `types` as Slack reads it: comma-separated, default public_channel; an unknown type is invalid_types. */
function requestedTypes(raw: string | undefined): Set<ConversationType> {
  if (raw === undefined || raw.trim() === '') return new Set(['public_channel']);
  const types = raw.split(',').map((t) => t.trim());
  const known = new Set<string>(CONVERSATION_TYPES);
  if (types.some((t) => !known.has(t))) throw new SlackApiError('invalid_types');
  return new Set(types as ConversationType[]);
}

function requestedLimit(ctx: ApiContext): number {
  const raw = ctx.args.str('limit');
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_LIMIT) throw new SlackApiError('invalid_limit');
  return n;
}

/** Slack's cursors are opaque base64; this one names the first channel of the next page. */
function encodeCursor(channelId: string): string {
  return Buffer.from(`channel:${channelId}`, 'utf8').toString('base64');
}

function decodeCursor(cursor: string): string {
  const decoded = Buffer.from(cursor, 'base64').toString('utf8');
  const match = /^channel:([A-Z0-9]+)$/.exec(decoded);
  if (match?.[1] === undefined) throw new SlackApiError('invalid_cursor');
  return match[1];
}

/** What a bot token can see: every public channel and DM, private channels only where it is a member. */
function visibleToBot(c: SlackChannel): boolean {
  return c.is_im || !c.is_private || c.bot_is_member !== false;
}

/**
 * Channels of the workspace by `types`, without archived ones when exclude_archived, in pages of
 * `limit` (default 100, at most 1000) with an opaque cursor.
 * @see https://docs.slack.dev/reference/methods/conversations.list
 */
export function listConversations(ctx: ApiContext): ApiResult {
  const types = requestedTypes(ctx.args.str('types'));
  const limit = requestedLimit(ctx);
  const excludeArchived = ctx.args.bool('exclude_archived');
  const all = [...ctx.state.channels.values()].filter(
    (c) => visibleToBot(c) && types.has(conversationType(c)) && !(excludeArchived && c.is_archived === true),
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
