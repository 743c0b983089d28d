/**
 * Who may delete a folder: its creator or an admin of the workspace that created it, as recorded
 * in the store when it was created from Slack (the record is kept under that workspace's team id).
 * The service account may be shared (every workspace of an Enterprise Grid org uses the org's),
 * so the service knows folders of other workspaces and folders made outside Research Desk: a
 * folder with no record in this workspace cannot be deleted from Slack by anyone, admins included.
 * Asked twice: when the delete is requested and again when it is confirmed, since the click is a
 * request of its own (and its button value can be forged).
 * @see https://docs.slack.dev/reference/methods/users.info
 */
import type { WebClient } from '@slack/web-api';
import type { AppStores } from '../../../store/app-stores.js';
import type { FolderRecord } from '../../../store/records.js';
import { isAdminOrOwner, type SlackUserInfo, standingOf } from './document-access.js';

export type FolderDeletePermission =
  | { allowed: true; as: 'creator' | 'admin'; record: FolderRecord }
  | { allowed: false; record: FolderRecord | null };

export async function isWorkspaceAdmin(client: WebClient, userId: string): Promise<boolean> {
  const { user } = await client.users.info({ user: userId });
  return isAdminOrOwner(user as SlackUserInfo | undefined);
}

/**
 * An admin or owner of `teamId` itself: users.info names the user's own workspace (`team_id`), so
 * an admin of another workspace of the org, or of another organisation in a Slack Connect
 * channel, is not one here.
 */
async function isAdminOf(client: WebClient, userId: string, teamId: string): Promise<boolean> {
  const { user } = await client.users.info({ user: userId });
  return standingOf({ teamId }, user as SlackUserInfo | undefined).isAdmin;
}

export async function checkFolderDeletePermission(
  stores: Pick<AppStores, 'folders'>,
  client: WebClient,
  who: { teamId: string; userId: string },
  folderId: string,
): Promise<FolderDeletePermission> {
  const record = await stores.folders.get(who.teamId, folderId);
  if (record === null) return { allowed: false, record };
  if (record.createdBy === who.userId) return { allowed: true, as: 'creator', record };
  if (await isAdminOf(client, who.userId, record.teamId)) return { allowed: true, as: 'admin', record };
  return { allowed: false, record };
}

/** Why the delete was refused, in plain text (the notice card escapes it). */
export function folderDeleteRefusal(folderId: string, record: FolderRecord | null): string {
  return record === null
    ? `Folder ${folderId} has no owner recorded in this workspace: it was made outside Research Desk, before Research Desk recorded who creates folders, or from another workspace sharing this research-service account. Research Desk cannot tell whose it is, so it does not delete it from Slack: delete it in the research service, or check the id in the card you got when you created the folder.`
    : `Only the person who created folder "${record.name}" (${folderId}) or an admin of this workspace can delete it.`;
}
