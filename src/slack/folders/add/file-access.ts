/**
 * Whether the person adding a file may see it, from files.info's answer: they shared it, or it is
 * shared in the conversation they add it from and they can read that conversation (a public
 * channel of the workspace, or a private one, a group DM or their own DM with the app that they
 * are in). The conversation comes from the modal's metadata, which a submission could forge, so
 * it is checked, never taken on trust. Anything Slack cannot confirm is a no: nothing is fetched.
 * @see https://docs.slack.dev/reference/objects/file-object
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { checkChannelAccess } from '../../kit/permissions/channel-access.js';
import type { SlackFileInfo } from './fetch-slack-file.js';

export const FILE_NOT_YOURS = 'You can add only files you shared or that are shared in a conversation you are in.';

/** The conversations files.info says the file is shared in. */
export function conversationsOf(info: SlackFileInfo): Set<string> {
  return new Set([
    ...(info.channels ?? []),
    ...(info.groups ?? []),
    ...(info.ims ?? []),
    ...Object.keys(info.shares?.public ?? {}),
    ...Object.keys(info.shares?.private ?? {}),
  ]);
}

export async function maySeeFile(
  client: WebClient,
  info: SlackFileInfo,
  who: { userId: string; channelId: string },
  log: Logger,
): Promise<boolean> {
  if (info.user === who.userId) return true;
  if (!conversationsOf(info).has(who.channelId)) return false;
  const access = await checkChannelAccess({ client, userId: who.userId, channelId: who.channelId, log });
  return access.allowed;
}
