/**
 * Who looks at research folders and their files, and what they may do (issue 31), as one rule for
 * the folder card, App Home and the deletes:
 *
 * - A user of another organisation (Slack Connect) sees and changes nothing of the workspace's.
 * - A folder is seen by its creator and the workspace's admins (who may search it, as `in:` says:
 *   src/slack/kit/permissions/folder-search-permission.ts), and by whoever added a file to it,
 *   who sees only their own files there.
 * - A file is deleted by whoever added it, the folder's creator or a workspace admin; a folder by
 *   its creator or an admin (src/slack/kit/permissions/folder-delete-permission.ts).
 *
 * Records are kept per workspace: a folder or file of another workspace is never found, so never
 * shown nor deleted, whatever a forged button names.
 * @see https://docs.slack.dev/reference/methods/users.info
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { FolderRecord, ResearchDocumentRecord } from '../../../store/records.js';
import { type SlackUserInfo, standingOf } from '../../kit/permissions/document-access.js';
import { EXTERNAL_DATA_REFUSAL, type InstallingTeam } from '../../kit/permissions/external-user.js';

export interface DocumentViewer {
  teamId: string;
  userId: string;
  /** An admin or owner of this workspace (not of another workspace of the org, nor another organisation). */
  isAdmin: boolean;
}

export type ViewerVerdict = { allowed: true; viewer: DocumentViewer } | { allowed: false; reason: string };

/** One users.info: whose organisation, and admin or not (the one rule: document-access.ts). Fails closed when Slack cannot say. */
export async function documentViewerOf(client: WebClient, installing: InstallingTeam, userId: string, log: Logger): Promise<ViewerVerdict> {
  let user: SlackUserInfo | undefined;
  try {
    user = (await client.users.info({ user: userId })).user as SlackUserInfo | undefined;
  } catch (error) {
    log.warn('users.info failed; research folders are not shown', { error });
    return { allowed: false, reason: EXTERNAL_DATA_REFUSAL };
  }
  const standing = standingOf(installing, user);
  if (standing.external) return { allowed: false, reason: EXTERNAL_DATA_REFUSAL };
  return { allowed: true, viewer: { teamId: installing.teamId, userId, isAdmin: standing.isAdmin } };
}

/** Sees every file of the folder (and may search it). */
export const seesWholeFolder = (viewer: DocumentViewer, folder: FolderRecord): boolean =>
  folder.teamId === viewer.teamId && (viewer.isAdmin || folder.createdBy === viewer.userId);

/** The folder's files this viewer sees: all of them, or only their own. */
export function visibleFiles(
  viewer: DocumentViewer,
  folder: FolderRecord,
  docs: readonly ResearchDocumentRecord[],
): ResearchDocumentRecord[] {
  const inFolder = docs.filter((d) => d.teamId === viewer.teamId && d.folderId === folder.folderId);
  return seesWholeFolder(viewer, folder) ? inFolder : inFolder.filter((d) => d.addedBy === viewer.userId);
}

/** Whether the viewer sees the folder at all (whole, or their own files in it). */
export const seesFolder = (viewer: DocumentViewer, folder: FolderRecord, docs: readonly ResearchDocumentRecord[]): boolean =>
  seesWholeFolder(viewer, folder) || visibleFiles(viewer, folder, docs).length > 0;

export const mayDeleteFolder = (viewer: DocumentViewer, folder: FolderRecord): boolean => seesWholeFolder(viewer, folder);

export function mayDeleteDocument(viewer: DocumentViewer, doc: ResearchDocumentRecord, folder: FolderRecord | null): boolean {
  if (doc.teamId !== viewer.teamId) return false;
  return doc.addedBy === viewer.userId || viewer.isAdmin || (folder !== null && folder.createdBy === viewer.userId);
}
