/**
 * Opens the *Add to research folder* modal for the files of one message. The DM reply's button
 * and the message shortcut (src/slack/folders/entry/) call it with a fresh trigger. A user of
 * another organisation, a message without files or with too many gets a modal saying why.
 * @see https://docs.slack.dev/reference/methods/views.open
 */
import type { WebClient } from '@slack/web-api';
import type { ModalView } from '@slack/types';
import type { Logger } from '../../../observability/logger.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { checkExternalAccess } from '../../kit/permissions/external-access.js';
import { MAX_FILES_PER_ADD } from './add-request.js';
import type { FilesToAdd } from './files-to-add.js';
import { renderAddModal, renderAddRefusalModal } from './render-add-modal.js';
import { usableFolders } from './usable-folders.js';

export type { FilesToAdd };

export interface OpenAddModal {
  client: WebClient;
  triggerId: string;
  workspace: WorkspaceRef;
  log: Logger;
}

async function addModalView(deps: ListenerDeps, open: OpenAddModal, files: FilesToAdd): Promise<ModalView> {
  if (files.files.length === 0) return renderAddRefusalModal('This message has no files to add. Share a file, then add it.');
  if (files.files.length > MAX_FILES_PER_ADD) {
    return renderAddRefusalModal(
      `A message can add at most ${MAX_FILES_PER_ADD} files at once; this one has ${files.files.length}. Share them in smaller groups.`,
    );
  }
  const verdict = await checkExternalAccess(deps.stores, {
    client: open.client,
    workspace: open.workspace,
    userId: files.userId,
    log: open.log,
    workspaceData: true,
  });
  if (!verdict.allowed) return renderAddRefusalModal(verdict.reason);
  return renderAddModal(files, await usableFolders(deps.stores, open.client, { teamId: files.teamId, userId: files.userId }, open.log));
}

export async function openAddDocumentModal(deps: ListenerDeps, open: OpenAddModal, files: FilesToAdd): Promise<void> {
  const view = await addModalView(deps, open, files);
  try {
    await open.client.views.open({ trigger_id: open.triggerId, view });
  } catch (error) {
    const failure = toSlackCallError('views.open', error);
    open.log.warn('the add-to-folder modal could not be opened', { code: failure.code });
    throw failure;
  }
}
