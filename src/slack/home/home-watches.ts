/**
 * The watches App Home shows a user: their own (their DM's and the ones they added to channels),
 * and the others' watches in the channels they are in (users.conversations: public channels, and
 * private ones the app is in too), with Remove only where the user may remove (watch-permission.ts:
 * the person who added it or a workspace admin). The channel lookup is bounded (MAX_PAGES pages of
 * PAGE_SIZE) and made only when some channel has another person's watch; when it fails, Home shows
 * the user's own watches and logs why.
 * @see https://docs.slack.dev/reference/methods/users.conversations
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../observability/logger.js';
import { toSlackCallError } from '../../slack-api/slack-call-error.js';
import type { WatchRecord } from '../../store/records.js';
import { isWorkspaceAdmin } from '../kit/permissions/folder-delete-permission.js';

/** 200 a page, as Slack recommends; 5 pages cover 1,000 channels, more than a person is in. */
const PAGE_SIZE = 200;
const MAX_PAGES = 5;

export interface HomeWatches {
  own: WatchRecord[];
  inChannels: { watches: WatchRecord[]; removable: boolean };
}

/** The ids of the channels `userId` is in, up to MAX_PAGES pages. */
export async function memberChannelIds(client: WebClient, userId: string, log: Logger): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const res = await client.users.conversations({
      user: userId,
      // Private channels need groups:read (manifest.yml); a bot sees only those it is in, where its watches post.
      types: 'public_channel,private_channel',
      exclude_archived: true,
      limit: PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
    for (const c of res.channels ?? []) if (c.id) ids.add(c.id);
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!cursor) return ids;
  }
  log.info('App Home: channel list cut at its bound', { pages: MAX_PAGES, channels: ids.size });
  return ids;
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
