/** Research folders: `/research folder create|delete` (through the research slice's hooks) and the delete confirmation. */
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { buttonListener, type ButtonClick } from '../kit/button-interaction.js';
import type { FeatureHooks, RegisterSlice } from '../kit/feature-hooks.js';
import { cancelFolderDelete, confirmFolderDeleteWith } from './folder-delete-buttons.js';
import { handleFolderCreate, handleFolderDelete } from './folders-and-tags.js';
import { registerAddDocuments } from './add/register-add.js';
import { registerDocumentEntry } from './entry/register-entry.js';
import { registerManageDocuments } from './manage/register-manage.js';
import { homeDocumentsSection } from './manage/home-documents.js';
import { handleFolderShow } from './manage/show-folder.js';

export const registerFolders: RegisterSlice = (app, deps, hooks) => {
  registerDocumentEntry(app, deps, hooks);
  registerAddDocuments(app, deps, hooks);
  registerManageDocuments(app, deps, hooks);
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.folderDeleteConfirm),
    buttonListener(deps, confirmFolderDeleteWith(hooks), { action: 'deleting the folder' }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.folderDeleteCancel),
    buttonListener(deps, cancelFolderDelete, { action: 'cancelling the folder deletion' }),
  );
};

/** The `/research` subcommands this slice answers. */
export const folderHooks = {
  folderCreate: handleFolderCreate,
  folderDelete: handleFolderDelete,
  folderShow: handleFolderShow,
} satisfies Pick<FeatureHooks['research'], 'folderCreate' | 'folderDelete' | 'folderShow'>;

/** App Home's research-folders section. */
export const folderHomeHooks = { homeDocuments: homeDocumentsSection } satisfies Pick<FeatureHooks, 'homeDocuments'>;
