/**
 * Who may search a folder with `in:<id>`: the folder must have been created from Slack in the
 * searcher's workspace (the service key is shared, so a bare id could name any workspace's
 * folder), and the searcher must be its creator or a workspace admin: the rule of folder delete.
 * A user of another organisation (Slack Connect) never searches the workspace's folders.
 */
import type { WebClient } from '@slack/web-api';
import type { AppStores } from '../../../store/app-stores.js';
import { EXTERNAL_DATA_REFUSAL, isExternalUser } from './external-user.js';

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
  const info = user as { team_id?: string; is_stranger?: boolean; enterprise_user?: { enterprise_id?: string } } | undefined;
  const enterpriseId = info?.enterprise_user?.enterprise_id;
  const origin = {
    teamId: info?.team_id ?? who.teamId,
    ...(enterpriseId ? { enterpriseId } : {}),
    ...(info?.is_stranger ? { stranger: true } : {}),
  };
  if (isExternalUser({ teamId: who.teamId, ...(who.enterpriseId ? { enterpriseId: who.enterpriseId } : {}) }, origin)) {
    return { allowed: false, folderId: first, reason: EXTERNAL_DATA_REFUSAL };
  }
  // An admin counts only in their own workspace (users.info's team_id), as for folder delete.
  const ownWorkspace = info?.team_id === undefined || info.team_id === who.teamId;
  const admin = ownWorkspace && (user?.is_admin === true || user?.is_owner === true || user?.is_primary_owner === true);
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
