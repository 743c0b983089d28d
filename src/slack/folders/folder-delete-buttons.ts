/**
 * The buttons of the folder-delete confirmation card. Confirm checks the permission again (the
 * click is a request of its own, and its value may be forged to name another workspace's folder),
 * deletes, forgets the records of the files added to it from Slack, and replaces the card with
 * the doc_ids the folder held; Cancel replaces it with a note that the folder was kept.
 * `confirmFolderDeleteWith(hooks)` also publishes the clicker's App Home again (it lists folders).
 */
import { decodeFolderButton } from '../kit/button-values.js';
import { renderNotice } from '../blocks/error-card.js';
import { renderFolderDeleteCancelled, renderFolderDeleted } from './folder-card.js';
import type { ButtonInteraction } from '../kit/button-interaction.js';
import { EXPIRED_BUTTON } from '../kit/button-replies.js';
import { respondReplacing } from '../kit/deliver-card.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { checkFolderDeletePermission, folderDeleteRefusal } from '../kit/permissions/folder-delete-permission.js';
import type { FeatureHooks } from '../kit/feature-hooks.js';
import { homeTargetOf } from '../kit/home-target.js';

function folderIdOf(click: ButtonInteraction): string | undefined {
  return decodeFolderButton(click.value)?.folderId;
}

export function confirmFolderDeleteWith(hooks: Pick<FeatureHooks, 'publishHome'>) {
  return async (deps: ListenerDeps, click: ButtonInteraction): Promise<void> => {
    const deleted = await confirmFolderDeleteAnswered(deps, click);
    if (!deleted || click.teamId === undefined) return;
    await hooks.publishHome(deps, homeTargetOf({ ...click, teamId: click.teamId })).catch((error: unknown) => {
      click.log.warn('App Home not refreshed after a folder delete', { error });
    });
  };
}

export async function confirmFolderDelete(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  await confirmFolderDeleteAnswered(deps, click);
}

/** True when the folder was deleted. */
async function confirmFolderDeleteAnswered(deps: ListenerDeps, click: ButtonInteraction): Promise<boolean> {
  const folderId = folderIdOf(click);
  if (folderId === undefined || click.teamId === undefined) {
    await respondReplacing(click.respond, renderNotice(EXPIRED_BUTTON));
    return false;
  }
  const permission = await checkFolderDeletePermission(deps.stores, click.client, { teamId: click.teamId, userId: click.userId }, folderId);
  if (!permission.allowed) {
    click.log.info('folder delete refused at confirmation', { folder: folderId });
    await respondReplacing(click.respond, renderNotice(folderDeleteRefusal(folderId, permission.record), ':no_entry:'));
    return false;
  }
  const service = await deps.workspaces.service(click.workspace);
  const deleted = await service.deleteFolder(folderId, { correlationId: click.correlationId });
  await deps.stores.folders.remove(click.teamId, folderId).catch((error: unknown) => {
    // The folder is gone from the service; a stale owner record only costs a little space.
    click.log.warn('folder deleted but its owner record was not removed', { folder: folderId, error: error });
  });
  await forgetFolderDocuments(deps, click, click.teamId, folderId);
  click.log.info('folder deleted', { folder: folderId, as: permission.as, docs: deleted.docIds.length });
  await respondReplacing(click.respond, renderFolderDeleted(deleted, permission.record.name));
  return true;
}

/** The service deleted the folder's documents with it: their records go too (a failure only logs). */
async function forgetFolderDocuments(deps: ListenerDeps, click: ButtonInteraction, teamId: string, folderId: string): Promise<void> {
  try {
    const docs = await deps.stores.documents.list(teamId, folderId);
    for (const doc of docs) await deps.stores.documents.remove(doc);
  } catch (error) {
    click.log.warn('folder deleted but its files’ records were not all removed', { folder: folderId, error });
  }
}

export async function cancelFolderDelete(_deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const folderId = folderIdOf(click);
  await respondReplacing(click.respond, folderId === undefined ? renderNotice(EXPIRED_BUTTON) : renderFolderDeleteCancelled(folderId));
}
