/**
 * Whether the app can post a digest in a channel, asked of Slack before a subscription is
 * stored, so a digest never starts out failing. A channel given by name only (`#research`,
 * what Slack sends when a command does not escape channels) is looked up by name first.
 * @see https://docs.slack.dev/reference/methods/conversations.info
 */
import type { WebClient } from '@slack/web-api';
import { type SlackCallError, toSlackCallError } from '../../slack-api/slack-call-error.js';
import type { ChannelRef } from './commands/channel-ref.js';

export type DigestChannelCheck =
  | { ok: true; channelId: string }
  | {
      ok: false;
      reason: 'not_found' | 'archived' | 'not_member' | 'unknown_name' | 'rate_limited' | 'slack_error';
      label: string;
      code?: string;
      /** For `rate_limited`: how long Slack asked us to wait. */
      retryAfterMs?: number;
    };

/** Pages of conversations.list read to find a channel by name (200 channels each). */
const MAX_LIST_PAGES = 10;

/** The channel id a reference names (the current channel when none), or undefined when no channel has that name. */
export async function resolveChannelRef(client: WebClient, ref: ChannelRef | null, currentChannelId: string): Promise<string | undefined> {
  if (ref === null) return currentChannelId;
  if (ref.id) return ref.id;
  const name = (ref.name ?? '').toLowerCase();
  if (!name) return undefined;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    // Public channels only: a private channel picked from Slack's list arrives as <#G…|name>,
    // with its id, so it needs no lookup by name.
    // @see https://docs.slack.dev/reference/methods/conversations.list
    const res = await client.conversations.list({
      types: 'public_channel',
      exclude_archived: true,
      limit: 200,
      ...(cursor ? { cursor } : {}),
    });
    const found = (res.channels ?? []).find((c) => c.name?.toLowerCase() === name || c.name_normalized?.toLowerCase() === name);
    if (found?.id) return found.id;
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!cursor) return undefined;
  }
  return undefined;
}

export async function checkDigestChannel(client: WebClient, ref: ChannelRef | null, currentChannelId: string): Promise<DigestChannelCheck> {
  // Plain text: the notice card escapes it, so a `<#C…>` mention would show as typed.
  const label = ref?.name ? `#${ref.name}` : (ref?.id ?? 'this channel');
  let channelId: string | undefined;
  try {
    channelId = await resolveChannelRef(client, ref, currentChannelId);
  } catch (error) {
    // The lookup failed (rate limit, outage, missing scope): that is not "no such channel".
    return channelCheckFailure(toSlackCallError('conversations.list', error), label);
  }
  if (channelId === undefined) return { ok: false, reason: 'unknown_name', label };
  try {
    const res = await client.conversations.info({ channel: channelId });
    const channel = res.channel;
    if (!channel) return { ok: false, reason: 'not_found', label };
    if (channel.is_archived) return { ok: false, reason: 'archived', label };
    // Without chat:write.public the app posts only where it is a member (DMs with it always work).
    if (!channel.is_im && channel.is_member === false) return { ok: false, reason: 'not_member', label };
    return { ok: true, channelId };
  } catch (error) {
    const failure = toSlackCallError('conversations.info', error);
    if (failure.code === 'channel_not_found') return { ok: false, reason: 'not_found', label };
    return channelCheckFailure(failure, label);
  }
}

/** A check that Slack could not answer: a rate limit is said as such, never as "no such channel". */
export function channelCheckFailure(failure: SlackCallError, label: string): Extract<DigestChannelCheck, { ok: false }> {
  if (failure.rateLimited) {
    return {
      ok: false,
      reason: 'rate_limited',
      label,
      code: failure.code,
      ...(failure.retryAfterMs !== undefined ? { retryAfterMs: failure.retryAfterMs } : {}),
    };
  }
  return { ok: false, reason: 'slack_error', label, code: failure.code };
}

/** What the channel is for, in a failure's words: digests by default, or watch alerts. */
export interface ChannelPurpose {
  /** "digests" / "watch alerts": what cannot be posted there. */
  posts: string;
  /** A command that names a channel the right way. */
  example: string;
  /** What to do once the channel is fixed. */
  again: string;
}

export const DIGEST_CHANNEL: ChannelPurpose = {
  posts: 'digests',
  example: '/concepts subscribe #research daily',
  again: 'subscribe again',
};

/** The user-facing explanation of a failed check (plain text; the renderer escapes it). */
export function describeChannelProblem(
  check: Extract<DigestChannelCheck, { ok: false }>,
  botName = 'Research Desk',
  purpose: ChannelPurpose = DIGEST_CHANNEL,
): string {
  switch (check.reason) {
    case 'unknown_name':
      return `I could not find the channel ${check.label}. Pick it from the list as you type so Slack links it, e.g. ${purpose.example}.`;
    case 'not_found':
      return `I cannot see ${check.label}: it may be private or deleted. Invite me there with /invite @${botName}, then ${purpose.again}.`;
    case 'not_member':
      return `I am not a member of that channel, so I cannot post ${purpose.posts} there. Invite me with /invite @${botName}, then ${purpose.again}.`;
    case 'archived':
      return `That channel is archived, so ${purpose.posts} cannot be posted there.`;
    case 'rate_limited':
      return `Slack is rate-limiting me right now, so I could not check ${check.label}. Please try again ${retryHint(check.retryAfterMs)}.`;
    case 'slack_error':
      return `Slack would not tell me whether I can post in ${check.label} (${check.code ?? 'error'}). Please try again.`;
  }
}

/** "in about 30 s" when Slack said how long, "in a minute" otherwise. */
export function retryHint(retryAfterMs: number | undefined): string {
  return retryAfterMs !== undefined && retryAfterMs > 0 ? `in about ${Math.ceil(retryAfterMs / 1000)} s` : 'in a minute';
}
