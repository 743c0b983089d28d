/** Adding a file to a research folder: the modal's submission and the processing that follows (issue 31). */
import type { RegisterSlice } from '../../kit/feature-hooks.js';

export const registerAddDocuments: RegisterSlice = (_app, _deps, _hooks) => {};
