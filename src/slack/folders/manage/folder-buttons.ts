/**
 * Open on a folder (App Home, the folder list): its card, in the DM with the app for a click on
 * Home; Delete folder on App Home: the folder-delete confirmation there (its buttons are the
 * folders slice's folder-delete-buttons.ts, which asks the permission again).
 */
import { renderNotice } from '../../blocks/error-card.js';
import type { ButtonInteraction } from '../../kit/button-interaction.js';
import { EXPIRED_BUTTON } from '../../kit/button-replies.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { folderDeleteRefusal } from '../../kit/permissions/folder-delete-permission.js';
import { renderFolderDeleteConfirm } from '../folder-card.js';
import { mayDeleteFolder } from './document-viewer.js';
import { folderCard } from './folder-view.js';
import { answerClick, clickedIds, clickViewer } from './manage-click.js';

export async function openFolder(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const { folderId } = clickedIds(click.value);
  if (folderId === undefined) return answerClick(click, renderNotice(EXPIRED_BUTTON), 'new');
  const viewer = await clickViewer(click);
  if (viewer) await answerClick(click, await folderCard(deps, viewer, folderId), 'new');
}

export async function askFolderDelete(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const { folderId } = clickedIds(click.value);
  if (folderId === undefined) return answerClick(click, renderNotice(EXPIRED_BUTTON), 'new');
  const viewer = await clickViewer(click);
  if (!viewer) return;
  const folder = await deps.stores.folders.get(viewer.teamId, folderId);
  if (folder === null || !mayDeleteFolder(viewer, folder)) {
    click.log.info('folder delete refused at the click: no record here, or not its creator nor an admin', { folder: folderId });
    return answerClick(click, renderNotice(folderDeleteRefusal(folderId, folder), ':no_entry:'), 'new');
  }
  await answerClick(click, renderFolderDeleteConfirm(folderId, folder.name), 'new');
}
