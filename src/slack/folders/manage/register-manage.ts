/** A folder's files and their status; deleting a file or a folder (issue 31): the buttons. */
import { ACTION_IDS, actionIdPattern } from '../../blocks/action-ids.js';
import { buttonListener, type ButtonClick } from '../../kit/button-interaction.js';
import type { RegisterSlice } from '../../kit/feature-hooks.js';
import { askDocumentDelete, cancelDocumentDelete, confirmDocumentDelete } from './document-delete-buttons.js';
import { askFolderDelete, openFolder } from './folder-buttons.js';

export const registerManageDocuments: RegisterSlice = (app, deps, hooks) => {
  const buttons = [
    { id: ACTION_IDS.documentDelete, handler: askDocumentDelete(hooks), action: 'deleting the file' },
    { id: ACTION_IDS.documentDeleteConfirm, handler: confirmDocumentDelete(hooks), action: 'deleting the file' },
    { id: ACTION_IDS.documentDeleteCancel, handler: cancelDocumentDelete(hooks), action: 'keeping the file' },
    { id: ACTION_IDS.folderOpen, handler: openFolder(hooks), action: 'opening the folder' },
    { id: ACTION_IDS.folderDelete, handler: askFolderDelete(hooks), action: 'deleting the folder' },
  ] as const;
  for (const b of buttons) app.action<ButtonClick>(actionIdPattern(b.id), buttonListener(deps, b.handler, { action: b.action }));
};
