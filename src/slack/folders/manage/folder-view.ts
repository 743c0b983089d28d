/**
 * The folder card and the folder list as one viewer may see them, read from the workspace's own
 * records: what `/research folder`, `/research folders`, Open and a delete's refreshed card show.
 */
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { FolderRecord } from '../../../store/records.js';
import { renderNotice } from '../../blocks/error-card.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { type DocumentViewer, mayDeleteDocument, seesFolder, seesWholeFolder, visibleFiles } from './document-viewer.js';
import { renderFolderFilesCard, renderFolderList } from './folder-files-card.js';

export function folderNotFound(folderId: string): string {
  return `Folder ${folderId} was not created from Slack in this workspace (or it was deleted). /research folders lists the folders here.`;
}

export function folderNotYours(folder: FolderRecord): string {
  return `Only the person who created folder "${folder.name}", the people who added files to it and workspace admins can open it.`;
}

export async function folderCard(
  deps: Pick<ListenerDeps, 'stores'>,
  viewer: DocumentViewer,
  folderId: string,
  notice?: string,
): Promise<SlackMessage> {
  const folder = await deps.stores.folders.get(viewer.teamId, folderId);
  if (folder === null) return renderNotice(notice ? `${notice} ${folderNotFound(folderId)}` : folderNotFound(folderId), ':mag:');
  const docs = visibleFiles(viewer, folder, await deps.stores.documents.list(viewer.teamId, folder.folderId));
  if (!seesWholeFolder(viewer, folder) && docs.length === 0)
    return notice ? renderNotice(notice, ':wastebasket:') : renderNotice(folderNotYours(folder), ':no_entry:');
  return renderFolderFilesCard({
    folder,
    docs,
    ownFilesOnly: !seesWholeFolder(viewer, folder),
    mayDelete: (doc) => mayDeleteDocument(viewer, doc, folder),
    ...(notice ? { notice } : {}),
  });
}

/** The workspace's folders this viewer sees, newest first, each with the files they see in it. */
export async function visibleFolders(deps: Pick<ListenerDeps, 'stores'>, viewer: DocumentViewer) {
  const [folders, docs] = await Promise.all([deps.stores.folders.list(viewer.teamId), deps.stores.documents.list(viewer.teamId)]);
  return folders
    .filter((f) => f.teamId === viewer.teamId && seesFolder(viewer, f, docs))
    .sort((a, b) => b.createdAtMs - a.createdAtMs)
    .map((folder) => ({ folder, docs: visibleFiles(viewer, folder, docs) }));
}

export async function folderListCard(deps: Pick<ListenerDeps, 'stores'>, viewer: DocumentViewer): Promise<SlackMessage> {
  return renderFolderList(await visibleFolders(deps, viewer));
}
