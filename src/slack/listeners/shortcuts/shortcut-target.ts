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
}

export function shortcutTarget(shortcut: MessageShortcut, client: WebClient, fallbackTeamId: string | undefined): ShortcutTarget {
  const threadTs =
    typeof shortcut.message.thread_ts === 'string' && shortcut.message.thread_ts ? shortcut.message.thread_ts : shortcut.message.ts;
  return {
    client,
    teamId: shortcut.team?.id ?? shortcut.user.team_id ?? fallbackTeamId ?? '',
    channel: shortcut.channel.id,
    user: shortcut.user.id,
    threadTs,
  };
}
