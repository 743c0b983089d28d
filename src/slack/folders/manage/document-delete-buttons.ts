/**
 * Delete on one added file (folder card, App Home) → a confirmation → the service deletes the
 * document (`/v1/docs/delete`) and the workspace forgets its record. The permission is asked at
 * the click, at the confirmation and at Cancel (a click is a request of its own, and its value can
 * be forged: a doc id is looked up among this workspace's records only, so another's finds nothing).
 */
import { isServiceError } from '../../../service/errors/service-error.js';
import type { ButtonHandler, ButtonInteraction } from '../../kit/button-interaction.js';
import { homeTargetOf } from '../../kit/home-target.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { DOCUMENT_GONE, documentDeleteRefusal, renderDocumentDeleteConfirm } from './document-delete-card.js';
import { mayDeleteDocument } from './document-viewer.js';
import { folderCard } from './folder-view.js';
import { answerClick, clickedIds, clickViewer, expiredClick, type ManageHooks, refuseClick } from './manage-click.js';

/** The clicked document, if the clicker may delete it; otherwise answered and undefined. */
async function allowedDocument(hooks: ManageHooks, deps: ListenerDeps, click: ButtonInteraction, stage: string) {
  const { docId } = clickedIds(click.value);
  if (docId === undefined) return void (await expiredClick(hooks, deps, click));
  const viewer = await clickViewer(hooks, deps, click);
  if (!viewer) return undefined;
  const doc = await deps.stores.documents.get(viewer.teamId, docId);
  if (doc === null) return void (await refuseClick(hooks, deps, click, DOCUMENT_GONE, ':mag:'));
  const folder = await deps.stores.folders.get(viewer.teamId, doc.folderId);
  if (!mayDeleteDocument(viewer, doc, folder)) {
    click.log.info(`document delete refused ${stage}: not who added it, the folder's creator nor an admin`, { doc: docId });
    return void (await refuseClick(hooks, deps, click, documentDeleteRefusal(doc, folder)));
  }
  return { viewer, doc, folder } as const;
}

export function askDocumentDelete(hooks: ManageHooks): ButtonHandler {
  return async (deps, click) => {
    const allowed = await allowedDocument(hooks, deps, click, 'at the click');
    if (allowed) await answerClick(click, renderDocumentDeleteConfirm(allowed.doc, allowed.folder));
  };
}

export function confirmDocumentDelete(hooks: ManageHooks): ButtonHandler {
  return async (deps, click) => {
    const allowed = await allowedDocument(hooks, deps, click, 'at confirmation');
    if (!allowed) return;
    const { viewer, doc } = allowed;
    const service = await deps.workspaces.service(click.workspace);
    try {
      await service.deleteDocuments([doc.docId], { correlationId: click.correlationId });
    } catch (error) {
      // Already gone at the service: the record is all that is left to forget.
      if (!isServiceError(error) || error.kind !== 'not_found') throw error;
      click.log.info('document already gone at the service; forgetting its record', { doc: doc.docId });
    }
    await deps.stores.documents.remove(doc);
    click.log.info('document deleted', { doc: doc.docId, folder: doc.folderId });
    await answerClick(click, await folderCard(deps, viewer, doc.folderId, `Deleted ${doc.fileName}.`));
    await refreshHome(hooks, deps, click);
  };
}

export function cancelDocumentDelete(hooks: ManageHooks): ButtonHandler {
  return async (deps, click) => {
    // Asked like a delete: Cancel shows the folder's card again, which only those who may delete see from here.
    const allowed = await allowedDocument(hooks, deps, click, 'at cancel');
    if (allowed) await answerClick(click, await folderCard(deps, allowed.viewer, allowed.doc.folderId, `Kept ${allowed.doc.fileName}.`));
  };
}

/** App Home shows folders and files: after a delete it is published again (a failure only logs). */
async function refreshHome(hooks: ManageHooks, deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  if (click.teamId === undefined) return;
  await hooks.publishHome(deps, homeTargetOf({ ...click, teamId: click.teamId })).catch((error: unknown) => {
    click.log.warn('App Home not refreshed after a delete', { error });
  });
}
