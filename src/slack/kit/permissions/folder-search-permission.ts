/**
 * Who may search a folder with `in:<id>`: the folder must have been created from Slack in the
 * searcher's workspace (the service key is shared, so a bare id could name any workspace's
 * folder), and the searcher must be its creator or a workspace admin: the rule of folder delete.
 * A user of another organisation (Slack Connect) never searches the workspace's folders.
 */
import type { WebClient } from '@slack/web-api';
import type { AppStores } from '../../../store/app-stores.js';
import { type SlackUserInfo, standingOf } from './document-access.js';
import { EXTERNAL_DATA_REFUSAL } from './external-user.js';

export type FolderSearchPermission = { allowed: true } | { allowed: false; folderId: string; reason: string };

export async function checkFolderSearchPermission(
  stores: Pick<AppStores, 'folders'>,
  client: WebClient,
  who: { teamId: string; userId: string; enterpriseId?: string },
  folderIds: readonly string[],
): Promise<FolderSearchPermission> {
  const [first] = folderIds;
  if (first === undefined) return { allowed: true };
  // One users.info answers both questions: whose organisation, and admin or not.
  const { user } = await client.users.info({ user: who.userId });
  // An admin counts only in their own workspace (users.info's team_id), as for folder delete.
  const standing = standingOf(who, user as SlackUserInfo | undefined);
  if (standing.external) return { allowed: false, folderId: first, reason: EXTERNAL_DATA_REFUSAL };
  for (const folderId of folderIds) {
    const record = await stores.folders.get(who.teamId, folderId);
    if (record === null) {
      return {
        allowed: false,
        folderId,
        reason: `Folder ${folderId} was not created from Slack in this workspace, so it cannot be searched from here. Check the id in the folder's card, or search without \`in:\`.`,
      };
    }
    if (record.createdBy === who.userId) continue;
    if (!standing.isAdmin) {
      return {
        allowed: false,
        folderId,
        reason: `Only the person who created folder "${record.name}" (${folderId}) or a workspace admin can search it.`,
      };
    }
  }
  return { allowed: true };
}
