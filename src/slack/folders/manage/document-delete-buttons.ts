/**
 * Delete on one added file (folder card, App Home) → a confirmation → the service deletes the
 * document (`/v1/docs/delete`) and the workspace forgets its record. The permission is asked at
 * the click and again at the confirmation (a click is a request of its own, and its value can be
 * forged: a doc id is looked up among this workspace's records only, so another's finds nothing).
 */
import { isServiceError } from '../../../service/errors/service-error.js';
import { renderNotice } from '../../blocks/error-card.js';
import type { ButtonInteraction } from '../../kit/button-interaction.js';
import { EXPIRED_BUTTON } from '../../kit/button-replies.js';
import type { FeatureHooks } from '../../kit/feature-hooks.js';
import { homeTargetOf } from '../../kit/home-target.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { DOCUMENT_GONE, documentDeleteRefusal, renderDocumentDeleteConfirm } from './document-delete-card.js';
import { mayDeleteDocument } from './document-viewer.js';
import { folderCard } from './folder-view.js';
import { answerClick, clickedIds, clickViewer } from './manage-click.js';

/** The clicked document, if the clicker may delete it; otherwise answered and undefined. */
async function allowedDocument(deps: ListenerDeps, click: ButtonInteraction, stage: string) {
  const { docId } = clickedIds(click.value);
  if (docId === undefined) return void (await answerClick(click, renderNotice(EXPIRED_BUTTON)));
  const viewer = await clickViewer(click);
  if (!viewer) return undefined;
  const doc = await deps.stores.documents.get(viewer.teamId, docId);
  if (doc === null) return void (await answerClick(click, renderNotice(DOCUMENT_GONE, ':mag:')));
  const folder = await deps.stores.folders.get(viewer.teamId, doc.folderId);
  if (!mayDeleteDocument(viewer, doc, folder)) {
    click.log.info(`document delete refused ${stage}: not who added it, the folder's creator nor an admin`, { doc: docId });
    return void (await answerClick(click, renderNotice(documentDeleteRefusal(doc, folder), ':no_entry:'), 'new'));
  }
  return { viewer, doc, folder } as const;
}

export async function askDocumentDelete(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const allowed = await allowedDocument(deps, click, 'at the click');
  if (allowed) await answerClick(click, renderDocumentDeleteConfirm(allowed.doc, allowed.folder));
}

export function confirmDocumentDelete(hooks: Pick<FeatureHooks, 'publishHome'>) {
  return async (deps: ListenerDeps, click: ButtonInteraction): Promise<void> => {
    const allowed = await allowedDocument(deps, click, 'at confirmation');
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

export async function cancelDocumentDelete(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const { docId } = clickedIds(click.value);
  const viewer = docId === undefined ? undefined : await clickViewer(click);
  if (docId === undefined || !viewer) return docId === undefined ? answerClick(click, renderNotice(EXPIRED_BUTTON)) : undefined;
  const doc = await deps.stores.documents.get(viewer.teamId, docId);
  if (doc === null) return answerClick(click, renderNotice(DOCUMENT_GONE, ':mag:'));
  await answerClick(click, await folderCard(deps, viewer, doc.folderId, `Kept ${doc.fileName}.`));
}

/** App Home shows folders and files: after a delete it is published again (a failure only logs). */
export async function refreshHome(hooks: Pick<FeatureHooks, 'publishHome'>, deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  if (click.teamId === undefined) return;
  await hooks.publishHome(deps, homeTargetOf({ ...click, teamId: click.teamId })).catch((error: unknown) => {
    click.log.warn('App Home not refreshed after a delete', { error });
  });
}
