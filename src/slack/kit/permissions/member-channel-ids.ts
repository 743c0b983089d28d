/**
 * The channels a user is in, as users.conversations lists them: public channels, and private ones
 * the app is in too (a bot token sees no other). The one membership lookup: App Home filters the
 * watches it shows by it, and the watch commands fence private channels with it.
 * @see https://docs.slack.dev/reference/methods/users.conversations
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';

/** 200 a page, as Slack recommends; 5 pages cover 1,000 channels, more than a person is in. */
const PAGE_SIZE = 200;
const MAX_PAGES = 5;

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
    // Stryker disable next-line ArrayDeclaration: anything in place of [] has no id and is skipped
    for (const c of res.channels ?? []) if (c.id) ids.add(c.id);
    // Stryker disable next-line OptionalChaining: @slack/web-api sets response_metadata on every answer
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!cursor) return ids;
  }
  log.info('channel list of a user cut at its bound', { pages: MAX_PAGES, channels: ids.size });
  return ids;
}
