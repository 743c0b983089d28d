/**
 * Who may remove a watch, by the rule of digest subscriptions (subscription-change-permission.ts):
 * the person who added it or a workspace admin. A DM watch is its owner's alone.
 */
import type { WebClient } from '@slack/web-api';
import type { WatchRecord } from '../../store/records.js';
import { type ChannelAccessRequest, checkChannelAccess } from '../kit/permissions/channel-access.js';
import { isWorkspaceAdmin } from '../kit/permissions/folder-delete-permission.js';

export async function mayRemoveWatch(client: WebClient, userId: string, watch: WatchRecord | null): Promise<boolean> {
  if (watch === null || watch.createdBy === userId) return true;
  if (watch.scope === 'user') return false;
  return isWorkspaceAdmin(client, userId);
}

/** Why the removal was refused, in plain text (the notice card escapes it). */
export function watchRemovalRefusal(watch: WatchRecord): string {
  return watch.scope === 'user'
    ? 'That watch belongs to another person’s DM.'
    : 'Only the person who added this watch or a workspace admin can remove it.';
}

/**
 * Who may list, add or refresh the watches of a channel: anyone for a public channel, members for
 * a private one (App Home's rule, kit/permissions/channel-access.ts), the user alone for their DM.
 * Returns why not, in plain text, or null when allowed.
 */
export async function watchChannelRefusal(req: ChannelAccessRequest): Promise<string | null> {
  const access = await checkChannelAccess(req);
  if (access.allowed) return null;
  switch (access.why) {
    case 'not_member':
      return 'That is a private channel you are not a member of, so you can’t see or change its watches. Ask one of its members to invite you, or to manage its watches for you.';
    case 'others_dm':
      return 'That is another person’s DM with Research Desk: its watches are theirs alone. Run `/research watches` in your own DM with Research Desk to see yours.';
    case 'unseen':
      return 'I can’t see that channel: it may be private and I am not in it. Run the command in the channel itself, or invite me there with /invite @Research Desk.';
    case 'unverified':
      return `Slack would not tell me whether you are a member of that channel (${access.code}), so I can’t show or change its watches. Please try again in a minute, or run the command in the channel itself.`;
  }
}
