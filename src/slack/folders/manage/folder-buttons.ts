/**
 * Open on a folder (App Home, the folder list): its card — in the DM with the app for a click on
 * Home. Delete folder on App Home: the folder-delete confirmation there (its buttons are the
 * folders slice's folder-delete-buttons.ts, which asks the permission again).
 */
import type { ButtonHandler } from '../../kit/button-interaction.js';
import { folderDeleteRefusal } from '../../kit/permissions/folder-delete-permission.js';
import { renderFolderDeleteConfirm } from '../folder-card.js';
import { mayDeleteFolder, seesFolder } from './document-viewer.js';
import { folderCard, folderNotFound, folderNotYours } from './folder-view.js';
import { answerClick, clickedIds, clickViewer, expiredClick, type ManageHooks, refuseClick } from './manage-click.js';

export function openFolder(hooks: ManageHooks): ButtonHandler {
  return async (deps, click) => {
    const { folderId } = clickedIds(click.value);
    if (folderId === undefined) return expiredClick(hooks, deps, click);
    const viewer = await clickViewer(hooks, deps, click);
    if (!viewer) return;
    const folder = await deps.stores.folders.get(viewer.teamId, folderId);
    if (folder === null) return refuseClick(hooks, deps, click, folderNotFound(folderId), ':mag:');
    if (!seesFolder(viewer, folder, await deps.stores.documents.list(viewer.teamId, folderId)))
      return refuseClick(hooks, deps, click, folderNotYours(folder));
    await answerClick(click, await folderCard(deps, viewer, folderId), 'new');
  };
}

export function askFolderDelete(hooks: ManageHooks): ButtonHandler {
  return async (deps, click) => {
    const { folderId } = clickedIds(click.value);
    if (folderId === undefined) return expiredClick(hooks, deps, click);
    const viewer = await clickViewer(hooks, deps, click);
    if (!viewer) return;
    const folder = await deps.stores.folders.get(viewer.teamId, folderId);
    if (folder === null || !mayDeleteFolder(viewer, folder)) {
      click.log.info('folder delete refused at the click: no record here, or not its creator nor an admin', { folder: folderId });
      return refuseClick(hooks, deps, click, folderDeleteRefusal(folderId, folder));
    }
    await answerClick(click, renderFolderDeleteConfirm(folderId, folder.name), 'new');
  };
}
