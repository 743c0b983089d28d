/** Research folders: `/research folder create|delete` (through the research slice's hooks) and the delete confirmation. */
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { buttonListener, type ButtonClick } from '../kit/button-interaction.js';
import type { FeatureHooks, RegisterSlice } from '../kit/feature-hooks.js';
import { cancelFolderDelete, confirmFolderDelete } from './folder-delete-buttons.js';
import { handleFolderCreate, handleFolderDelete } from './folders-and-tags.js';

export const registerFolders: RegisterSlice = (app, deps) => {
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.folderDeleteConfirm),
    buttonListener(deps, confirmFolderDelete, { action: 'deleting the folder' }),
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
} satisfies Pick<FeatureHooks['research'], 'folderCreate' | 'folderDelete'>;
