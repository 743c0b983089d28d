/**
 * A message shortcut names the message's channel, and the app acts there with the clicker's
 * workspace's token. With an org-wide install that token reaches every workspace of the org, so a
 * payload naming a channel of another workspace (forged, or replayed with the signing secret)
 * would post there and file the run under the clicker's team. So before any slice sees a
 * shortcut, conversations.info says where the channel lives (`context_team_id`, and the teams it is
 * shared with: `shared_team_ids` across an org, `connected_team_ids` in Slack Connect); a channel of
 * none of the clicker's teams, or one the app cannot see, is refused with a note saying why, where
 * the click came from (its response_url), instead of failing later without a word.
 * @see https://docs.slack.dev/reference/methods/conversations.info
 * @see https://docs.slack.dev/reference/objects/conversation-object
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { toSlackCallError } from '../../slack-api/slack-call-error.js';
import { requestContext } from './correlation-middleware.js';
import type { ListenerDeps } from './listener-deps.js';

interface ShortcutBody {
  type?: string;
  team?: { id?: string } | null;
  user?: { id?: string; team_id?: string };
  channel?: { id?: string };
  response_url?: string;
}

interface ChannelHome {
  context_team_id?: string;
  shared_team_ids?: string[];
  connected_team_ids?: string[];
  is_im?: boolean;
  user?: string;
}

export const SHORTCUT_CHANNEL_UNSEEN =
  'Research Desk cannot see the conversation this message is in, so it cannot answer there. Add Research Desk to that channel (or use the shortcut in a channel it is in) and try again.';
export const SHORTCUT_CHANNEL_ELSEWHERE =
  'This message is in a channel of another workspace. Research Desk answers only in channels of the workspace you use it from: open the channel from its own workspace and try again.';
export const SHORTCUT_CHANNEL_UNVERIFIED =
  'Slack could not tell Research Desk where this message is, so it did nothing. Try the shortcut again in a moment.';

/** Why the channel is refused, or undefined when the clicker's workspace may act there. */
export function shortcutChannelRefusal(
  channel: ChannelHome,
  clicker: { teamId?: string; userTeamId?: string; userId?: string },
): string | undefined {
  if (channel.is_im) return channel.user === undefined || channel.user === clicker.userId ? undefined : SHORTCUT_CHANNEL_UNSEEN;
  // No context_team_id: Slack did not say, and the token that read the channel is this workspace's.
  if (channel.context_team_id === undefined) return undefined;
  const homes = new Set([channel.context_team_id, ...(channel.shared_team_ids ?? []), ...(channel.connected_team_ids ?? [])]);
  const mine = [clicker.teamId, clicker.userTeamId].filter((t): t is string => t !== undefined);
  return mine.some((t) => homes.has(t)) ? undefined : SHORTCUT_CHANNEL_ELSEWHERE;
}

export function messageShortcutFence(deps: Pick<ListenerDeps, 'logger'>): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const body = args.body as ShortcutBody;
    const channelId = body.channel?.id;
    if (body.type !== 'message_action' || !channelId) return args.next();
    const { log } = requestContext(args.context, deps.logger);
    let refusal: string | undefined;
    try {
      const { channel } = await args.client.conversations.info({ channel: channelId });
      refusal = shortcutChannelRefusal((channel ?? {}) as ChannelHome, {
        ...(body.team?.id ? { teamId: body.team.id } : {}),
        ...(body.user?.team_id ? { userTeamId: body.user.team_id } : {}),
        ...(body.user?.id ? { userId: body.user.id } : {}),
      });
    } catch (error) {
      const code = toSlackCallError('conversations.info', error).code;
      refusal = code === 'channel_not_found' ? SHORTCUT_CHANNEL_UNSEEN : SHORTCUT_CHANNEL_UNVERIFIED;
      log.info('message shortcut: its channel could not be read', { channel: channelId, slack_error: code });
    }
    if (refusal === undefined) return args.next();
    log.info('message shortcut refused: not a channel of the clicker’s workspace', { channel: channelId });
    if ('ack' in args && typeof args.ack === 'function') await args.ack();
    if ('respond' in args && typeof args.respond === 'function' && body.response_url) {
      await args.respond({ response_type: 'ephemeral', replace_original: false, text: refusal }).catch((error: unknown) => {
        log.warn('could not tell the user why the shortcut was refused', { error });
      });
    }
  };
}
