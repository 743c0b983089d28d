/**
 * The buttons of the folder-delete confirmation card. Confirm checks the permission again (the
 * click is a request of its own, and its value may be forged to name another workspace's folder),
 * deletes, and replaces the card with the doc_ids the folder held; Cancel replaces it with a note
 * that the folder was kept.
 */
import { decodeFolderButton } from '../kit/button-values.js';
import { renderNotice } from '../blocks/error-card.js';
import { renderFolderDeleteCancelled, renderFolderDeleted } from './folder-card.js';
import type { ButtonInteraction } from '../kit/button-interaction.js';
import { EXPIRED_BUTTON } from '../kit/button-replies.js';
import { respondReplacing } from '../kit/deliver-card.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { checkFolderDeletePermission, folderDeleteRefusal } from '../kit/permissions/folder-delete-permission.js';

function folderIdOf(click: ButtonInteraction): string | undefined {
  return decodeFolderButton(click.value)?.folderId;
}

export async function confirmFolderDelete(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const folderId = folderIdOf(click);
  if (folderId === undefined || click.teamId === undefined) return respondReplacing(click.respond, renderNotice(EXPIRED_BUTTON));
  const permission = await checkFolderDeletePermission(deps.stores, click.client, { teamId: click.teamId, userId: click.userId }, folderId);
  if (!permission.allowed) {
    click.log.info('folder delete refused at confirmation', { folder: folderId });
    return respondReplacing(click.respond, renderNotice(folderDeleteRefusal(folderId, permission.record), ':no_entry:'));
  }
  const service = await deps.workspaces.service(click.workspace);
  const deleted = await service.deleteFolder(folderId, { correlationId: click.correlationId });
  await deps.stores.folders.remove(click.teamId, folderId).catch((error: unknown) => {
    // The folder is gone from the service; a stale owner record only costs a little space.
    click.log.warn('folder deleted but its owner record was not removed', { folder: folderId, error: error });
  });
  click.log.info('folder deleted', { folder: folderId, as: permission.as, docs: deleted.docIds.length });
  await respondReplacing(click.respond, renderFolderDeleted(deleted, permission.record.name));
}

export async function cancelFolderDelete(_deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const folderId = folderIdOf(click);
  await respondReplacing(click.respond, folderId === undefined ? renderNotice(EXPIRED_BUTTON) : renderFolderDeleteCancelled(folderId));
}
