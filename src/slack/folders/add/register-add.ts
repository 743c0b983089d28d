/** Adding a file to a research folder: the modal's submission and the processing that follows (issue 31). */
import { ADD_DOCUMENT_MODAL } from '../../blocks/action-ids.js';
import type { RegisterSlice } from '../../kit/feature-hooks.js';
import { addModalSubmit } from './submit-add-modal.js';

export const registerAddDocuments: RegisterSlice = (app, deps, _hooks) => {
  app.view(ADD_DOCUMENT_MODAL.callbackId, addModalSubmit(deps));
};
