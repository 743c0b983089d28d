/**
 * Whether a user may see or change what belongs to a channel they name (its watches): anyone for a
 * public channel, only its members for a private channel or a group DM, only its user for a DM
 * with the app. The channel the request comes from needs no look-up: Slack lets a person act only
 * in a conversation they are in. Otherwise conversations.info says what the channel is, and
 * users.conversations (member-channel-ids.ts, App Home's own look-up) whether the user is in it.
 * When Slack cannot say, the answer is no: the fence fails closed.
 * @see https://docs.slack.dev/reference/methods/conversations.info
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { memberChannelIds } from './member-channel-ids.js';

/**
 * Refused: `not_member`, a private channel (or group DM) the user is not in; `others_dm`, another
 * person's DM with the app; `unseen`, the app cannot see the channel; `unverified`, Slack did not
 * answer (`code` says why).
 */
export type ChannelAccess =
  | { allowed: true }
  | { allowed: false; why: 'not_member' | 'others_dm' | 'unseen' }
  | { allowed: false; why: 'unverified'; code: string };

export interface ChannelAccessRequest {
  client: WebClient;
  userId: string;
  /** The channel named. */
  channelId: string;
  /** Where the command or click came from, when it came from a conversation. */
  fromChannelId?: string;
  log: Logger;
}

export async function checkChannelAccess(req: ChannelAccessRequest): Promise<ChannelAccess> {
  if (req.channelId === req.fromChannelId) return { allowed: true };
  let channel: { is_im?: boolean; is_private?: boolean; is_mpim?: boolean; user?: string } | undefined;
  try {
    channel = (await req.client.conversations.info({ channel: req.channelId })).channel;
  } catch (error) {
    // Stryker disable next-line StringLiteral: the method names the call in the error's message only, not its code
    const code = toSlackCallError('conversations.info', error).code;
    req.log.info('channel access refused: the channel could not be read', { channel: req.channelId, slack_error: code });
    return code === 'channel_not_found' ? { allowed: false, why: 'unseen' } : { allowed: false, why: 'unverified', code };
  }
  if (!channel) return { allowed: false, why: 'unseen' };
  if (channel.is_im) return channel.user === req.userId ? { allowed: true } : { allowed: false, why: 'others_dm' };
  if (!channel.is_private && !channel.is_mpim) return { allowed: true };
  let ids: Set<string>;
  try {
    ids = await memberChannelIds(req.client, req.userId, req.log);
  } catch (error) {
    // Stryker disable next-line StringLiteral: the method names the call in the error's message only, not its code
    const code = toSlackCallError('users.conversations', error).code;
    req.log.warn('channel access refused: the user’s channels could not be read', { channel: req.channelId, slack_error: code });
    return { allowed: false, why: 'unverified', code };
  }
  // A group DM is not among the types listed (they need mpim:read): it is refused unless named from inside.
  if (ids.has(req.channelId)) return { allowed: true };
  req.log.info('channel access refused: not a member of the private channel', { channel: req.channelId });
  return { allowed: false, why: 'not_member' };
}
