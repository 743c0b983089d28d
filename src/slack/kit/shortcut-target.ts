/** Where a message shortcut's answers go: the message's thread, in the channel it was used in. */
import type { MessageShortcut } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';

export interface ShortcutTarget {
  client: WebClient;
  teamId: string;
  channel: string;
  user: string;
  /** The thread of the message: its parent when the message is a reply, else the message itself. */
  threadTs: string;
  /**
   * The message's thread only when it already exists (the message is a reply, or has replies):
   * where a private answer can go, since Slack shows an ephemeral message in a thread only then.
   * Unset: the answer goes to the channel.
   * @see https://docs.slack.dev/reference/methods/chat.postEphemeral
   */
  activeThreadTs?: string;
  /**
   * The user's own team when it is not the workspace's (a user of another organisation in a Slack
   * Connect channel): private notes to them must name it (`recipient_team_id`).
   */
  recipientTeamId?: string;
}

export function shortcutTarget(shortcut: MessageShortcut, client: WebClient, fallbackTeamId: string | undefined): ShortcutTarget {
  // message_action payloads carry thread_ts only for a reply or a message with replies.
  const activeThreadTs =
    typeof shortcut.message.thread_ts === 'string' && shortcut.message.thread_ts ? shortcut.message.thread_ts : undefined;
  const threadTs = activeThreadTs ?? shortcut.message.ts;
  const teamId = shortcut.team?.id ?? shortcut.user.team_id ?? fallbackTeamId ?? '';
  const userTeamId = shortcut.user.team_id;
  return {
    client,
    teamId,
    channel: shortcut.channel.id,
    user: shortcut.user.id,
    threadTs,
    ...(activeThreadTs ? { activeThreadTs } : {}),
    ...(userTeamId && userTeamId !== teamId ? { recipientTeamId: userTeamId } : {}),
  };
}

/** Where a shortcut's private answers go (chat.postEphemeral): the message's thread once it exists, else the channel. */
export function ephemeralTargetOf(target: ShortcutTarget): {
  client: WebClient;
  channel: string;
  user: string;
  threadTs?: string;
  recipientTeamId?: string;
} {
  return {
    client: target.client,
    channel: target.channel,
    user: target.user,
    ...(target.activeThreadTs ? { threadTs: target.activeThreadTs } : {}),
    ...(target.recipientTeamId ? { recipientTeamId: target.recipientTeamId } : {}),
  };
}
