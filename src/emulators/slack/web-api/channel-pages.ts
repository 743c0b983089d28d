/**
 * What conversations.list and users.conversations read the same way: `types`, `limit` and the
 * opaque cursor, and which channels a bot token can see.
 * @see https://docs.slack.dev/reference/methods/conversations.list
 * @see https://docs.slack.dev/reference/methods/users.conversations
 */
import { SlackApiError } from '../errors.js';
import type { SlackChannel } from '../slack-channel.js';
import type { ApiContext, ApiResult } from './api-context.js';
import { teamsOfChannel } from '../workspaces.js';
import { toApiChannel } from './channel-shape.js';

export const CONVERSATION_TYPES = ['public_channel', 'private_channel', 'mpim', 'im'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

const DEFAULT_LIMIT = 100;

export function conversationType(c: SlackChannel): ConversationType {
  if (c.is_im) return 'im';
  return c.is_private ? 'private_channel' : 'public_channel';
}

/** `types` as Slack reads it: comma-separated, default public_channel; an unknown type is invalid_types. */
export function requestedTypes(raw: string | undefined): ConversationType[] {
  if (raw === undefined || raw.trim() === '') return ['public_channel'];
  const types = raw.split(',').map((t) => t.trim());
  const known = new Set<string>(CONVERSATION_TYPES);
  if (types.some((t) => !known.has(t))) throw new SlackApiError('invalid_types');
  return types as ConversationType[];
}

/** `limit`: default 100, at most `max` (each method documents its own), else invalid_limit. */
export function requestedLimit(ctx: ApiContext, max: number): number {
  const raw = ctx.args.str('limit');
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new SlackApiError('invalid_limit');
  return n;
}

/** What a bot token can see: every public channel and DM, private channels only where it is a member. */
/** Whether the calling token's workspaces include the channel's (a token sees only its own). */
export function reaches(ctx: Pick<ApiContext, 'auth'>, c: SlackChannel): boolean {
  return teamsOfChannel(c).some((t) => ctx.auth.reach.has(t));
}

export function visibleToBot(c: SlackChannel): boolean {
  return c.is_im || !c.is_private || c.bot_is_member !== false;
}

/** Slack's cursors are opaque base64; this one names the first channel of the next page. */
const encodeCursor = (channelId: string): string => Buffer.from(`channel:${channelId}`, 'utf8').toString('base64');

function decodeCursor(cursor: string): string {
  const match = /^channel:([A-Z0-9]+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  if (match?.[1] === undefined) throw new SlackApiError('invalid_cursor');
  return match[1];
}

/** The page of `all` that the request's `cursor` points at, `limit` long, with the next cursor. */
export function pageOfChannels(ctx: ApiContext, all: readonly SlackChannel[], limit: number): ApiResult {
  const cursor = ctx.args.str('cursor');
  let start = 0;
  if (cursor !== undefined && cursor !== '') {
    start = all.findIndex((c) => c.id === decodeCursor(cursor));
    if (start < 0) throw new SlackApiError('invalid_cursor');
  }
  const next = all[start + limit];
  return {
    ok: true,
    channels: all.slice(start, start + limit).map(toApiChannel),
    response_metadata: { next_cursor: next === undefined ? '' : encodeCursor(next.id) },
  };
}
