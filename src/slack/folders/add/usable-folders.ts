/**
 * The folders a person may add files to: those they may search (folder-search-permission.ts) —
 * the ones they created, or every folder of the workspace for its admins and owners (an admin
 * counts only in their own workspace). The modal lists only these, and a submission naming
 * another is refused. When Slack cannot say who the user is, they get their own folders only.
 * @see https://docs.slack.dev/reference/methods/users.info
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import type { AppStores } from '../../../store/app-stores.js';
import type { FolderRecord } from '../../../store/records.js';

async function isWorkspaceAdmin(client: WebClient, who: { teamId: string; userId: string }, log: Logger): Promise<boolean> {
  try {
    const { user } = await client.users.info({ user: who.userId });
    const ownWorkspace = user?.team_id === undefined || user.team_id === who.teamId;
    return ownWorkspace && (user?.is_admin === true || user?.is_owner === true || user?.is_primary_owner === true);
  } catch (error) {
    log.warn('users.info failed; only the user’s own folders are offered', { code: toSlackCallError('users.info', error).code });
    return false;
  }
}

export async function usableFolders(
  stores: Pick<AppStores, 'folders'>,
  client: WebClient,
  who: { teamId: string; userId: string },
  log: Logger,
): Promise<FolderRecord[]> {
  const folders = await stores.folders.list(who.teamId);
  if (folders.every((f) => f.createdBy === who.userId)) return folders;
  return (await isWorkspaceAdmin(client, who, log)) ? folders : folders.filter((f) => f.createdBy === who.userId);
}
