import { SlackApiError } from '../errors.js';
import type { SlackChannel } from '../slack-channel.js';
import type { EmulatorState } from '../state.js';
import { connectHostOf, teamOfUser } from '../workspaces.js';

/**
 * A stream or an ephemeral for a user of another organisation in a Slack Connect channel must name
 * that user's own team (`recipient_team_id`): without it, or with the installing team, Slack does
 * not find the user there. Peers see `missing_recipient_team_id` (chat.startStream) and
 * `user_not_found` (openclaw#20337, openclaw#70295); the emulator answers so. That
 * chat.postEphemeral takes `recipient_team_id` too is UNCONFIRMED (not in @slack/web-api 8.2's
 * types); the emulator requires it for such a user, the worse case.
 */
export function checkRecipientTeam(
  state: EmulatorState,
  channel: SlackChannel,
  userId: string,
  recipientTeamId: string | undefined,
  missingCode: 'missing_recipient_team_id' | 'user_not_found',
): void {
  if (channel.is_ext_shared !== true) return;
  const user = state.users.get(userId);
  if (user === undefined || connectHostOf(state.channels.values(), user) === undefined) return;
  if (recipientTeamId === undefined) throw new SlackApiError(missingCode);
  if (recipientTeamId !== teamOfUser(user)) throw new SlackApiError('user_not_found');
}
