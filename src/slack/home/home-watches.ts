/**
 * The watches App Home shows a user: their own (their DM's and the ones they added to channels),
 * and the others' watches in the channels they are in (users.conversations: public channels, and
 * private ones the app is in too), with Remove only where the user may remove (watch-permission.ts:
 * the person who added it or a workspace admin). The channel lookup is bounded (MAX_PAGES pages of
 * PAGE_SIZE) and made only when some channel has another person's watch; when it fails, Home shows
 * the user's own watches and logs why. The lookup is kit/permissions/member-channel-ids.ts.
 * @see https://docs.slack.dev/reference/methods/users.conversations
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../observability/logger.js';
import { toSlackCallError } from '../../slack-api/slack-call-error.js';
import type { WatchRecord } from '../../store/records.js';
import { isWorkspaceAdmin } from '../kit/permissions/folder-delete-permission.js';
import { memberChannelIds } from '../kit/permissions/member-channel-ids.js';

export interface HomeWatches {
  own: WatchRecord[];
  inChannels: { watches: WatchRecord[]; removable: boolean };
}

export async function homeWatches(client: WebClient, userId: string, all: WatchRecord[], log: Logger): Promise<HomeWatches> {
  const own = all.filter((w) => w.createdBy === userId);
  // A DM watch is its owner's alone; only channel watches are shown to the channel's members.
  const others = all.filter((w) => w.scope === 'channel' && w.createdBy !== userId);
  if (others.length === 0) return { own, inChannels: { watches: [], removable: false } };
  let channels: Set<string>;
  try {
    channels = await memberChannelIds(client, userId, log);
  } catch (error) {
    log.warn('App Home: channels of the user unavailable; showing their own watches only', {
      slack_error: toSlackCallError('users.conversations', error).code,
    });
    return { own, inChannels: { watches: [], removable: false } };
  }
  const watches = others.filter((w) => channels.has(w.channelId));
  if (watches.length === 0) return { own, inChannels: { watches, removable: false } };
  // mayRemoveWatch's rule for a channel watch someone else added: an admin may; asked once for all.
  const removable = await isWorkspaceAdmin(client, userId).catch((error: unknown) => {
    log.warn('App Home: admin check failed; no Remove on others’ watches', { slack_error: toSlackCallError('users.info', error).code });
    return false;
  });
  return { own, inChannels: { watches, removable } };
}
