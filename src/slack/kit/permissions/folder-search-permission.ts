/**
 * Who may search a folder with `in:<id>`: the folder must have been created from Slack in the
 * searcher's workspace (the service key is shared, so a bare id could name any workspace's
 * folder), and the searcher must be its creator or a workspace admin: the rule of folder delete.
 */
import type { WebClient } from '@slack/web-api';
import type { AppStores } from '../../../store/app-stores.js';
import { isWorkspaceAdmin } from './folder-delete-permission.js';

export type FolderSearchPermission = { allowed: true } | { allowed: false; folderId: string; reason: string };

export async function checkFolderSearchPermission(
  stores: Pick<AppStores, 'folders'>,
  client: WebClient,
  who: { teamId: string; userId: string },
  folderIds: readonly string[],
): Promise<FolderSearchPermission> {
  let admin: boolean | undefined;
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
    admin ??= await isWorkspaceAdmin(client, who.userId);
    if (!admin) {
      return {
        allowed: false,
        folderId,
        reason: `Only the person who created folder "${record.name}" (${folderId}) or a workspace admin can search it.`,
      };
    }
  }
  return { allowed: true };
}
