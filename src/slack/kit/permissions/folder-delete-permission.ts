/**
 * Who may delete a folder: the person who created it (as recorded in the store when it was
 * created from Slack) or a workspace admin or owner (users.info). Asked twice: when the delete
 * is requested and again when it is confirmed, since the click is a request of its own.
 * @see https://docs.slack.dev/reference/methods/users.info
 */
import type { WebClient } from '@slack/web-api';
import type { AppStores } from '../../../store/app-stores.js';
import type { FolderRecord } from '../../../store/records.js';

export type FolderDeletePermission =
  | { allowed: true; as: 'creator' | 'admin'; record: FolderRecord | null }
  | { allowed: false; record: FolderRecord | null };

export async function isWorkspaceAdmin(client: WebClient, userId: string): Promise<boolean> {
  const res = await client.users.info({ user: userId });
  return res.user?.is_admin === true || res.user?.is_owner === true || res.user?.is_primary_owner === true;
}

export async function checkFolderDeletePermission(
  stores: Pick<AppStores, 'folders'>,
  client: WebClient,
  who: { teamId: string; userId: string },
  folderId: string,
): Promise<FolderDeletePermission> {
  const record = await stores.folders.get(who.teamId, folderId);
  if (record !== null && record.createdBy === who.userId) return { allowed: true, as: 'creator', record };
  if (await isWorkspaceAdmin(client, who.userId)) return { allowed: true, as: 'admin', record };
  return { allowed: false, record };
}

/** Why the delete was refused, in plain text (the notice card escapes it). */
export function folderDeleteRefusal(folderId: string, record: FolderRecord | null): string {
  return record === null
    ? `Folder ${folderId} was not created from Slack by you, so only a workspace admin can delete it.`
    : `Only the person who created folder "${record.name}" (${folderId}) or a workspace admin can delete it.`;
}
